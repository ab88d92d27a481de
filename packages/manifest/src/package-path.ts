import { posix } from 'node:path';

/** Why a manifest path cannot name a file inside the package (symlinks are the host's to check on disk). */
export type PackagePathFault = 'absolute' | 'backslash' | 'escape';

/** A manifest path read as a package-relative file: the normalised POSIX path, or why it is not one. */
export type PackagePath = { ok: true; file: string } | { ok: false; fault: PackagePathFault };

const DRIVE = /^[A-Za-z]:/;

/**
 * Reads `value` as a file inside the package, POSIX style, without touching the disk: absolute paths,
 * drive letters and backslashes are refused (a manifest must mean the same file on every platform), as is
 * any path whose normal form climbs out through `..`. `./bin/cli.js` and `bin/cli.js` both give `bin/cli.js`.
 */
export function readPackagePath(value: string): PackagePath {
  if (value.startsWith('/') || value.startsWith('\\') || DRIVE.test(value)) return { ok: false, fault: 'absolute' };
  if (value.includes('\\')) return { ok: false, fault: 'backslash' };
  // Already normal (no empty, `.` or `..` segment: nothing starts with a dot, no `//`): kept as it is,
  // which is what normalize returns for it, without the work (every bin is read twice per discovery).
  if (value !== '' && value.charCodeAt(0) !== 0x2e && !value.includes('/.') && !value.includes('//')) return { ok: true, file: value };
  const file = posix.normalize(value);
  if (file === '..' || file.startsWith('../')) return { ok: false, fault: 'escape' };
  return { ok: true, file };
}
