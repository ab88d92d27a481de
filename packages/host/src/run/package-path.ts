import fs from 'node:fs';
import path from 'node:path';
import { RunnableError } from './runnable-error.js';

/** True when `target` is strictly inside `root` (both absolute and normalised). */
export function isPathInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** What a package path must be for {@link resolvePackagePath} to accept it. */
export type PackagePathKind = 'file' | 'any';

/**
 * Resolves `relative` (as written in the manifest) against `packageDir` and checks that it stays inside
 * the package both lexically and by real path (a symlink pointing outside is refused), and that it exists
 * (as a regular file when `kind` is `file`).
 *
 * Returns the REAL path (every symlink resolved once, here): the caller spawns exactly the file that was
 * checked, so re-pointing a link between the check and the spawn cannot run a file outside the package.
 * Throws a {@link RunnableError}: `RUNNABLE_ESCAPES_PACKAGE` or `RUNNABLE_MISSING_BIN`. `field` names the
 * manifest field in messages (for example `bin "bin/cli.js"`).
 */
export function resolvePackagePath(
  packageDir: string,
  relative: string,
  kind: PackagePathKind,
  field: string,
): string {
  const root = path.resolve(packageDir);
  const absolute = path.resolve(root, relative);
  if (!isPathInside(root, absolute)) {
    throw new RunnableError('RUNNABLE_ESCAPES_PACKAGE', `${field} points outside the extension package ("${absolute}" is not inside "${root}")`, {
      hint: 'the extension author must ship the file inside the package and name it relative to the package root',
      file: absolute,
    });
  }
  let real: string;
  let realRoot: string;
  try {
    real = fs.realpathSync(absolute);
    // The package root itself may be a symlink (npm link); compare real paths with real paths.
    realRoot = fs.realpathSync(root);
  } catch (cause) {
    throw new RunnableError('RUNNABLE_MISSING_BIN', `${field} names "${absolute}", which does not exist`, {
      hint: 'reinstall the extension package, or correct the path in its package.json manifest',
      file: absolute,
      cause,
    });
  }
  if (!isPathInside(realRoot, real)) {
    throw new RunnableError('RUNNABLE_ESCAPES_PACKAGE', `${field} resolves through a symlink to "${real}", outside the extension package "${realRoot}"`, {
      hint: 'replace the symlink with a real file inside the package',
      file: absolute,
    });
  }
  if (kind === 'file' && !fs.statSync(real).isFile()) {
    throw new RunnableError('RUNNABLE_MISSING_BIN', `${field} names "${absolute}", which is not a file`, {
      hint: 'point the manifest at the program file inside the package',
      file: absolute,
    });
  }
  return real;
}
