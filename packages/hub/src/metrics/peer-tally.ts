/** A peer's lifecycle transition, as `extension.peer.state` carries it. */
export interface PeerTransitionFacts {
  readonly extension: string;
  readonly from: string;
  readonly to: string;
}

/**
 * Tells crashes and restarts apart from the peer's state transitions alone (no coupling to the supervisor):
 * a crash is a peer that reached `stopped` or `failed` without going through `stopping` (an orderly stop
 * does); a restart is the next `starting` of a peer whose last run crashed. One per hub.
 */
export class PeerTally {
  /** Extensions whose last run crashed and that have not started again. */
  readonly #crashed = new Set<string>();

  /** What one transition means: `crash`, `restart`, or nothing to count. */
  classify(t: PeerTransitionFacts): 'crash' | 'restart' | undefined {
    if ((t.to === 'stopped' || t.to === 'failed') && t.from !== 'stopping' && t.from !== 'stopped' && t.from !== 'failed') {
      this.#crashed.add(t.extension);
      return 'crash';
    }
    if (t.to === 'starting' && this.#crashed.delete(t.extension)) return 'restart';
    return undefined;
  }
}
