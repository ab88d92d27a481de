/**
 * Event type globs. A glob is a dotted event type in which `*` matches any run of characters, dots
 * included, possibly empty; every other character matches itself. So `*` matches every type, `git.*`
 * matches `git.changed` and `git.a.b` (but not `git` or `github.x`), `*.changed` matches `git.changed`
 * and `a.b.changed`, and `git.*.done` matches `git.x.done` and `git.x.y.done`. Unlike `permissions.hub`
 * routes (where `*` is one path segment), `*` here spans segments, so a family prefix catches the
 * whole family. Matching is case-sensitive. `?` is not a wildcard: a glob holding one is invalid here and
 * matches nothing in `onEvent:` activation (the manifest validator reports it). This is the one event-type
 * matcher: subscriptions, queries and `onEvent:` activation all use it.
 */
import { EVENT_TYPE_GLOB_SOURCE } from '@outboard/manifest';

/** The characters a type glob may hold: those of an event type, plus `*` (the manifest's rule, shared). */
export const TYPE_GLOB_PATTERN = new RegExp(EVENT_TYPE_GLOB_SOURCE);

/** The problem with `glob` as one line, or `undefined` when it is a valid type glob. */
export function typeGlobProblem(glob: unknown): string | undefined {
  if (typeof glob !== 'string' || !TYPE_GLOB_PATTERN.test(glob)) {
    return `a type glob is a dotted event type where * matches any run of characters (e.g. "git.*" or "*"), got ${JSON.stringify(glob)}`;
  }
  return undefined;
}

/** A predicate for one glob; throws a `TypeError` when the glob is invalid (see {@link typeGlobProblem}). */
export function compileTypeGlob(glob: string): (type: string) => boolean {
  const problem = typeGlobProblem(glob);
  if (problem !== undefined) throw new TypeError(problem);
  if (!glob.includes('*')) return (type) => type === glob;
  if (/^\*+$/.test(glob)) return () => true;
  const source = glob
    .split(/\*+/)
    .map((literal) => literal.replace(/[.\-]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`);
  return (type) => regex.test(type);
}
