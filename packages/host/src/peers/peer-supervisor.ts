import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ExtensionManifest } from '@outboard/manifest';
import { ChildProcessTransport, Connection, HandshakeError, ResponseError, performHostHandshake, startHeartbeat } from '@outboard/protocol';
import type { ChildExit, ConnectionDiagnostics, Disposable, RequestOptions } from '@outboard/protocol';
import type { HostIdentity } from '../identity/host-identity.js';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import type { ContributionRegistry } from '../contributions/contribution-registry.js';
import { RunnableError } from '../run/runnable-error.js';
import { writeCommandConfigFile } from '../run/command-config-file.js';
import { CrashPolicy } from './crash-policy.js';
import type { CrashPolicyOptions } from './crash-policy.js';
import { authorizePeer } from './peer-authorize.js';
import { planPeerLaunch } from './peer-launch.js';
import { PeerLog } from './peer-log.js';
import { canMove } from './peer-state.js';
import type { PeerState, PeerTransition } from './peer-state.js';

/** What a supervisor needs from its host. */
export interface PeerSupervisorDeps {
  identity: HostIdentity;
  home: string;
  baseEnv: NodeJS.ProcessEnv;
  extension: { name: string; dir: string; version: string; manifest: ExtensionManifest };
  /** The approved grants now (read afresh: the user may change them while the peer runs). */
  grants(): CapabilityGrants;
  /** The checked config section handed to the peer. */
  config(): Promise<unknown>;
  /** The running hub, if any (its URL goes into the environment; its token never does). */
  hub(): { url: string; tokenFile: string; token: string | undefined } | undefined;
  /** Installs the host services on a new connection; disposed when the connection ends. */
  serve(connection: Connection, extension: string, grants: () => CapabilityGrants): Disposable;
  contributions: ContributionRegistry;
  /** Every transition, for the host's bus and `extensions info`. */
  onTransition(transition: PeerTransition): void;
}

/** Options of {@link PeerSupervisor}; every timing is in milliseconds. */
export interface PeerSupervisorOptions {
  /** Deadline of the handshake. Default 10000. */
  handshakeTimeoutMs?: number;
  /** Liveness pings; `false` turns them off. Default { intervalMs: 15000, timeoutMs: 5000 }. */
  heartbeat?: { intervalMs: number; timeoutMs: number } | false;
  /** Restart backoff and the crash-loop breaker. */
  crash?: CrashPolicyOptions;
  /** Wait after each stop step (shutdown request, stdin close, SIGTERM). Default 2000. */
  stopStepMs?: number;
  /** Deadline of a request to the peer unless the call sets one. Default 30000. */
  requestTimeoutMs?: number;
  /** Largest message either way, in bytes. Default 1 MiB. */
  maxMessageBytes?: number;
}

interface Run {
  id: string;
  transport: ChildProcessTransport;
  connection: Connection;
  disposables: Disposable[];
  configFile: { dispose(): void } | undefined;
  /** The grants given to this run at activation. */
  grants: string[];
  /** Set when the host kills the run and reports its end itself: onExit then stays quiet. */
  exitHandled: boolean;
  /** Why the host killed it (reported instead of the bare signal). */
  killReason: string | undefined;
}

/**
 * Supervises one extension's peer: starts it (explicit argv, the state folder as cwd, no token in the
 * environment), handshakes within a deadline, checks identity and contributions against the approved
 * manifest, shows its contributions only once ready, restarts it with backoff after a crash (and gives up
 * after a crash loop), pings it, and stops it in steps. Its stderr goes to `<home>/ext/<name>/logs/peer.log`.
 */
export class PeerSupervisor {
  readonly name: string;
  readonly log: PeerLog;
  private stateValue: PeerState = 'stopped';
  private run: Run | undefined;
  private starting: Promise<void> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly crashes: CrashPolicy;
  private readonly history: PeerTransition[] = [];
  private lastErrorText: string | undefined;
  private diagnosticText: string | undefined;
  /** The counters of the last connection, kept after it ended (stray output, oversized messages...). */
  private lastConnection: ConnectionDiagnostics | undefined;
  private readonly opts: Required<Omit<PeerSupervisorOptions, 'crash' | 'heartbeat'>> & { heartbeat: PeerSupervisorOptions['heartbeat'] };

