/** Per-extension key/value storage: a private scope and one scope per project, size-limited, atomic. */
export { ExtensionStorage } from './extension-storage.js';
export type { ExtensionStorageOptions } from './extension-storage.js';
export { StorageScope } from './storage-scope.js';
export type { StorageGetResult, StorageScopeOptions, StorageUsage } from './storage-scope.js';
export { DEFAULT_STORAGE_LIMITS, resolveStorageLimits } from './storage-limits.js';
export type { StorageLimits } from './storage-limits.js';
export { keyFileName, parseKeyFileName, storageKeyProblem, MAX_STORAGE_KEY_LENGTH } from './storage-key.js';
