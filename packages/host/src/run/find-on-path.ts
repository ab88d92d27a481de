import fs from 'node:fs';
import path from 'node:path';

/**
 * Finds the first executable regular file called `name` in the entries of `pathEnv` (a PATH-style list
 * separated by `path.delimiter`), checked with `fs.accessSync(X_OK)`, and returns its absolute path, or
 * `undefined` when there is none.
 *
 * Empty and relative PATH entries are skipped on purpose: they would make the result depend on the
 * user's current directory. No shell is involved and `name` must be bare (no separator). On Windows,
 * PATHEXT is not consulted (POSIX semantics only).
 */
export function findExecutableOnPath(name: string, pathEnv: string | undefined): string | undefined {
  if (name === '' || name.includes('/') || name.includes(path.sep)) return undefined;
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    try {
      if (!fs.statSync(candidate).isFile()) continue;
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Missing or not executable here: keep looking, as a shell would.
    }
  }
  return undefined;
}