  constructor(
    private readonly deps: PeerSupervisorDeps,
    options: PeerSupervisorOptions = {},
  ) {
    this.name = deps.extension.name;
    this.crashes = new CrashPolicy(options.crash);
    this.opts = {
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
      heartbeat: options.heartbeat ?? { intervalMs: 15_000, timeoutMs: 5_000 },
      stopStepMs: options.stopStepMs ?? 2_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      maxMessageBytes: options.maxMessageBytes ?? 1024 * 1024,
    };
    this.log = new PeerLog({ dir: join(deps.home, 'ext', deps.extension.name, 'logs') });
  }

  /** The current lifecycle state. */
  get state(): PeerState {
    return this.stateValue;
  }

  /**
   * What `extensions info` shows: state, pid, the last error with the tail of stderr, recent transitions, and
   * the counters of the live (else the last) connection, with the stray lines the peer wrote to stdout.
   */
  status() {
    return {
      state: this.stateValue,
      pid: this.run?.transport.pid ?? null,
      grants: this.run?.grants ?? [],
      diagnostic: this.diagnosticText ?? null,
      lastError: this.lastErrorText ?? null,
      recentCrashes: this.crashes.recentCrashes(),
      log: this.log.path,
      stderrTail: this.log.tail().slice(-20),
      connection: this.run?.connection.diagnostics() ?? this.lastConnection ?? null,
      transitions: [...this.history],
    };
  }

