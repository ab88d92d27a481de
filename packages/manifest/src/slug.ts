import { SLUG_SOURCE } from './patterns.js';

const SLUG = new RegExp(SLUG_SOURCE);

/**
 * Whether `name` is a valid extension or command slug: `^[a-z][a-z0-9-]{0,38}$`. It says nothing about
 * reserved words; see `RESERVED_WORDS` and `ManifestContext.reservedNames`.
 */
export function isValidSlug(name: string): boolean {
  return SLUG.test(name);
}
