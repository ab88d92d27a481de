import { StoreError } from './store-error.js';

/**
 * Every file the host keeps in its home says which format it is in a top-level `format` number. A file
 * without one is in format 1 (the shapes shipped before the field existed). A newer host reads every older
 * format (later formats only add fields, with safe defaults); an older host refuses a newer file and never
 * writes over it, because what it would write back would drop what it does not understand.
 */
export const FORMAT_FIELD = 'format';

/**
 * The format a parsed file says it is in: its `format` when that is a positive integer, 1 when the field is
 * absent (an unversioned file), `undefined` when the field holds anything else (the caller's shape check
 * decides what that means).
 */
export function formatOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (!Object.hasOwn(value, FORMAT_FIELD)) return 1;
  const format = (value as Record<string, unknown>)[FORMAT_FIELD];
  return Number.isSafeInteger(format) && (format as number) >= 1 ? (format as number) : undefined;
}

/** True when `value` says it is in a format later than `supported`. */
export function isNewerFormat(value: unknown, supported: number): boolean {
  const format = formatOf(value);
  return format !== undefined && format > supported;
}

/** The refusal of a file written by a newer host: the file, the format found, the one supported, the fix. */
export function newerFormatError(path: string, found: number, supported: number): StoreError {
  return new StoreError(
    'STORE_NEWER_FORMAT',
    path,
    `${path} is in format ${found}, written by a newer version; this version reads format ${supported} at most, so it leaves the file untouched.`,
    { hint: 'upgrade to the version that wrote it (every newer version reads the older formats)' },
  );
}

/** Throws {@link newerFormatError} when `value` (parsed from `path`) is in a format later than `supported`. */
export function refuseNewerFormat(path: string, value: unknown, supported: number): void {
  if (isNewerFormat(value, supported)) throw newerFormatError(path, formatOf(value) as number, supported);
}
