import { randomUUID } from 'node:crypto';
import type { ExtensionManifest } from '@outboard/manifest';
import { Connection, HandshakeError, StreamTransport, performHostHandshake } from '@outboard/protocol';
import type { Disposable, InitializeResult, Transport } from '@outboard/protocol';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import type { ContributionRegistry } from '../contributions/contribution-registry.js';
import type { PeerLaunchPlan } from './peer-seams.js';
import type { GroupWatchdog } from '../process/process-group-watchdog.js';
import type { Containment } from '../process/containment.js';
import { SupervisedProcess, describeProcessExit, type ProcessExit } from '../process/supervised-process.js';
import { authorizePeer } from './peer-authorize.js';
import { chargeDeliveries, paceReading } from './peer-flow.js';
import type { PeerTraffic } from './peer-flow.js';
import type { ProcessLog } from '../process/process-log.js';
import { TurnBudget } from './turn-budget.js';

/** Host-service calls of one peer served per event-loop turn; the rest wait for a later turn. */
const CALLS_PER_TURN = 64;

/** Serves the host services on a peer's connection (the fleet's sessions and broker). */
export interface PeerServices {
  /** Installs the host services on a new connection; disposed when the run ends. */
  serve(connection: Connection, extension: string, grants: () => CapabilityGrants, budget: TurnBudget): Disposable;
}

/** One start of a peer: its process, its connection, and what ends with them. */
export interface PeerRun {
  readonly id: string;
  /** Its process (the process kit's): pid, exit, signals, the stop ladder, figures. */
  readonly process: SupervisedProcess;
  readonly connection: Connection;
  readonly disposables: Disposable[];
  /** The launch plan (its per-run config file goes when the run ends). */
  readonly plan: PeerLaunchPlan;
  /** The grants given to this run at activation. */
  grants: string[];
  /** Set when the host kills the run and reports its end itself: the exit is then not a crash. */
  exitHandled: boolean;
  /** Why the host killed it (reported instead of the bare signal). */
  killReason: string | undefined;
  /** When it was spawned, and when its handshake completed (ms since the epoch). */
  readonly startedAt: number;
  readyAt?: number;
}

/** Limits of a run, in bytes and milliseconds. */
export interface PeerRunLimits {
  maxMessageBytes: number;
  requestTimeoutMs: number;
}

/**
 * Spawns the peer of a launch plan through the process kit (its own process group, watched by the host's
 * watchdog, in its containment; stderr to the log), talks to it over its stdin/stdout, paces its output and
 * serves it the host services. The connection is not listening yet.
 */
export function spawnPeerRun(
  name: string,
  plan: PeerLaunchPlan,
  limits: PeerRunLimits,
  log: ProcessLog,
  host: { services: PeerServices; watchdog: GroupWatchdog; traffic?: PeerTraffic; containment?: Containment; onOverMemory?: () => void },
  grants: (run: PeerRun) => CapabilityGrants,
): PeerRun {
  const process = new SupervisedProcess({ plan, log, stdout: 'pipe', watchdog: host.watchdog, ...(host.containment ? { containment: host.containment } : {}), ...(host.onOverMemory ? { onOverMemory: host.onOverMemory } : {}) });
  const transport = wireOf(process);
  // One budget per run: its calls take from it, its traffic is charged to it, its reading is paced by it.
  const budget = new TurnBudget(CALLS_PER_TURN);
  const connection = new Connection({
    transport: chargeDeliveries(transport, budget),
    name: `extension ${name}`,
    maxMessageBytes: limits.maxMessageBytes,
    requestTimeoutMs: limits.requestTimeoutMs,
    // A peer that does not read its stdin holds at most this much of the host's memory (64 MiB by default).
    maxQueuedWriteBytes: Math.max(8 * 1024 * 1024, 4 * limits.maxMessageBytes),
  });
  const run: PeerRun = { id: randomUUID(), process, connection, disposables: [], plan, grants: [], exitHandled: false, killReason: undefined, startedAt: Date.now() };
  run.disposables.push(paceReading(transport, connection, budget, host.traffic));
  run.disposables.push(connection.onWarning((w) => log.note(`protocol warning: ${w.message}`)));
  run.disposables.push(host.services.serve(connection, name, () => grants(run), budget));
  return run;
}

/** What a successful handshake concluded. */
export interface PeerHandshake {
  grants: string[];
  contributes: InitializeResult['contributes'];
  /** Required capabilities of the manifest the user did not grant (the peer is then degraded). */
  missingRequired: string[];
}

/**
 * Runs the host side of the handshake, checking the peer against the approved manifest and grants. Grants
 * hold from the moment `activate` is sent (DESIGN §8): once the `initialize` answer is accepted, the run's
 * grants are set and its announced contributions staged, so the peer may call every host service its grants
 * allow, for every contribution it declared, while its `activate` is pending. Consumers see the
 * contributions only once the caller reveals them (ready).
 */
export async function handshakePeerRun(
  run: PeerRun,
  host: { id: string; version: string },
  ext: { name: string; version: string; manifest: ExtensionManifest },
  approved: readonly string[],
  contributions: ContributionRegistry,
  limits: PeerRunLimits & { handshakeTimeoutMs: number },
): Promise<PeerHandshake> {
  let missingRequired: string[] = [];
  const result = await performHostHandshake(run.connection, {
    host: { name: host.id, version: host.version },
    instanceId: run.id,
    extension: { name: ext.name, version: ext.version, ...(ext.manifest.publisher ? { publisher: ext.manifest.publisher } : {}) },
    timeoutMs: limits.handshakeTimeoutMs,
    limits: { maxMessageBytes: limits.maxMessageBytes },
    authorize: (peer) => {
      const auth = authorizePeer(peer, { manifest: ext.manifest, version: ext.version }, approved);
      const undeclared = contributions.undeclared(ext.manifest.contributes, peer.contributes);
      if (undeclared.length) throw new Error(`the peer announces ${undeclared.join(', ')}, which its approved manifest does not declare`);
      missingRequired = auth.missingRequired;
      // Before `activate` goes out: the peer's own calls during activation are served with these.
      run.grants = auth.grants;
      contributions.stage(ext.name, ext.manifest.contributes, peer.contributes);
      return auth.grants;
    },
  });
  return { grants: [...result.grants], contributes: { ...result.peer.contributes }, missingRequired };
}

/** Whether a handshake error is a refusal (final: restarting would be refused again), not a crash. */
export function isRefusal(error: unknown): boolean {
  return error instanceof HandshakeError && (error.code === 'rejected_by_host' || error.code === 'protocol_mismatch' || error.code === 'invalid_peer_info');
}

/** How a run's process ended, one phrase (`exited with code 3`, `was killed by SIGKILL`), or why the host killed it. */
export function describeExit(run: PeerRun, exit: ProcessExit): string {
  if (exit.error || exit.reason) return describeProcessExit(exit);
  return run.killReason ?? describeProcessExit(exit);
}

/**
 * The peer's wire: its stdout and stdin. Closing it ends stdin (after what was written) and drains what the
 * peer still writes, so that a peer blocked writing can finish and exit.
 */
function wireOf(process: SupervisedProcess): Transport {
  const streams = new StreamTransport({ readable: process.stdout, writable: process.stdin });
  return {
    start: (sink) => streams.start(sink),
    write: (data) => streams.write(data),
    pause: () => streams.pause(),
    resume: () => streams.resume(),
    close: () => {
      streams.close();
      process.stdout.resume();
    },
  };
}
