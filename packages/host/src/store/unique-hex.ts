/**
 * `digits` lowercase hex digits that tell apart the files one process writes side by side (temp files, a
 * command's config file). From Math.random, not node:crypto: these names guard no secret (the files are
 * created in the user's own folders and the pid before them is the owner), and loading node:crypto for
 * them cost every extension command about a millisecond.
 */
export function uniqueHex(digits: number): string {
  let hex = '';
  while (hex.length < digits) hex += Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  return hex.slice(0, digits);
}