  /** Starts the peer if it is not running; resolves once it is ready (or degraded). A failed peer needs `restart()`. */
  start(): Promise<void> {
    if (this.stateValue === 'ready' || this.stateValue === 'degraded') return Promise.resolve();
    if (this.starting) return this.starting;
    if (this.stateValue === 'failed') return Promise.reject(this.unavailable(`the peer of ${this.name} has failed: ${this.lastErrorText ?? 'see its log'}; restart it explicitly`));
    if (this.stateValue === 'stopping') return Promise.reject(this.unavailable(`the peer of ${this.name} is stopping`));
    this.starting = this.launch().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Sends a request to the peer, starting it first when needed. Rejects with `unavailable` when it cannot run. */
  async request<R = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<R> {
    await this.start();
    const run = this.run;
    if (!run || (this.stateValue !== 'ready' && this.stateValue !== 'degraded')) throw this.unavailable(`the peer of ${this.name} is ${this.stateValue}`);
    return run.connection.request<R>(method, params, { timeoutMs: this.opts.requestTimeoutMs, ...options });
  }

  /**
   * Resolves once a peer whose connection was lost has exited (its exit is then in `status().lastError`), or
   * after `timeoutMs`; at once when the peer is connected or not running. For a caller whose request just
   * failed with `unavailable` and that wants to tell the user how the peer ended.
   */
  async settle(timeoutMs = 1000): Promise<void> {
    const run = this.run;
    if (!run || run.transport.exit || run.connection.state === 'open') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      void run.transport.exited.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Stops the peer: `shutdown` request, stdin closed, SIGTERM, SIGKILL, each after a short grace. */
  async stop(reason = 'stopped by the host'): Promise<void> {
    this.clearRestart();
    if (this.starting) await this.starting.catch(() => undefined);
    const run = this.run;
    if (!run) {
      if (this.stateValue === 'failed') this.move('stopped', reason);
      return;
    }
    this.move('stopping', reason);
    this.deps.contributions.remove(this.name);
    const step = this.opts.stopStepMs;
    const stopped = await run.transport.shutdown({
      requestShutdown: () => run.connection.request('shutdown', {}, { timeoutMs: step }),
      closeInput: () => run.connection.close('the host is stopping the peer'),
      requestTimeoutMs: step,
      stdinTimeoutMs: step,
      sigtermTimeoutMs: step,
      sigkillTimeoutMs: step * 2,
    });
    // A peer that needed a signal to stop is worth a line in its log: the author should handle shutdown.
    if (stopped.step === 'sigterm' || stopped.step === 'sigkill') this.log.note(`${reason}: it did not exit after the shutdown request and stdin close, so it was sent ${stopped.step === 'sigterm' ? 'SIGTERM' : 'SIGTERM, then SIGKILL'}`);
    if (stopped.step === 'stuck') this.log.note(`${reason}: pid ${run.transport.pid ?? '?'} is still running after SIGKILL`);
    this.endRun(run);
    this.move('stopped', reason);
  }

  /** Stops and starts again, forgetting past crashes (also how a failed peer is revived). */
  async restart(): Promise<void> {
    await this.stop('restart requested');
    this.crashes.reset();
    this.lastErrorText = undefined;
    if (this.stateValue === 'failed') this.move('stopped', 'restart requested');
    await this.start();
  }

  private async launch(): Promise<void> {
    this.move('starting', 'activation requested');
    const ext = this.deps.extension;
    let configFile: { path: string; dispose(): void } | undefined;
    let transport: ChildProcessTransport;
    try {
      const plan0 = planPeerLaunch({ identity: this.deps.identity, home: this.deps.home, baseEnv: this.deps.baseEnv, extension: ext, configFile: '', hub: this.deps.hub() });
      configFile = writeCommandConfigFile(plan0.cwd, this.deps.identity.id, await this.deps.config());
      const plan = { ...plan0, env: { ...plan0.env, [`${this.deps.identity.envPrefix}_EXTENSION_CONFIG`]: configFile.path } };
      // Its own process group: stopping it stops what it started, and a terminal's Ctrl+C goes to the host, which cancels.
      transport = new ChildProcessTransport({ command: plan.command, args: plan.args, cwd: plan.cwd, env: plan.env, stderr: 'pipe', processGroup: true });
    } catch (error) {
      configFile?.dispose();
      const message = error instanceof RunnableError ? `cannot start: ${error.message}` : `cannot start: ${(error as Error).message}`;
      this.fail(message, false);
      throw this.unavailable(`${this.name}: ${message}`);
    }
    const connection = new Connection({
      transport,
      name: `extension ${this.name}`,
      maxMessageBytes: this.opts.maxMessageBytes,
      requestTimeoutMs: this.opts.requestTimeoutMs,
      // A peer that does not read its stdin holds at most this much of the host's memory (64 MiB by default).
      maxQueuedWriteBytes: Math.max(8 * 1024 * 1024, 4 * this.opts.maxMessageBytes),
    });
    const run: Run = { id: randomUUID(), transport, connection, disposables: [], configFile, grants: [], exitHandled: false, killReason: undefined };
    this.run = run;
    run.disposables.push(transport.onStderr((text) => this.log.write(text)));
    run.disposables.push(readWhileServed(transport, connection));
    run.disposables.push(connection.onWarning((w) => this.log.note(`protocol warning: ${w.message}`)));
    run.disposables.push(this.deps.serve(connection, this.name, () => this.currentGrants(run)));
    void transport.exited.then((exit) => this.onExit(run, describeExit(run, exit)));
    run.disposables.push(connection.onClose((event) => this.onConnectionLost(run, event.initiatedBy)));
    run.disposables.push(connection.listen());
    this.log.note(`started pid ${transport.pid ?? '?'}: ${transport.child.spawnargs.join(' ')}`);
    this.move('handshaking', `pid ${transport.pid ?? '?'}`);
    let missingRequired: string[] = [];
    try {
      const approved = this.deps.grants().capabilities;
      const result = await performHostHandshake(connection, {
        host: { name: this.deps.identity.id, version: this.deps.identity.version },
        instanceId: run.id,
        extension: { name: ext.name, version: ext.version, ...(ext.manifest.publisher ? { publisher: ext.manifest.publisher } : {}) },
        timeoutMs: this.opts.handshakeTimeoutMs,
        limits: { maxMessageBytes: this.opts.maxMessageBytes },
        authorize: (peer) => {
          const auth = authorizePeer(peer, ext.manifest, approved);
          const undeclared = this.deps.contributions.undeclared(ext.manifest.contributes, peer.contributes);
          if (undeclared.length) throw new Error(`the peer announces ${undeclared.join(', ')}, which its approved manifest does not declare`);
          missingRequired = auth.missingRequired;
          return auth.grants;
        },
      });
      if (this.run !== run) return;
      run.grants = [...result.grants];
      this.deps.contributions.add(this.name, ext.manifest.contributes, { ...result.peer.contributes });
    } catch (error) {
      if (this.run !== run) throw this.unavailable(`${this.name} stopped while starting`);
      const refused = error instanceof HandshakeError && (error.code === 'rejected_by_host' || error.code === 'protocol_mismatch' || error.code === 'invalid_peer_info');
      // The reason is reported here: the handshake's, or the exit when the peer died during it.
      run.exitHandled = true;
      await this.kill(run);
      const lost = error instanceof HandshakeError && error.code === 'connection_lost' && run.transport.exit;
      const message = lost ? `the peer ${describeExit(run, lost)} during the handshake` : `handshake failed: ${(error as Error).message}`;
      if (refused) {
        // Refused is final (no restart), but the dead run must not linger: stop() would try to stop it again.
        this.endRun(run);
        this.fail(message, false);
      } else this.crashed(run, message);
      throw this.unavailable(`${this.name}: ${message}`);
    }
    if (missingRequired.length) {
      this.diagnosticText = `required capabilit${missingRequired.length === 1 ? 'y' : 'ies'} not granted: ${missingRequired.join(', ')}; run \`${this.deps.identity.id} extensions enable ${this.name} --grant ${missingRequired[0]}\``;
      this.move('degraded', this.diagnosticText);
    } else {
      this.diagnosticText = undefined;
      this.move('ready', 'handshake complete');
    }
    if (this.opts.heartbeat) {
      run.disposables.push(
        startHeartbeat(connection, {
          intervalMs: this.opts.heartbeat.intervalMs,
          timeoutMs: this.opts.heartbeat.timeoutMs,
          onUnresponsive: (e) => {
            if (this.run !== run) return;
            const why = `not answering pings for ${e.silentForMs} ms (stuck)`;
            this.diagnosticText = why;
            if (this.stateValue === 'ready') this.move('degraded', why);
            this.log.note(`${why}; restarting it`);
            run.killReason = `was killed by the host: ${why}`;
            run.transport.kill('SIGKILL');
          },
        }),
      );
    }
  }

  private currentGrants(run: Run): CapabilityGrants {
    // Only what this run was granted at activation and the user still grants now.
    const now = this.deps.grants();
    return { ...now, capabilities: run.grants.filter((c) => now.capabilities.includes(c)) };
  }

  private onConnectionLost(run: Run, initiatedBy: 'local' | 'remote'): void {
    if (this.run !== run || initiatedBy !== 'remote' || this.stateValue === 'stopping') return;
    // The peer can serve nothing more: its contributions go now (before its pending requests are answered
    // with unavailable), not when its process is reaped.
    this.deps.contributions.remove(this.name);
    // A peer that closed its output but lives on is ended, so that its exit is counted as a crash.
    const timer = setTimeout(() => run.transport.kill('SIGKILL'), this.opts.stopStepMs);
    timer.unref();
    void run.transport.exited.then(() => clearTimeout(timer));
  }

  private onExit(run: Run, how: string): void {
    if (this.run !== run || run.exitHandled) return;
    if (this.stateValue === 'stopping' || this.stateValue === 'stopped') return;
    this.crashed(run, `the peer ${how}`);
  }

  private crashed(run: Run, why: string): void {
    if (this.run !== run) return;
    this.endRun(run);
    const tail = this.log.tail().slice(-5).join(' | ');
    this.lastErrorText = tail ? `${why} (stderr: ${tail})` : why;
    this.log.note(why);
    const delay = this.crashes.onCrash();
    if (delay === undefined) {
      this.fail(`${why}; crashed ${this.crashes.recentCrashes()} times within the crash-loop window, not restarting`, true);
      return;
    }
    this.move('stopped', `${why}; restarting in ${delay} ms`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stateValue === 'stopped') this.start().catch(() => undefined);
    }, delay);
    this.restartTimer.unref();
  }

