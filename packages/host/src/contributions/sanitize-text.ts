import { escapeControlCharacters } from '@outboard/manifest';

/**
 * Peer text made safe to keep and show: every control character becomes a visible escape (`\x1b`, `\t`...,
 * the printer's own form, so `hi\x1b[2Jthere` reads as such instead of losing the sequence without a word);
 * newlines are kept when `multiline`. Then truncated to `maxChars` (an ellipsis marks the cut).
 */
export function sanitizeText(value: unknown, maxChars: number, multiline = false): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const clean = escapeControlCharacters(text, multiline);
  return clean.length > maxChars ? `${clean.slice(0, Math.max(0, maxChars - 1))}…` : clean;
}
