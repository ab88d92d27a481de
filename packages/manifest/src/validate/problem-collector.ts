import { formatJsonPath } from '../json-path.js';
import type { JsonPathSegment } from '../json-path.js';
import { isRecord } from '../json-value.js';
import type { ManifestProblem } from '../problem.js';

/** Where a problem came from: a named rule, or the JSON Schema (shape) check. */
type Origin = 'rule' | 'schema';

interface Found {
  segments: JsonPathSegment[];
  origin: Origin;
  rule: string;
  message: string;
  fix: string;
}

/**
 * Gathers the problems of one package.json. Segments are absolute (from the package.json root). A rule's
 * problem is more specific than the schema's, so a schema problem at a path a rule already reported is
 * dropped, and the schema keeps one problem per path. `list()` gives them in document order.
 */
export class ProblemCollector {
  readonly #pkg: unknown;
  readonly #packageName: string;
  readonly #found: Found[] = [];

  /** `pkg` is the package.json being checked (for document order); `packageName` labels every problem. */
  constructor(pkg: unknown, packageName: string) {
    this.#pkg = pkg;
    this.#packageName = packageName;
  }

  /** Records a problem found by a named rule. */
  rule(segments: JsonPathSegment[], rule: string, message: string, fix: string): void {
    this.#found.push({ segments, origin: 'rule', rule, message, fix });
  }

  /** Records a problem found by the JSON Schema check. */
  schema(segments: JsonPathSegment[], rule: string, message: string, fix: string): void {
    this.#found.push({ segments, origin: 'schema', rule, message, fix });
  }

  /** Every problem, deduplicated as described on the class, in the order the fields appear in package.json. */
  list(): ManifestProblem[] {
    if (this.#found.length === 0) return [];
    // Rule paths are reserved up front: a schema problem there says the same thing less precisely.
    const taken = new Set(this.#found.filter((f) => f.origin === 'rule').map((f) => formatJsonPath(f.segments)));
    const kept = this.#found.filter((f) => {
      if (f.origin === 'rule') return true;
      const key = formatJsonPath(f.segments);
      if (taken.has(key)) return false;
      taken.add(key);
      return true;
    });
    const keyed = kept.map((f, i) => ({ f, i, position: this.#position(f.segments) }));
    keyed.sort((a, b) => comparePositions(a.position, b.position) || a.i - b.i);
    return keyed.map(({ f }) => ({
      packageName: this.#packageName,
      path: formatJsonPath(f.segments),
      rule: f.rule,
      message: f.message,
      fix: f.fix,
    }));
  }

  /** Index of each step in its parent (key order for objects); a key absent from the document sorts last. */
  #position(segments: readonly JsonPathSegment[]): number[] {
    const out: number[] = [];
    let node: unknown = this.#pkg;
    for (const s of segments) {
      if (typeof s === 'number') {
        out.push(s);
        node = Array.isArray(node) ? node[s] : undefined;
      } else if (isRecord(node)) {
        const index = Object.keys(node).indexOf(s);
        out.push(index < 0 ? Number.MAX_SAFE_INTEGER : index);
        node = index < 0 ? undefined : node[s];
      } else {
        out.push(Number.MAX_SAFE_INTEGER);
        node = undefined;
      }
    }
    return out;
  }
}


function comparePositions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
