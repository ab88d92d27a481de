/** One step into a JSON document: an object key or an array index. */
export type JsonPathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Renders segments as a JSON path rooted at `$`: `['outboard', 'extension', 'commands', 0, 'bin']` gives
 * `$.outboard.extension.commands[0].bin`; a key that is not an identifier is quoted (`$["my-tool"]`).
 */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  let out = '$';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}
