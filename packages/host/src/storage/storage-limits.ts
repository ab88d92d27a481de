/** Bounds of one storage scope (a private folder, or one project's folder of one extension). */
export interface StorageLimits {
  /** Largest value, in bytes of its JSON serialization (UTF-8). Default 262144 (256 KiB). */
  maxValueBytes: number;
  /** Largest total of a scope, in bytes on disk: each entry counts its serialized key and value plus ~20 bytes of framing. Default 10485760 (10 MiB). */
  maxTotalBytes: number;
  /** Most keys in a scope. Default 10000. */
  maxKeys: number;
}

/** The defaults of {@link StorageLimits}. */
export const DEFAULT_STORAGE_LIMITS: Readonly<StorageLimits> = Object.freeze({
  maxValueBytes: 256 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxKeys: 10_000,
});

/** `limits` over the defaults; throws a `TypeError` naming a limit that is not a positive integer. */
export function resolveStorageLimits(limits: Partial<StorageLimits> | undefined): Readonly<StorageLimits> {
  const resolved = { ...DEFAULT_STORAGE_LIMITS, ...(limits ?? {}) };
  for (const name of ['maxValueBytes', 'maxTotalBytes', 'maxKeys'] as const) {
    const value = resolved[name];
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`limits.${name} must be a positive integer, got ${String(value)}`);
  }
  return Object.freeze(resolved);
}

/** `bytes` for a message: `262144 bytes (256 KiB)`. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes} bytes (${bytes / (1024 * 1024)} MiB)`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes} bytes (${bytes / 1024} KiB)`;
  return `${bytes} bytes`;
}
