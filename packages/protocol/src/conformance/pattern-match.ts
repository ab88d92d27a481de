import type { Pattern } from './conformance-vector.js';

/** Where and how a value failed to match a pattern. */
export interface Mismatch {
  /** JSON path of the failing value, e.g. `$.error.data.code`. */
  readonly path: string;
  /** What was expected there, in words. */
  readonly expected: string;
  /** The value found there (undefined when missing). */
  readonly actual: unknown;
}

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

function isMatcher(pattern: unknown): pattern is Record<string, unknown> {
  if (typeof pattern !== 'object' || pattern === null || Array.isArray(pattern)) return false;
  const keys = Object.keys(pattern);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function render(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/**
 * Matches `actual` against `pattern` (see {@link Pattern}); captures go into `captures`. Returns the
 * first mismatch, or undefined when it matches. Captures made by a failed match may remain.
 */
export function matchPattern(pattern: Pattern, actual: unknown, captures: Map<string, unknown>, path = '$'): Mismatch | undefined {
  if (isMatcher(pattern)) return matchMatcher(pattern, actual, captures, path);
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return { path, expected: `an array of ${pattern.length}`, actual };
    if (actual.length !== pattern.length) return { path, expected: `an array of ${pattern.length}`, actual };
    for (let i = 0; i < pattern.length; i++) {
      const m = matchPattern(pattern[i], actual[i], captures, `${path}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (typeof pattern === 'object' && pattern !== null) {
    if (typeOf(actual) !== 'object') return { path, expected: 'an object', actual };
    const record = actual as Record<string, unknown>;
    for (const [key, sub] of Object.entries(pattern)) {
      const childPath = `${path}.${key}`;
      if (isMatcher(sub) && sub['$absent'] === true) {
        if (Object.prototype.hasOwnProperty.call(record, key)) return { path: childPath, expected: 'absent', actual: record[key] };
        continue;
      }
      if (!Object.prototype.hasOwnProperty.call(record, key)) return { path: childPath, expected: describePattern(sub), actual: undefined };
      const m = matchPattern(sub, record[key], captures, childPath);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(pattern, actual) || pattern === actual ? undefined : { path, expected: render(pattern), actual };
}

function matchMatcher(matcher: Record<string, unknown>, actual: unknown, captures: Map<string, unknown>, path: string): Mismatch | undefined {
  if (matcher['$absent'] === true) return actual === undefined ? undefined : { path, expected: 'absent', actual };
  if (actual === undefined) return { path, expected: describePattern(matcher), actual };
  const type = matcher['$type'];
  if (typeof type === 'string') {
    if (!TYPES.has(type)) return { path, expected: `a valid $type (not ${type})`, actual };
    const ok = type === 'integer' ? Number.isInteger(actual) : typeOf(actual) === type;
    if (!ok) return { path, expected: `a value of type ${type}`, actual };
  }
  if ('$gte' in matcher && !(typeof actual === 'number' && actual >= (matcher['$gte'] as number))) return { path, expected: `a number >= ${String(matcher['$gte'])}`, actual };
  if ('$lte' in matcher && !(typeof actual === 'number' && actual <= (matcher['$lte'] as number))) return { path, expected: `a number <= ${String(matcher['$lte'])}`, actual };
  if ('$ref' in matcher) {
    const name = String(matcher['$ref']);
    if (!captures.has(name)) return { path, expected: `the value captured as "${name}" (nothing was captured under that name)`, actual };
    const m = matchPattern(captures.get(name), actual, new Map(), path);
    if (m) return { path, expected: `${render(captures.get(name))} (captured as "${name}")`, actual };
  }
  const oneOf = matcher['$oneOf'];
  if (Array.isArray(oneOf) && !oneOf.some((p) => matchPattern(p, actual, new Map(), path) === undefined)) {
    return { path, expected: `one of ${oneOf.map(describePattern).join(', ')}`, actual };
  }
  if (typeof matcher['$capture'] === 'string') captures.set(matcher['$capture'], actual);
  return undefined;
}

/** A pattern in words, for reports. */
export function describePattern(pattern: Pattern): string {
  if (isMatcher(pattern)) {
    if (typeof pattern['$type'] === 'string') return `any ${pattern['$type']}`;
    if ('$ref' in pattern) return `the captured "${String(pattern['$ref'])}"`;
    if (pattern['$any'] === true || '$capture' in pattern) return 'any value';
  }
  return JSON.stringify(pattern);
}

/** A copy of `value` with every `{"$ref": name}` replaced by the captured value. */
export function substituteCaptures(value: unknown, captures: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => substituteCaptures(v, captures));
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === '$ref') {
      const name = String(record['$ref']);
      if (!captures.has(name)) throw new Error(`the step refers to "${name}", which no earlier step captured`);
      return captures.get(name);
    }
    return Object.fromEntries(keys.map((k) => [k, substituteCaptures(record[k], captures)]));
  }
  return value;
}
