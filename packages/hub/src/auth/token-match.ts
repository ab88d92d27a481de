import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '@outboard/manifest';

/**
 * Compares a presented token with the real one in constant time, whatever their lengths: both are hashed first
 * (two SHA-256 digests of a few dozen bytes, each call; nothing is kept between calls, so another token — a
 * test's, a new home's — is never compared with an old digest).
 */
export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (presented === undefined || presented.length === 0 || presented.length > 4096) return false;
  return timingSafeEqual(sha256(presented, 'buffer'), sha256(token, 'buffer'));
}
