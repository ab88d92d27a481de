import picomatch from 'picomatch';
import { compileTypeGlob, typeGlobProblem } from '../bus/type-glob.js';

/** The activation events of DESIGN §8 that carry a glob: `onEvent:<event type glob>`, `onProject:<marker file glob>`. */
export type ActivationKind = 'onEvent' | 'onProject';

/**
 * Whether an activation entry such as `onEvent:git.*` or `onProject:*.csproj` matches `value`.
 * `onEvent:` globs are event type globs (bus/type-glob.ts, the bus's own matcher: `*` spans any run of
 * characters, dots included, `?` is no wildcard); an invalid one matches nothing. `onProject:` globs are
 * picomatch globs matched against one file name at the project's root (`*`, `?`, `[...]`, `{a,b}`; dot files
 * included).
 */
export function matchesActivation(activation: string, kind: ActivationKind, value: string): boolean {
  const prefix = `${kind}:`;
  if (!activation.startsWith(prefix)) return false;
  const glob = activation.slice(prefix.length);
  if (kind === 'onEvent') return typeGlobProblem(glob) === undefined && compileTypeGlob(glob)(value);
  return glob !== '' && picomatch.isMatch(value, glob, { dot: true });
}

/**
 * The activation events a peer starts on, once the user's override is applied (DESIGN §6: the user owns
 * activation): `lazy` removes `onStartup`, so the peer waits for its other events or its first use.
 */
export function effectiveActivation(declared: readonly string[] | undefined, override: string | undefined): readonly string[] {
  const events = declared ?? [];
  return override === 'lazy' ? events.filter((a) => a !== 'onStartup') : events;
}
