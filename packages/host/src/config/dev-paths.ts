import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './config-error.js';
import type { ConfigProblem } from './config-problem.js';

/** The dotted key of the dev-extension folder list; read from the user config only. */
export const DEV_PATHS_KEY = 'extensions.paths';

/**
 * Reads a stored `extensions.paths` value leniently (for discovery and `--help`): relative entries are
 * resolved against `baseDir` (the user config's folder), entries normalised and deduplicated in order.
 * Bad entries are skipped and reported as problems instead of throwing.
 */
export function readDevPathList(value: unknown, baseDir: string): { paths: string[]; problems: ConfigProblem[] } {
  if (value === undefined) return { paths: [], problems: [] };
  if (!Array.isArray(value)) {
    return { paths: [], problems: [{ path: DEV_PATHS_KEY, rule: 'type', message: 'must be a list of folder paths', missing: false }] };
  }
  const problems: ConfigProblem[] = [];
  const paths: string[] = [];
  value.forEach((entry, index) => {
    if (typeof entry !== 'string' || entry.trim() === '') {
      problems.push({ path: `${DEV_PATHS_KEY}.${index}`, rule: 'type', message: 'must be a folder path (a non-empty string)', missing: false });
      return;
    }
    const normalised = normaliseDevPath(entry, baseDir);
    if (!paths.includes(normalised)) paths.push(normalised);
  });
  return { paths, problems };
}

/**
 * Checks a stored or given `extensions.paths` value strictly (before a write): it must be a list of
 * non-empty strings. Returns the entries normalised against `baseDir` and deduplicated in order; throws
 * `CONFIG_INVALID_VALUE` starting with `where` (e.g. `extensions.paths in /home/u/.ndx/config.json`) otherwise.
 */
export function requireDevPathList(value: unknown, baseDir: string, where: string): string[] {
  const { paths, problems } = readDevPathList(value ?? [], baseDir);
  if (problems.length > 0) {
    throw new ConfigError(
      'CONFIG_INVALID_VALUE',
      `${where} must be a list of folder paths (${problems.map((p) => `${p.path} ${p.message}`).join('; ')}). Fix it in the file, or unset it and add the folders again.`,
      { problems },
    );
  }
  return paths;
}

/** An absolute, normalised folder path: relative paths resolve against `baseDir`; no trailing separator. */
export function normaliseDevPath(path: string, baseDir: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(baseDir, path);
}

/**
 * Throws `CONFIG_DEV_PATH_MISSING` naming `folder` unless it is an existing folder (symlinks followed):
 * linking a path that does not exist would record a dev source that can never hold an extension.
 */
export function requireExistingFolder(folder: string, hostId: string): void {
  let reason: string | undefined;
  try {
    if (!statSync(folder).isDirectory()) reason = 'is not a folder';
  } catch (error) {
    reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  if (reason === undefined) return;
  throw new ConfigError('CONFIG_DEV_PATH_MISSING', `cannot link ${folder}: it ${reason}; nothing was linked`, {
    hint: `check the path, then run \`${hostId} extensions link <folder>\` with the extension's package folder (the one holding its package.json)`,
  });
}
