/**
 * Characters that move the cursor, change a terminal's state or hide text: C0, DEL, C1, bidi and invisible
 * marks. Text from packages, peers and files may carry any of them.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with every control character as a visible escape (`\x1b`, `\n`, `\u202e`...), so it shows what it
 * contains and can neither move the cursor, repaint a line nor talk to a terminal (OSC, DCS...). With
 * `keepNewlines`, `\n` stays a line break (for multi-line text whose lines are its layout). The one
 * definition of "escaped" shared by the CLI's printer and the host's cleaning of peer text.
 */
export function escapeControlCharacters(text: string, keepNewlines = false): string {
  return text.replace(UNSAFE, (c) => {
    if (keepNewlines && c === '\n') return c;
    const named = NAMED[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
