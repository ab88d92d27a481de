import { formatJsonPath } from '../json-path.js';
import type { JsonPathSegment } from '../json-path.js';

/** A block-relative field as written in messages: `commands[0].bin`; the block itself is `the extension block`. */
export function fieldLabel(segments: readonly JsonPathSegment[]): string {
  if (segments.length === 0) return 'the extension block';
  const path = formatJsonPath(segments);
  return path.startsWith('$.') ? path.slice(2) : path.slice(1);
}

/** A value for a message: strings and numbers quoted as JSON (shortened), containers by kind. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}..."` : text;
}

/** A string quoted as JSON for a message. */
export function quote(value: string): string {
  return JSON.stringify(value);
}
