/**
 * Text on its way to a terminal. A plain `string` is untrusted: it may come from a manifest, a peer, a file
 * name or a config value, and the printer escapes every control character in it. A {@link Styled} is text the
 * CLI composed itself (template literals of its own source, SGR styling) around values already escaped, so
 * the printer writes it as it is. Styling is applied after escaping and therefore survives.
 */

import { escapeControlCharacters } from '@outboard/manifest';

/**
 * `text` with every control character as a visible escape (`\x1b`, `\n`, `\u202e`...), so it shows what it
 * contains and can neither move the cursor, repaint a line nor talk to the terminal (OSC, DCS...).
 */
export function escapeUntrusted(text: string): string {
  return escapeControlCharacters(text);
}

/** Text the CLI built itself, safe to write as it is. Made only by {@link t}, the styles and {@link joinText}. */
export class Styled {
  /** Nominal marker: a structurally equal object is not Styled. */
  declare private readonly brand: 'styled';
  private constructor(readonly text: string) {}

  /** Internal to the terminal folder: wraps text already known to be safe. */
  static trust(safeText: string): Styled {
    return new Styled(safeText);
  }

  /** The safe text; interpolating a Styled in a plain template gives it back, and the printer would escape it there. */
  toString(): string {
    return this.text;
  }
}

/** What the printer accepts: a plain (untrusted) string, or {@link Styled} text. */
export type Text = string | Styled;

/** The safe form of `value`: a Styled as it is, anything else stringified and escaped. */
export function safeText(value: unknown): string {
  return value instanceof Styled ? value.text : escapeUntrusted(typeof value === 'string' ? value : String(value));
}

/**
 * Template tag for the CLI's own lines: the literal parts are the CLI's source (trusted, newlines there are
 * layout), every interpolated value is escaped unless it is {@link Styled}.
 */
export function t(strings: TemplateStringsArray, ...values: unknown[]): Styled {
  let out = strings[0] ?? '';
  values.forEach((v, i) => (out += safeText(v) + (strings[i + 1] ?? '')));
  return Styled.trust(out);
}

/** Joins texts with a trusted separator, escaping the plain ones. */
export function joinText(parts: readonly Text[], separator = ''): Styled {
  return Styled.trust(parts.map(safeText).join(separator));
}

/** Visible width of safe text: the CLI's own SGR styling takes no room. */
export function visibleWidth(text: Text): number {
  // eslint-disable-next-line no-control-regex
  const plain = safeText(text).replace(/\u001b\[[0-9;]*m/g, '');
  // Code points (a surrogate pair counts once, as the string iterator counts), without an array per cell.
  let width = plain.length;
  for (let i = 0; i < plain.length - 1; i++) {
    const c = plain.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = plain.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        width--;
        i++;
      }
    }
  }
  return width;
}
