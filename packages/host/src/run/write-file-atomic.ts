import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tempFileName } from './reserved-state-names.js';

/**
 * Writes `data` to `file` atomically: a reader sees the old content or the new one, never a part.
 * The data goes to `<file>.<pid>-<hex>.tmp` in the same folder (created exclusively, `mode`, default
 * 0600), which is then renamed over `file`. On failure the temp file is removed and the error rethrown.
 * Synchronous; does not fsync (these files are short-lived, not durable records).
 */
export function writeFileAtomicSync(file: string, data: string, mode = 0o600): void {
  const temp = path.join(path.dirname(file), tempFileName(path.basename(file), process.pid, randomBytes(4).toString('hex')));
  try {
    fs.writeFileSync(temp, data, { flag: 'wx', mode });
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
