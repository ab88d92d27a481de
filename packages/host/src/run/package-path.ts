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
 * Returns the absolute, non-realpath'd path (the path the user sees under the package directory).
 * Throws a {@link RunnableError}: `escapes_package` or `missing_bin`. `field` names the manifest field
 * in messages (for example `bin "bin/cli.js"`).
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
    throw new RunnableError(
      'escapes_package',
      `${field} points outside the extension package ("${absolute}" is not inside "${root}"). ` +
        'Fix: the extension author must ship the file inside the package and name it relative to the package root.',
      { file: absolute },
    );
  }
  let real: string;
  try {
    real = fs.realpathSync(absolute);
  } catch (cause) {
    throw new RunnableError(
      'missing_bin',
      `${field} names "${absolute}", which does not exist. ` +
        'Fix: reinstall the extension package, or correct the path in its package.json manifest.',
      { file: absolute, cause },
    );
  }
  // The package root itself may be a symlink (npm link); compare real paths with real paths.
  const realRoot = fs.realpathSync(root);
  if (!isPathInside(realRoot, real)) {
    throw new RunnableError(
      'escapes_package',
      `${field} resolves through a symlink to "${real}", outside the extension package "${realRoot}". ` +
        'Fix: replace the symlink with a real file inside the package.',
      { file: absolute },
    );
  }
  if (kind === 'file' && !fs.statSync(real).isFile()) {
    throw new RunnableError(
      'missing_bin',
      `${field} names "${absolute}", which is not a file. ` +
        'Fix: point the manifest at the program file inside the package.',
      { file: absolute },
    );
  }
  return absolute;
}
