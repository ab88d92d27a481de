// The files the hub trusts with its token (DESIGN §7): a private home and a regular 0600 token file, created
// with explicit modes whatever the umask, and refused (naming the chmod) when they are looser.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, constants, fchmodSync, fstatSync, mkdirSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { untrustedStat } from '@outboard/host';
import { HubError } from './hub-error.js';
import { hubTokenFile } from '@outboard/host/run';

/** Longest token file read: a real token is a few dozen bytes. */
const MAX_TOKEN_BYTES = 4096;

function mode(stat: Stats): string {
  return (stat.mode & 0o777).toString(8).padStart(4, '0');
}

/**
 * Creates `home` when missing (mode 0700 whatever the umask), then refuses it, with HubError
 * `HUB_FILES_UNSAFE` naming the `chmod` that fixes it, when others could write it (group or world write
 * bit, or another owner): whoever can write the home can replace the token, the approvals or the code.
 */
export function ensurePrivateHome(home: string): void {
  if (mkdirSync(home, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(home, 0o700);
  const stat = statSync(home);
  if (!stat.isDirectory()) throw new HubError('HUB_FILES_UNSAFE', `the home ${home} is not a folder`, { hint: 'point the home at a folder (its environment variable), or move that file away' });
  const why = untrustedStat(stat);
  if (why) throw new HubError('HUB_FILES_UNSAFE', `the home ${home} is not private: ${why}`, { hint: `run \`chmod 700 ${home}\` (it should be yours and mode 0700), then start the hub again` });
}

/**
 * The hub token of `home` (`<home>/token`), created on first use as a regular file of mode 0600 (exclusive
 * create, so two hubs starting at once agree on one token; explicit mode whatever the umask). An existing
 * file is read only when it is a regular file (a symbolic link is not followed) of mode 0600 or stricter,
 * owned by this user: anything else throws HubError `HUB_FILES_UNSAFE` naming the fix, since a token
 * others could read is no longer a secret. The value is never logged.
 */
export function ensureHubToken(home: string): string {
  ensurePrivateHome(home);
  const file = hubTokenFile(home);
  const existing = readPrivateToken(file);
  if (existing !== undefined) return existing;
  const token = randomBytes(32).toString('base64url');
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    // Another process created it first: use its token.
    const raced = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readPrivateToken(file) : undefined;
    if (raced !== undefined) return raced;
    throw error;
  }
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, `${token}\n`);
  } finally {
    closeSync(fd);
  }
  return token;
}

/** The token in `file` after the checks of {@link ensureHubToken}, or undefined when there is none (missing or empty). */
function readPrivateToken(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new HubError('HUB_FILES_UNSAFE', `the token file ${file} is a symbolic link`, { hint: `the hub uses only a regular file of its own: run \`rm ${file}\`, and the next start makes a new token` });
    throw error;
  }
  try {
    // Checked on the open file: what is read is what was checked.
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new HubError('HUB_FILES_UNSAFE', `the token file ${file} is not a regular file`, { hint: `run \`rm ${file}\`, and the next start makes a new token` });
    if ((stat.mode & 0o077) !== 0) {
      throw new HubError('HUB_FILES_UNSAFE', `the token file ${file} is open to other users (mode ${mode(stat)})`, { hint: `run \`chmod 600 ${file}\` (or \`rm ${file}\` for a new token, if others may have read it), then start the hub again` });
    }
    const why = untrustedStat(stat);
    if (why) throw new HubError('HUB_FILES_UNSAFE', `the token file ${file} cannot be trusted: ${why}`, { hint: `run \`rm ${file}\`, and the next start makes a new token` });
    const buffer = Buffer.alloc(MAX_TOKEN_BYTES + 1);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    if (length > MAX_TOKEN_BYTES) throw new HubError('HUB_FILES_UNSAFE', `the token file ${file} is larger than a token`, { hint: `run \`rm ${file}\`, and the next start makes a new token` });
    return buffer.toString('utf8', 0, length).trim() || undefined;
  } finally {
    closeSync(fd);
  }
}
