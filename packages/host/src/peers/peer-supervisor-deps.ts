import type { ExtensionManifest } from '@outboard/manifest';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import type { ContributionRegistry } from '../contributions/contribution-registry.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { CrashWindowOptions } from '../process/crash-window.js';
import type { ProcessContainment } from '../process/containment.js';
import type { PeerTraffic } from './peer-flow.js';
import type { PeerServices } from './peer-run.js';
import type { PeerLauncher } from './peer-seams.js';
import type { PeerTransition } from './peer-state.js';
import type { GroupWatchdog } from '../process/process-group-watchdog.js';

/** An enabled extension that declares a peer. */
export type PeerExtension = ExtensionRecord & { name: string; manifest: ExtensionManifest };

/** The approved grants of one extension, read afresh (the user may change them while the peer runs). */
export interface PeerGrants {
  current(): CapabilityGrants;
}

/** What a supervisor is given by its manager; each field a seam named after what it provides. */
export interface PeerSupervisorDeps {
  /** Whose peer (its approved manifest and version). */
  extension: PeerExtension;
  /** The host's name and version, sent in `initialize`. */
  host: { id: string; version: string };
  /** Folder of the peer's log files (`<home>/ext/<name>/logs`). */
  logDir: string;
  launcher: PeerLauncher;
  grants: PeerGrants;
  services: PeerServices;
  /** Keeps the peer's process group from outliving the host. */
  watchdog: GroupWatchdog;
  contributions: ContributionRegistry;
  /** The reads of all the host's peers, for fair pacing (see paceReading). Default: this peer's own. */
  traffic?: PeerTraffic;
  /** Every transition, for the host's bus. */
  onTransition(transition: PeerTransition): void;
  /** Applies the extension's resource limits to each run (its cgroup or rlimits). Default: none applied. */
  containment?: Pick<ProcessContainment, 'contain'>;
  /** The peer was stopped for going over a limit (for the host's bus). Default: none. */
  onLimit?(event: { extension: string; kind: 'peer' | 'sidecar'; limit: 'memory'; reason: string }): void;
}

/** Options of {@link PeerSupervisor}; every timing is in milliseconds. */
export interface PeerSupervisorOptions {
  /** Deadline of the handshake. Default 10000. */
  handshakeTimeoutMs?: number;
  /** Liveness pings; `false` turns them off. Default { intervalMs: 15000, timeoutMs: 5000 }. */
  heartbeat?: { intervalMs: number; timeoutMs: number } | false;
  /** Restart backoff and the crash-loop breaker. Default: 500 ms doubling up to 30 s, given up after 3 crashes in 5 minutes. */
  crash?: CrashWindowOptions;
  /** Wait after each stop step (shutdown request, stdin close, SIGTERM). Default 2000. */
  stopStepMs?: number;
  /** Deadline of a request to the peer unless the call sets one. Default 30000. */
  requestTimeoutMs?: number;
  /** Largest message either way, in bytes. Default 1 MiB. */
  maxMessageBytes?: number;
}
