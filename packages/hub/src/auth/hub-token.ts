import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '@outboard/manifest';

/** The last token's digest: the hub compares every request with the same token, so it is hashed once. */
let lastToken: { token: string; digest: Uint8Array } | undefined;

/** Compares a presented token with the real one in constant time (whatever their lengths: both are hashed first). */
export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (presented === undefined || presented.length === 0 || presented.length > 4096) return false;
  // Keyed by the token itself: another token (a test's, a new home's) is hashed afresh.
  if (lastToken?.token !== token) lastToken = { token, digest: sha256(token, 'buffer') };
  return timingSafeEqual(sha256(presented, 'buffer'), lastToken.digest);
}