  private fail(why: string, keepError: boolean): void {
    if (!keepError || !this.lastErrorText) this.lastErrorText = why;
    else this.lastErrorText = `${why} — last error: ${this.lastErrorText}`;
    this.log.note(why);
    if (this.stateValue !== 'failed') this.move('failed', why);
  }

  private async kill(run: Run): Promise<void> {
    run.connection.dispose();
    await run.transport.shutdown({ requestTimeoutMs: 0, stdinTimeoutMs: 200, sigtermTimeoutMs: this.opts.stopStepMs, sigkillTimeoutMs: this.opts.stopStepMs });
  }

  private endRun(run: Run): void {
    // What a crashed peer started is orphaned: its group goes with it (a no-op when the group is gone).
    if (run.transport.exit) run.transport.kill('SIGKILL');
    this.deps.contributions.remove(this.name);
    for (const d of run.disposables.splice(0)) d.dispose();
    run.connection.dispose();
    this.lastConnection = run.connection.diagnostics();
    run.configFile?.dispose();
    if (this.run === run) this.run = undefined;
  }

  private clearRestart(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
  }

  private move(to: PeerState, reason: string): void {
    const from = this.stateValue;
    if (from === to) return;
    if (!canMove(from, to)) throw new Error(`bug: peer ${this.name} cannot move from ${from} to ${to} (${reason})`);
    this.stateValue = to;
    const t: PeerTransition = { extension: this.name, from, to, reason, time: new Date().toISOString() };
    this.history.push(t);
    if (this.history.length > 20) this.history.shift();
    // Written to the log too, so that `extensions info` in another process can show what happened.
    this.log.note(`${from} → ${to}: ${reason}`);
    this.deps.onTransition(t);
  }

