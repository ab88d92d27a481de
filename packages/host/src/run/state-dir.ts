import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates (recursively, mode 0700 for new folders: config files in it may hold secrets) and returns the
 * extension's state dir `<home>/ext/<name>` as an absolute path without a trailing separator. Idempotent.
 *
 * Throws a `TypeError` when `name` could escape `<home>/ext` (empty, `.`, `..`, or containing a path
 * separator or NUL); names are manifest slugs, validated upstream, so this is a guard, not validation.
 */
export function ensureStateDir(home: string, name: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    throw new TypeError(`ensureStateDir: name must be an extension slug such as "git", got ${JSON.stringify(name)}`);
  }
  const dir = path.join(path.resolve(home), 'ext', name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
