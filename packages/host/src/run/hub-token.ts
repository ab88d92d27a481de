import fs from 'node:fs';
import path from 'node:path';

/** The hub token's file name inside the home (`<home>/token`, mode 0600). */
export const HUB_TOKEN_FILE_NAME = 'token';

/** Longest token file read; a real token is a few dozen bytes, so anything larger is not one. */
const MAX_TOKEN_BYTES = 4096;

/** `<home>/token`. */
export function hubTokenFile(home: string): string {
  return path.join(home, HUB_TOKEN_FILE_NAME);
}

/**
 * The token value in `tokenFile`, trimmed, whenever the file exists, whether a hub runs or not (a stopped
 * hub leaves its token behind, and it must still never reach an extension's environment). `undefined`
 * when the file is missing, empty, not a regular file (a FIFO is never opened for a blocking read) or
 * larger than 4 KiB. Never throws.
 */
export function readHubToken(tokenFile: string): string | undefined {
  let fd: number | undefined;
  try {
    // O_NONBLOCK: opening a FIFO planted under the token's name must not hang the host.
    fd = fs.openSync(tokenFile, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_TOKEN_BYTES) return undefined;
    const buffer = Buffer.alloc(stat.size);
    const read = fs.readSync(fd, buffer, 0, stat.size, 0);
    return buffer.toString('utf8', 0, read).trim() || undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
