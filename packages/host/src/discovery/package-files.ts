import { lstatSync, realpathSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import type { ManifestProblem, RunnablePath } from '@outboard/manifest';
import type { ScannedExtension } from '../package-facts/types.js';
import { identityOf } from '../package-facts/stat-inputs.js';
import { pathMap } from '../package-facts/run-digest.js';

/**
 * What one lstat walk of a runnable file inside its package found: the file's own stat when no component of
 * its path is a symlink, `link` when one is (the file is then resolved fully), `missing` when a component is absent.
 */
export type FileLook = { kind: 'inside'; path: string; stat: Stats } | { kind: 'link' } | { kind: 'missing' };

/**
 * Looks at every file a manifest names: the syscalls of {@link judgeFiles}, which then decides from what they
 * saw. One lstat per path component inside the package (its folder is already resolved), instead of a
 * realpath walk from the root; a folder or file named twice is looked at once.
 */
export function lookAtFiles(realDir: string, paths: readonly RunnablePath[]): FileLook[] {
  const looks: FileLook[] = [];
  // Only packages with several files share folders: no map for the usual single bin.
  const seen = paths.length > 1 ? new Map<string, FileLook>() : undefined;
  for (const { file } of paths) looks.push(lookInside(realDir, file, seen));
  return looks;
}

function lookInside(realDir: string, file: string, seen: Map<string, FileLook> | undefined): FileLook {
  const parts = file.split('/');
  let at = realDir;
  for (let i = 0; i < parts.length; i++) {
    at = `${at}${sep}${parts[i] as string}`;
    let look = seen?.get(at);
    if (look === undefined) {
      try {
        const stat = lstatSync(at);
        look = stat.isSymbolicLink() ? { kind: 'link' } : { kind: 'inside', path: at, stat };
      } catch {
        look = { kind: 'missing' };
      }
      seen?.set(at, look);
    }
    if (look.kind !== 'inside' || i === parts.length - 1) return look;
  }
  return { kind: 'missing' }; // an empty path: readPackagePath never yields one
}

/**
 * The checks the pure manifest package cannot make, from what {@link lookAtFiles} saw: a file reached through
 * a symlink that leaves the package is invalid; a missing configSchema is invalid; a missing bin is a warning
 * (running it is refused). Returns the identities seen on the way (no symlink, so lstat is stat), so the run
 * digest need not stat those files again.
 */
export function judgeFiles(record: ScannedExtension, paths: readonly RunnablePath[], looks: readonly FileLook[]): Record<string, string | null> {
  const ids = pathMap<string | null>();
  for (let i = 0; i < paths.length; i++) {
    const { path, file } = paths[i] as RunnablePath;
    const look = looks[i] as FileLook;
    const isSchema = path.endsWith('.configSchema');
    let real: string;
    let regular: boolean;
    if (look.kind === 'inside') {
      real = look.path;
      regular = look.stat.isFile();
      ids[file] = identityOf(look.stat);
    } else {
      const resolved = look.kind === 'link' ? resolveFully(`${record.dir}${sep}${file}`) : undefined;
      if (resolved === undefined) {
        ids[file] = null;
        const problem: ManifestProblem = {
          packageName: record.packageName,
          path,
          rule: isSchema ? 'configSchema.missing' : 'file.missing',
          message: `${file} does not exist in the package`,
          fix: isSchema ? `add ${file} or remove configSchema` : `add ${file} to the package (and to its "files" list) or fix the path`,
        };
        if (isSchema) invalidate(record, problem);
        else record.warnings.push(problem);
        continue;
      }
      real = resolved;
      regular = isRegularFile(real);
    }
    if (!regular) {
      const problem: ManifestProblem = { packageName: record.packageName, path, rule: 'file.not-a-file', message: `${file} is not a regular file`, fix: `ship ${file} as a regular file` };
      if (isSchema) invalidate(record, problem);
      else record.warnings.push(problem);
      continue;
    }
    // A path resolved component by component without a symlink is inside by construction.
    if (look.kind === 'inside') continue;
    const rel = relative(record.realDir, real);
    if (rel.startsWith('..') || isAbsolute(rel)) {
      invalidate(record, {
        packageName: record.packageName,
        path,
        rule: 'path.symlink-escape',
        message: `${file} resolves through a symlink to ${real}, outside the package`,
        fix: 'ship the file inside the package instead of linking to it',
      });
    }
  }
  return ids;
}

/** The real path of a file reached through a symlink, or undefined when it (or the link's target) is absent. */
function resolveFully(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Marks a record invalid for `problem`: it keeps no manifest, so nothing of it can run. */
function invalidate(record: ScannedExtension, problem: ManifestProblem): void {
  record.problems.push(problem);
  record.status = 'invalid';
  record.manifest = undefined;
  record.reason = undefined;
}