  private unavailable(message: string): ResponseError {
    return new ResponseError('unavailable', message);
  }
}

/** How a run's process ended, one phrase (`exited with code 3`, `was killed by SIGKILL`). */
function describeExit(run: Run, exit: ChildExit): string {
  if (exit.error) return `could not be started: ${exit.error.message}`;
  return run.killReason ?? (exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`);
}

/** Longest a peer's output stays unread while its requests wait to be served, in ms (see readWhileServed). */
const MAX_READ_PAUSE_MS = 250;

/**
 * Flow control of a peer's output: after each chunk read, reading pauses until a later event-loop turn
 * finds no request of the peer waiting in the connection's queue (or MAX_READ_PAUSE_MS passed: answers the
 * host waits for must still get through). A peer flooding the host then gets one slice of the loop per
 * turn, like every other peer and timer, instead of the whole of it (one pipe read can deliver megabytes,
 * thousands of messages, before anything else runs), and its full pipe pushes back on it.
 */
function readWhileServed(transport: ChildProcessTransport, connection: Connection): Disposable {
  const stdout = transport.child.stdout;
  if (!stdout) return { dispose: () => undefined };
  let pausedAt: number | undefined;
  let disposed = false;
  const resumeWhenServed = (): void => {
    if (disposed || stdout.destroyed || pausedAt === undefined) return;
    if (connection.state === 'open' && connection.diagnostics().queuedIncoming > 0 && Date.now() - pausedAt < MAX_READ_PAUSE_MS) {
      setTimeout(resumeWhenServed, 5).unref();
      return;
    }
    pausedAt = undefined;
    stdout.resume();
  };
  const onData = (): void => {
    if (pausedAt !== undefined) return;
    pausedAt = Date.now();
    stdout.pause();
    setImmediate(resumeWhenServed);
  };
  stdout.on('data', onData);
  return {
    dispose: () => {
      disposed = true;
      stdout.off('data', onData);
      // Never leave the pipe paused: its end must still be seen.
      if (pausedAt !== undefined && !stdout.destroyed) stdout.resume();
    },
  };
}
