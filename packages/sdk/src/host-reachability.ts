import type { Disposable } from '@outboard/protocol';

/**
 * Whether the host can answer right now, for the polls of one peer: the peer's connection sets it (`runPeer`
 * owns one per peer). Without a host connection nobody sets it, so it stays true and a failing read simply
 * keeps the last value.
 */
export class HostReachability {
  #reachable = true;
  readonly #listeners = new Set<() => void>();

  /** True while the host is reachable. */
  get reachable(): boolean {
    return this.#reachable;
  }

  /** Set when the connection opens, is activated, or is lost. A return to reachable wakes the listeners. */
  set(value: boolean): void {
    const woke = value && !this.#reachable;
    this.#reachable = value;
    if (woke) for (const listener of [...this.#listeners]) listener();
  }

  /** Called each time the host becomes reachable again. */
  onReachable(listener: () => void): Disposable {
    this.#listeners.add(listener);
    return { dispose: () => void this.#listeners.delete(listener) };
  }
}
