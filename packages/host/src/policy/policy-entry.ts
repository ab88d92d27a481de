import picomatch from 'picomatch';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';

/** One parsed `<package-name glob>[@<semver range>]` entry of a policy list. */
export interface PolicyEntry {
  /** The entry as written (what a reason quotes). */
  readonly source: string;
  readonly glob: string;
  /** The version range, when the entry has one. */
  readonly range: string | undefined;
  /** Whether the entry matches a package of that name and version (a prerelease matches a range that includes it). */
  readonly matches: (packageName: string, version: string) => boolean;
}

/**
 * Reads an entry (this module, with picomatch and semver, loads only when a policy file exists: see
 * OrganisationPolicy.read). The range starts at the last `@` that is not the first character (`@acme/x@^2` is the glob
 * `@acme/x` and the range `^2`). Returns a problem sentence instead when the range is not a semver range.
 */
export function parsePolicyEntry(source: string): PolicyEntry | string {
  const at = source.lastIndexOf('@');
  const glob = at > 0 ? source.slice(0, at) : source;
  const range = at > 0 ? source.slice(at + 1) : undefined;
  if (glob === '') return `${JSON.stringify(source)} names no package`;
  if (range !== undefined && validRange(range) === null) return `${JSON.stringify(source)}: ${JSON.stringify(range)} is not a semver range (e.g. ">=2", "^1.4")`;
  const matchesName = picomatch(glob, { dot: true });
  const matches = (packageName: string, version: string): boolean => matchesName(packageName) && (range === undefined || satisfies(version, range, { includePrerelease: true }));
  return { source, glob, range, matches };
}
