/** Whether a parsed JSON value is an object (not `null`, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An own property of a parsed JSON object, or `undefined` (never an inherited one such as `constructor`). */
export function ownField(value: unknown, key: string): unknown {
  return isRecord(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}
