/**
 * The lifecycle of a peer (DESIGN.md §8). Discovery, validation and approval are the extension's own states;
 * a supervised peer moves through the rest.
 */
export type PeerState = 'stopped' | 'starting' | 'handshaking' | 'ready' | 'degraded' | 'stopping' | 'failed';

/** The moves a supervisor may make; anything else is a bug and throws. */
const ALLOWED: Readonly<Record<PeerState, readonly PeerState[]>> = {
  stopped: ['starting'],
  starting: ['handshaking', 'failed', 'stopping', 'stopped'],
  handshaking: ['ready', 'degraded', 'failed', 'stopping', 'stopped'],
  ready: ['degraded', 'stopping', 'failed', 'stopped'],
  degraded: ['ready', 'stopping', 'failed', 'stopped', 'starting'],
  stopping: ['stopped', 'failed'],
  failed: ['starting', 'stopped'],
};

/** Whether a supervisor may move from `from` to `to`. */
export function canMove(from: PeerState, to: PeerState): boolean {
  return ALLOWED[from].includes(to);
}

/** One transition, as published on the host's bus (`extension.peer.state`) and kept for `extensions info`. */
export interface PeerTransition {
  extension: string;
  from: PeerState;
  to: PeerState;
  /** Why, one line (e.g. `exited with code 1`, `handshake timed out after 10000 ms`). */
  reason: string;
  time: string;
}
