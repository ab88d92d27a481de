/** Durable files: atomic writes, cross-process locks and JSON files that never lose an update. */
export { StoreError, STORE_ERROR_CODES, type StoreErrorCode } from './store-error.js';
export { writeFileAtomic, type WriteFileAtomicOptions } from './write-file-atomic.js';
export { atomicTempPath, atomicTempOwner, sweepDeadWritersFiles } from './temp-files.js';
export { unlinkQuietly } from './unlink-quietly.js';
export { FileLock, withFileLock, withFileLockSync, type FileLockOptions, type FileLockHandle } from './file-lock.js';
export { isProcessAlive, type LockHolder } from './lock-record.js';
export { quarantineCorruptFile, type CorruptFileDiagnostic } from './corrupt-file.js';
export {
  JsonFileStore,
  type JsonFileStoreOptions,
  type JsonFileSnapshot,
  type JsonUpdateResult,
  type JsonMutator,
  type AsyncJsonMutator,
} from './json-file-store.js';
export { FORMAT_FIELD, formatOf, isNewerFormat, newerFormatError, refuseNewerFormat } from './file-format.js';
