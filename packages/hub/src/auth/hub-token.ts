import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '@outboard/manifest';
import { chmodSync, mkdirSync, openSync, writeSync, closeSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import { hubTokenFile, readHubToken } from '@outboard/host/run';

/**
 * The per-user hub token of `home` (`<home>/token`), created on first use with mode 0600 (exclusive create,
 * so two hubs starting at once agree on one token); an existing file is tightened to 0600. The value is
 * never logged. Throws when the file cannot be created or read.
 */
export function ensureHubToken(home: string): string {
  const file = hubTokenFile(home);
  const existing = readHubToken(file);
  if (existing !== undefined) {
    chmodSync(file, 0o600);
    return existing;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('base64url');
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (error) {
    // Another process created it first: use its token.
    const raced = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readHubToken(file) : undefined;
    if (raced !== undefined) return raced;
    throw error;
  }
  try {
    writeSync(fd, `${token}\n`);
  } finally {
    closeSync(fd);
  }
  return token;
}

/** The last token's digest: the hub compares every request with the same token, so it is hashed once. */
let lastToken: { token: string; digest: Uint8Array } | undefined;

/** Compares a presented token with the real one in constant time (whatever their lengths: both are hashed first). */
export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (presented === undefined || presented.length === 0 || presented.length > 4096) return false;
  // Keyed by the token itself: another token (a test's, a new home's) is hashed afresh.
  if (lastToken?.token !== token) lastToken = { token, digest: sha256(token, 'buffer') };
  return timingSafeEqual(sha256(presented, 'buffer'), lastToken.digest);
}
