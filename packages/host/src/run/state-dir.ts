import fs from 'node:fs';
import path from 'node:path';
import { StoreError } from '../store/store-error.js';

/**
 * Creates (recursively, mode 0700 for new folders: config files in it may hold secrets) and returns the
 * extension's state dir `<home>/ext/<name>` as an absolute path without a trailing separator. Idempotent.
 *
 * Throws a `TypeError` when `name` could escape `<home>/ext` (empty, `.`, `..`, or containing a path
 * separator or NUL); names are manifest slugs, validated upstream, so this is a guard, not validation.
 * Throws a StoreError `STORE_WRITE_FAILED` naming the folder when it cannot be created (a file in its way,
 * permissions).
 */
export function ensureStateDir(home: string, name: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    throw new TypeError(`ensureStateDir: name must be an extension slug such as "git", got ${JSON.stringify(name)}`);
  }
  const dir = path.join(path.resolve(home), 'ext', name);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!fs.statSync(dir).isDirectory()) throw new Error('it is not a folder');
  } catch (error) {
    throw new StoreError('STORE_WRITE_FAILED', dir, `Could not create the extension state folder ${dir}: ${(error as Error).message}`, {
      cause: error,
      hint: `move whatever is at ${dir} aside, or fix the permissions of ${path.dirname(dir)}`,
    });
  }
  return dir;
}
