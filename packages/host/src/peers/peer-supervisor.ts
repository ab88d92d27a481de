import { HandshakeError, ResponseError, startHeartbeat } from '@outboard/protocol';
import type { ConnectionDiagnostics, RequestOptions } from '@outboard/protocol';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import { CrashWindow } from '../process/crash-window.js';
import { ProcessLog } from '../process/process-log.js';
import { OVER_MEMORY_LIMIT } from '../process/resource-limits.js';
import type { LimitMode, ResourceLimits } from '../process/resource-limits.js';
import type { LastExit, ProcessSource } from '../process/process-table.js';
import { describeExit, handshakePeerRun, isRefusal, spawnPeerRun } from './peer-run.js';
import type { PeerRun } from './peer-run.js';
import type { PeerSupervisorDeps, PeerSupervisorOptions } from './peer-supervisor-deps.js';
import { canMove } from './peer-state.js';
import type { PeerState, PeerTransition } from './peer-state.js';
import type { PeerStatus } from './peer-status.js';
import { killPeerRun, reapAfterLostConnection, releasePeerRun, stopPeerRun } from './peer-stop.js';
import { missingModuleLine } from '../run/missing-module.js';

export type { PeerExtension, PeerGrants, PeerSupervisorDeps, PeerSupervisorOptions } from './peer-supervisor-deps.js';

/**
 * Supervises one extension's peer: starts it from the host's launch plan, handshakes within a deadline,
 * checks identity and contributions against the approved manifest, shows its contributions only once ready,
 * restarts it with backoff after a crash (and gives up after a crash loop), pings it, and stops it in steps.
 * Its stderr goes to `<logDir>/peer.log`.
 */
export class PeerSupervisor {
  readonly name: string;
  readonly log: ProcessLog;
  private stateValue: PeerState = 'stopped';
  private run: PeerRun | undefined;
  private starting: Promise<void> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly crashes: CrashWindow;
  private restarts = 0;
  private lastExit: LastExit | undefined;
  private applied: { limits: ResourceLimits; mode: LimitMode } | undefined;
  private restartAt = 0;
  private readonly history: PeerTransition[] = [];
  private lastErrorText: string | undefined;
  private diagnosticText: string | undefined;
  private lastConnection: ConnectionDiagnostics | undefined;
  private readonly opts: Required<Omit<PeerSupervisorOptions, 'crash' | 'heartbeat'>> & { heartbeat: PeerSupervisorOptions['heartbeat'] };

  constructor(
    private readonly deps: PeerSupervisorDeps,
    options: PeerSupervisorOptions = {},
  ) {
    this.name = deps.extension.name;
    this.crashes = new CrashWindow({ maxCrashes: 3, ...options.crash });
    this.opts = {
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
      heartbeat: options.heartbeat ?? { intervalMs: 15_000, timeoutMs: 5_000 },
      stopStepMs: options.stopStepMs ?? 2_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      maxMessageBytes: options.maxMessageBytes ?? 1024 * 1024,
    };
    this.log = new ProcessLog({ dir: deps.logDir });
  }

  /** The current lifecycle state. */
  get state(): PeerState {
    return this.stateValue;
  }

  /** State, pid, the last error with the tail of stderr, recent transitions, and the live (else last) connection's counters. */
  status(): PeerStatus {
    return {
      state: this.stateValue,
      pid: this.run?.process.pid ?? null,
      grants: this.run?.grants ?? [],
      diagnostic: this.diagnosticText ?? null,
      lastError: this.lastErrorText ?? null,
      recentCrashes: this.crashes.recent(),
      restartPending: this.restartTimer !== undefined,
      restartAt: this.restartTimer !== undefined ? this.restartAt : null,
      startedAt: this.run ? this.run.startedAt : null,
      readyAt: this.run?.readyAt ?? null,
      log: this.log.path,
      stderrTail: this.log.tail().slice(-20),
      connection: this.run?.connection.diagnostics() ?? this.lastConnection ?? null,
      transitions: [...this.history],
    };
  }

  /** Its row of the host's process table (`processes.list`). */
  processRow(): ReturnType<ProcessSource['row']> {
    const proc = this.run?.process;
    return {
      state: this.stateValue,
      restarts: this.restarts,
      ...(this.lastExit ? { lastExit: this.lastExit } : {}),
      ...(proc && !proc.hasExited ? { figures: proc.figures() } : {}),
      ...(this.applied ? { limits: this.applied.limits, limitMode: this.applied.mode } : {}),
    };
  }

