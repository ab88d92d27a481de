import type { Disposable } from '@outboard/protocol';

/** A value reset to `initial()` whenever the scope changes. */
export interface Scoped<T> extends Disposable {
  value: T;
}

/** Taken before an await and asked after: whether the scope it was taken in is still the current one. */
export interface ScopeGuard {
  /** The scope when the guard was taken. */
  readonly scope: string | undefined;
  /** True while no scope change happened since the guard was taken. */
  readonly current: boolean;
}

/**
 * The project a peer is serving: the activation context's `projectId`, or what {@link PeerScope.set} last
 * named. When it changes, every {@link PeerScope.scoped} value is reset to its initial value and every
 * {@link PeerScope.guard} taken before reports itself stale, so nothing of the last project leaks into the
 * next one. `runPeer` owns one per peer and hands it over as `context.scope`; tests make their own.
 */
export class PeerScope {
  #current: string | undefined;
  #generation = 0;
  readonly #resets = new Set<() => void>();

  /** The current scope (a project id), or undefined. */
  get current(): string | undefined {
    return this.#current;
  }

  /** Moves to another scope: resets scoped state and outdates every guard. Nothing happens when it is the same scope. */
  set(scope: string | undefined): void {
    if (scope === this.#current) return;
    this.#current = scope;
    this.#generation += 1;
    for (const reset of [...this.#resets]) reset();
  }

  /** Declares state owned by the current scope; `dispose` stops resetting it. */
  scoped<T>(initial: () => T): Scoped<T> {
    const holder = { value: initial() };
    const reset = (): void => {
      holder.value = initial();
    };
    this.#resets.add(reset);
    return Object.assign(holder, { dispose: () => void this.#resets.delete(reset) });
  }

  /** A guard on the current scope: an answer that outlived its scope is discarded by whoever asks `current`. */
  guard(): ScopeGuard {
    const taken = this.#generation;
    const scope = this.#current;
    const generation = (): number => this.#generation;
    return {
      scope,
      get current() {
        return generation() === taken;
      },
    };
  }
}
