import type { ConnectionDiagnostics } from '@outboard/protocol';
import type { PeerState, PeerTransition } from './peer-state.js';

/** What `extensions info` and a failed action show about a peer. */
export interface PeerStatus {
  state: PeerState;
  pid: number | null;
  /** Capabilities granted to the live run. */
  grants: string[];
  /** Why the peer is degraded (a missing required grant, unanswered pings), else null. */
  diagnostic: string | null;
  /** The last failure, with the tail of its stderr, else null. */
  lastError: string | null;
  recentCrashes: number;
  /** Whether a restart after a crash is scheduled (false once failed: only an explicit restart revives it). */
  restartPending: boolean;
  /** When the scheduled restart runs (ms since the epoch), else null. */
  restartAt: number | null;
  /** When the live run started and became ready (ms since the epoch), else null. */
  startedAt: number | null;
  readyAt: number | null;
  /** The peer's log file. */
  log: string;
  /** The last lines the peer wrote to stderr. */
  stderrTail: string[];
  /** Counters of the live (else the last) connection: stray output, oversized messages... */
  connection: ConnectionDiagnostics | null;
  transitions: PeerTransition[];
}