  /** Starts the peer if it is not running; resolves once it is ready (or degraded). A failed peer needs `restart()`. */
  start(): Promise<void> {
    if (this.stateValue === 'ready' || this.stateValue === 'degraded') return Promise.resolve();
    if (this.starting) return this.starting;
    if (this.stateValue === 'failed') return Promise.reject(this.unavailable(`the peer has failed: ${this.lastErrorText ?? 'see its log'}; restart it explicitly`));
    if (this.stateValue === 'stopping') return Promise.reject(this.unavailable('the peer is stopping'));
    this.starting = this.launch().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Sends a request to the peer, starting it first when needed. Rejects with `unavailable` when it cannot run. */
  async request<R = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<R> {
    await this.start();
    const run = this.run;
    if (!run || (this.stateValue !== 'ready' && this.stateValue !== 'degraded')) throw this.unavailable(`the peer is ${this.stateValue}`);
    return run.connection.request<R>(method, params, { timeoutMs: this.opts.requestTimeoutMs, ...options });
  }

  /**
   * Resolves once a peer whose connection was lost has exited (its exit is then in `status().lastError`), or
   * after `timeoutMs`; at once when the peer is connected or not running.
   */
  async settle(timeoutMs = 1000): Promise<void> {
    const run = this.run;
    if (!run || run.process.hasExited || run.connection.state === 'open') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([run.process.exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs).unref()))]);
    clearTimeout(timer);
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
    await stopPeerRun(run, this.opts.stopStepMs, reason);
    this.endRun(run);
    this.move('stopped', reason);
    await this.log.flush();
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
    let run: PeerRun;
    try {
      const plan = await this.deps.launcher.planLaunch(ext, 'peer');
      try {
        const containment = this.deps.containment?.contain(this.name, 'peer', plan.limits);
        this.applied = containment ? { limits: containment.limits, mode: containment.mode } : undefined;
        run = spawnPeerRun(this.name, plan, this.opts, this.log, { services: this.deps.services, watchdog: this.deps.watchdog, ...(this.deps.traffic ? { traffic: this.deps.traffic } : {}), ...(containment ? { containment } : {}) }, (r) => this.currentGrants(r));
      } catch (error) {
        plan.dispose();
        throw error;
      }
    } catch (error) {
      const hint = (error as { hint?: unknown }).hint;
      const message = `cannot start: ${(error as Error).message}${typeof hint === 'string' ? `; ${hint}` : ''}`;
      this.fail(message, false);
      throw this.unavailable(message);
    }
    this.run = run;
    void run.process.exited.then((exit) => {
      this.lastExit = { code: exit.code, signal: exit.signal, reason: exit.reason ?? describeExit(run, exit), at: exit.at };
      if (exit.reason === OVER_MEMORY_LIMIT) this.overLimit(run, exit.reason);
      else this.onExit(run, describeExit(run, exit));
    });
    run.disposables.push(run.connection.onClose((event) => this.onConnectionLost(run, event.initiatedBy)));
    run.disposables.push(run.connection.listen());
    this.log.note(`started pid ${run.process.pid ?? '?'}: ${[run.plan.command, ...run.plan.args].join(' ')}${this.applied && this.applied.mode !== 'none' ? ` (limits by ${this.applied.mode}: ${JSON.stringify(this.applied.limits)})` : ''}`);
    this.move('handshaking', `pid ${run.process.pid ?? '?'}`);
    let missingRequired: string[];
    try {
      const done = await handshakePeerRun(run, this.deps.host, ext, this.deps.grants.current().capabilities, this.deps.contributions, { ...this.opts });
      if (this.run !== run) return;
      missingRequired = done.missingRequired;
      this.deps.contributions.reveal(this.name);
      run.process.markReady();
    } catch (error) {
      throw await this.handshakeFailed(run, error);
    }
    if (missingRequired.length) {
      this.diagnosticText = `required capabilit${missingRequired.length === 1 ? 'y' : 'ies'} not granted: ${missingRequired.join(', ')}; run \`${this.deps.host.id} extensions enable ${this.name} --grant ${missingRequired[0]}\``;
      this.move('degraded', this.diagnosticText);
    } else {
      this.diagnosticText = undefined;
      this.move('ready', 'handshake complete');
    }
    run.readyAt = Date.now();
    if (this.opts.heartbeat) this.watchHeartbeat(run, this.opts.heartbeat);
  }

  /** Ends a run whose handshake failed and returns the one error that says why (reported once). */
  private async handshakeFailed(run: PeerRun, error: unknown): Promise<ResponseError> {
    const over = run.process.exit?.reason;
    if (over) {
      this.overLimit(run, over);
      return this.unavailable(`the peer was stopped: ${over}`);
    }
    if (this.run !== run) return this.unavailable('it was stopped while starting');
    // The reason is reported here: the handshake's, or the exit when the peer died during it.
    run.exitHandled = true;
    await killPeerRun(run, this.opts.stopStepMs);
    const lost = error instanceof HandshakeError && error.code === 'connection_lost' && run.process.exit;
    const message = lost ? `the peer ${describeExit(run, lost)} during the handshake` : `handshake failed: ${(error as Error).message}`;
    if (isRefusal(error)) {
      // Refused is final (no restart), but the dead run must not linger: stop() would try to stop it again.
      this.endRun(run);
      this.fail(message, false);
    } else this.crashed(run, message);
    return this.unavailable(message);
  }

  private watchHeartbeat(run: PeerRun, heartbeat: { intervalMs: number; timeoutMs: number }): void {
    run.disposables.push(
      startHeartbeat(run.connection, {
        ...heartbeat,
        onUnresponsive: (e) => {
          if (this.run !== run) return;
          const why = `not answering pings for ${e.silentForMs} ms (stuck)`;
          this.diagnosticText = why;
          if (this.stateValue === 'ready') this.move('degraded', why);
          this.log.note(`${why}; restarting it`);
          run.killReason = `was killed by the host: ${why}`;
          run.process.signal('SIGKILL');
        },
      }),
    );
  }

  private currentGrants(run: PeerRun): CapabilityGrants {
    // Only what this run was granted at activation and the user still grants now.
    const now = this.deps.grants.current();
    return { ...now, capabilities: run.grants.filter((c) => now.capabilities.includes(c)) };
  }

  private onConnectionLost(run: PeerRun, initiatedBy: 'local' | 'remote'): void {
    if (this.run !== run || initiatedBy !== 'remote' || this.stateValue === 'stopping') return;
    // The peer can serve nothing more: its contributions go now (before its pending requests are answered
    // with unavailable), not when its process is reaped.
    this.deps.contributions.remove(this.name);
    reapAfterLostConnection(run, this.opts.stopStepMs);
  }

  private onExit(run: PeerRun, how: string): void {
    if (this.run !== run || run.exitHandled) return;
    if (this.stateValue === 'stopping' || this.stateValue === 'stopped') return;
    this.crashed(run, `the peer ${how}`);
  }

  /**
   * The host stopped the peer for going over a limit: reported as such (its state's reason, the bus), not a
   * crash: nothing counts in the crash window and no restart is scheduled; its next use starts it again.
   */
  private overLimit(run: PeerRun, why: string): void {
    if (this.run !== run || run.exitHandled || this.stateValue === 'stopping' || this.stateValue === 'stopped') return;
    this.endRun(run);
    this.lastErrorText = why;
    this.deps.onLimit?.({ extension: this.name, kind: 'peer', limit: 'memory', reason: why });
    // A peer still handshaking moves through failed (its start failed); a running one is simply stopped.
    if (this.stateValue === 'starting' || this.stateValue === 'handshaking') this.move('failed', why);
    this.move('stopped', why);
  }

  private crashed(run: PeerRun, why: string): void {
    if (this.run !== run) return;
    this.endRun(run);
    const tail = this.log.tail().slice(-5).join(' | ');
    const missing = missingModuleLine(this.log.tail(), this.deps.extension.dir);
    this.lastErrorText = missing ? `${why}: ${missing}` : tail ? `${why} (stderr: ${tail})` : why;
    this.log.note(why);
    const delay = this.crashes.record();
    if (delay === undefined) {
      this.fail(`${why}; crashed ${this.crashes.recent()} times within the crash-loop window, not restarting`, true);
      return;
    }
    this.move('stopped', `${why}; restarting in ${delay} ms`);
    this.restartAt = Date.now() + delay;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stateValue !== 'stopped') return;
      this.restarts++;
      this.start().catch(() => undefined);
    }, delay);
    this.restartTimer.unref();
  }

  private fail(why: string, keepError: boolean): void {
    if (!keepError || !this.lastErrorText) this.lastErrorText = why;
    else this.lastErrorText = `${why} — last error: ${this.lastErrorText}`;
    this.log.note(why);
    if (this.stateValue !== 'failed') this.move('failed', why);
  }

  private endRun(run: PeerRun): void {
    this.deps.contributions.remove(this.name);
    releasePeerRun(run);
    this.lastConnection = run.connection.diagnostics();
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
