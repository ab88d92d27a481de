import type { Disposable } from '@outboard/protocol';

/**
 * State that belongs to ONE scope: the project the peer is serving (the activation context's `projectId`,
 * or what {@link setScope} last named). When the scope changes, every {@link scoped} value is reset to its
 * initial value, and every {@link scopeGuard} taken before reports itself stale, so nothing of the last
 * project leaks into the next one.
 */
let current: string | undefined;
let generation = 0;
const resets = new Set<() => void>();

/** A value reset to `initial()` whenever the scope changes. */
export interface Scoped<T> extends Disposable {
  value: T;
}

/** Declares module state owned by the current scope; `dispose` stops resetting it. */
export function scoped<T>(initial: () => T): Scoped<T> {
  const holder = { value: initial() };
  const reset = (): void => {
    holder.value = initial();
  };
  resets.add(reset);
  return Object.assign(holder, { dispose: () => void resets.delete(reset) });
}

/** Taken before an await and asked after: whether the scope it was taken in is still the current one. */
export interface ScopeGuard {
  /** The scope when the guard was taken. */
  readonly scope: string | undefined;
  /** True while no scope change happened since the guard was taken. */
  readonly current: boolean;
}

/** A guard on the current scope: an answer that outlived its scope is discarded by whoever asks `current`. */
export function scopeGuard(): ScopeGuard {
  const taken = generation;
  const scope = current;
  return {
    scope,
    get current() {
      return generation === taken;
    },
  };
}

/** The current scope (a project id), or undefined. */
export function currentScope(): string | undefined {
  return current;
}

/** Moves to another scope: resets scoped state and outdates every guard. Nothing happens when it is the same scope. */
export function setScope(scope: string | undefined): void {
  if (scope === current) return;
  current = scope;
  generation += 1;
  for (const reset of [...resets]) reset();
}
