import type { SourceKind } from '../package-facts/types.js';

/**
 * Whether an approval of an extension from `source` pins the code that runs (DESIGN §6). A folder linked for
 * development (`extensions link`, the dev source) is the author's own code: its approval binds the manifest
 * block, engines range, version, source and real path, but not the digest of what runs, so an edit of its
 * bin or peer file runs at once. Every installed package (`extensions add`: npm, tarball, folder; global;
 * project) keeps the digest.
 */
export function pinsRunCode(ext: { readonly source: SourceKind }): boolean {
  return ext.source !== 'dev';
}

/** How `extensions list`, `info` and the hub mark an extension whose code is not pinned. */
export const CODE_NOT_PINNED = 'linked: code not pinned';
