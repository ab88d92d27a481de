import path from 'node:path';
import { readBoundedFile } from '../store/bounded-json.js';

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
 * when the file is missing, empty, not a regular file (a FIFO never blocks: the host's one bounded reader
 * opens it non-blocking and refuses it) or larger than 4 KiB. Never throws.
 */
export function readHubToken(tokenFile: string): string | undefined {
  const read = readBoundedFile(tokenFile, { maxBytes: MAX_TOKEN_BYTES });
  return read.kind === 'ok' ? read.text.trim() || undefined : undefined;
}
