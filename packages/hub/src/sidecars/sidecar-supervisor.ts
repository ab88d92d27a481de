import { randomBytes } from 'node:crypto';
import { CrashWindow, OVER_MEMORY_LIMIT, ProcessLog, SupervisedProcess, describeProcessExit } from '@outboard/host';
import type { Containment, GroupWatchdog, LastExit, LimitMode, ProcessSource, ResourceLimits } from '@outboard/host';
import type { Pool } from 'undici';
import type { ProxyTarget } from '../proxy/proxy-target.js';
import { upstreamPool } from '../proxy/upstream-pool.js';
import { freeLoopbackPort } from './free-port.js';
import { waitForHealth } from './health-wait.js';
import type { SidecarLifecycle } from './sidecar-options.js';
import { SidecarError } from './sidecar-error.js';
import type { SidecarLaunch } from './sidecar-plan.js';

/** What the hub API and the pages show of a sidecar; `pid` and `startedAt` (ms) while it runs, `retryAt` (ms) while it backs off. */
export interface SidecarStatus {
  name: string;
  state: SidecarState;
  recentCrashes: number;
  lastError: string | null;
  pid?: number;
  startedAt?: number;
  retryAt?: number;
}

/** Where a sidecar is in its life. `backoff`: crashed, and restarts wait (see the process kit's CrashWindow). */
export type SidecarState = 'stopped' | 'starting' | 'running' | 'stopping' | 'crashed' | 'backoff';

/** What a supervisor needs from its fleet. */
export interface SidecarSupervisorDeps {
  readonly name: string;
  /** Plans a launch (checks included) for this port and secret. */
  launch(port: number, secret: string): Promise<SidecarLaunch>;
  readonly watchdog: GroupWatchdog;
  readonly options: SidecarLifecycle;
  /** `<home>/ext/<name>/logs`. */
  readonly logDir: string;
  readonly logFile: string;
  /** The hub's header for the secret, such as `x-outboard-sidecar-secret`. */
  readonly secretHeader: string;
  /** Every change of state, for the host's bus. Default: none. */
  onTransition?(transition: SidecarTransition): void;
  /** Applies the extension's resource limits to each run (its cgroup or rlimits). Default: none applied. */
  contain?(limits: ResourceLimits | undefined): Containment;
  /** The sidecar was stopped for going over a limit (for the host's bus). Default: none. */
  onLimit?(event: { extension: string; kind: 'sidecar'; limit: 'memory'; reason: string }): void;
}

/** One change of a sidecar's state (published on the bus as `sidecar.state`). */
export interface SidecarTransition {
  extension: string;
  from: SidecarState;
  to: SidecarState;
  /** Why, when it crashed or failed to start. */
  reason: string | null;
}

/** One launch that answered its health path: the target requests go to. */
interface SidecarRun extends ProxyTarget {
  readonly process: SupervisedProcess;
  readonly launch: SidecarLaunch;
  stopping: boolean;
}

/**
 * The lifecycle of one extension's sidecar (DESIGN §7): started lazily by {@link acquire} on a free loopback
 * port with a fresh secret, held until its health path answers 200 (up to `healthTimeoutMs`), then
 * watched `earlyExitMs` longer before it counts as running; stopped after `idleStopMinutes` with no request
 * and no open WebSocket ({@link begin} counts both); restarted on the next request after a crash, with a
 * delay once it crashed `crashesBeforeBackoff` times in `crashWindowMs`; never started below the memory floor.
 */
export class SidecarSupervisor {
  readonly log: ProcessLog;
  private state: 'stopped' | 'starting' | 'running' | 'stopping' | 'crashed' = 'stopped';
  private run: SidecarRun | undefined;
  private pending: SidecarRun | undefined;
  private starting: Promise<SidecarRun> | undefined;
  private stopping: Promise<unknown> | undefined;
  private active = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  /** When the last request or WebSocket ended (or the sidecar became running with none). */
  private idleSince = Date.now();
  private lastError: string | null = null;
  private readonly crashes: CrashWindow;
  private restarts = 0;
  private lastExit: LastExit | undefined;
  private applied: { limits: ResourceLimits; mode: LimitMode } | undefined;
  private runStartedAt = 0;

  constructor(private readonly deps: SidecarSupervisorDeps) {
    const o = deps.options;
    this.log = new ProcessLog({ dir: deps.logDir, fileName: deps.logFile.slice(deps.logDir.length + 1), maxBytes: o.logMaxBytes, keep: o.logKeep });
    // Never given up for good: a sidecar starts on demand, so the next request after the delay tries again.
    this.crashes = new CrashWindow({ backoffFrom: o.crashesBeforeBackoff, windowMs: o.crashWindowMs, initialDelayMs: o.backoffInitialMs, maxDelayMs: o.backoffMaxMs, jitter: false });
  }

  private moveTo(state: 'stopped' | 'starting' | 'running' | 'stopping' | 'crashed'): void {
    if (state === this.state) return;
    const from = this.state;
    this.state = state;
    this.deps.onTransition?.({ extension: this.deps.name, from, to: state, reason: state === 'crashed' ? this.lastError : null });
  }

  /** For the hub API: the state, crashes in the window and the last error. */
  status(now = Date.now()): SidecarStatus {
    const nextStartAt = this.crashes.nextStartAt(now);
    const backingOff = this.state === 'crashed' && nextStartAt > now;
    const pid = this.run?.process.pid;
    return {
      name: this.deps.name,
      state: backingOff ? 'backoff' : this.state,
      recentCrashes: this.crashes.recent(now),
      lastError: this.lastError,
      ...(pid !== undefined ? { pid, startedAt: this.runStartedAt } : {}),
      ...(backingOff ? { retryAt: nextStartAt } : {}),
    };
  }

  /** Its row of the host's process table (`processes.list`). */
  processRow(): ReturnType<ProcessSource['row']> {
    const proc = (this.run ?? this.pending)?.process;
    return {
      state: this.status().state,
      restarts: this.restarts,
      ...(this.lastExit ? { lastExit: this.lastExit } : {}),
      ...(proc && !proc.hasExited ? { figures: proc.figures() } : {}),
      // What the hub proxies to it now: requests in flight (one waiting for a start included) and open WebSockets.
      connections: { count: this.active, via: 'hub' },
      ...(this.applied ? { limits: this.applied.limits, limitMode: this.applied.mode } : {}),
    };
  }

  /** True while a process of this sidecar runs (starting, running or stopping). */
  get isRunning(): boolean {
    return this.run !== undefined || this.pending !== undefined;
  }

  /** The running sidecar's target, when one runs and is not being stopped (what {@link acquire} would return at once). */
  get ready(): ProxyTarget | undefined {
    const run = this.run;
    return run && !this.stopping && !run.stopping && !run.process.hasExited ? run : undefined;
  }

  /** Counts a request or an open WebSocket until the returned function is called (once): no idle stop meanwhile. */
  begin(): () => void {
    this.active++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active--;
      if (this.active === 0) {
        this.idleSince = Date.now();
        this.armIdle();
      }
    };
  }

  /** The running sidecar, started (and waited for) when needed. Throws a SidecarError `SIDECAR_UNAVAILABLE` (503). */
  async acquire(): Promise<ProxyTarget> {
    if (this.stopping) await this.stopping;
    if (this.run && !this.run.process.hasExited) return this.run;
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Stops a running (or starting) sidecar in steps. Resolves false when none ran. */
  async stop(reason: string): Promise<boolean> {
    const run = this.run ?? this.pending;
    if (!run) return false;
    const stopped = this.stopRun(run, reason);
    this.stopping = stopped;
    try {
      await stopped;
    } finally {
      if (this.stopping === stopped) this.stopping = undefined;
    }
    return true;
  }

  /** Stops it if it runs, forgets its crashes, and starts it again; resolves whether one was running before. */
  async restart(): Promise<boolean> {
    const was = await this.stop('restart asked for');
    this.crashes.reset();
    this.lastError = null;
    await this.acquire();
    this.armIdle();
    return was;
  }

  private async stopRun(run: SidecarRun, reason: string): Promise<void> {
    run.stopping = true;
    this.clearIdle();
    this.moveTo('stopping');
    this.log.note(`stopping: ${reason}`);
    await run.process.stop({ reason, stepMs: this.deps.options.stopStepMs });
    this.release(run);
    if (!this.run && !this.pending) this.moveTo('stopped');
    await this.log.flush();
  }

  private release(run: SidecarRun): void {
    (run.dispatcher as Pool).destroy().catch(() => undefined);
    run.launch.plan.dispose();
    if (this.run === run) this.run = undefined;
    if (this.pending === run) this.pending = undefined;
  }

  private async start(): Promise<SidecarRun> {
    const o = this.deps.options;
    const now = Date.now();
    const next = this.crashes.nextStartAt(now);
    if (next > now) {
      throw this.unavailable(`the sidecar of ${this.deps.name} crashed ${this.crashes.recent(now)} times in the last ${Math.round(o.crashWindowMs / 60_000)} minutes; the next start is tried in ${Math.ceil((next - now) / 1000)} s`, (next - now) / 1000);
    }
    const free = o.freeMemory();
    if (free < o.memoryFloorBytes) {
      throw this.unavailable(`not starting the sidecar of ${this.deps.name}: ${mib(free)} MiB of memory is free, below the hub's floor of ${mib(o.memoryFloorBytes)} MiB; stop other sidecars or programs and try again`);
    }
    this.moveTo('starting');
    let launch: SidecarLaunch;
    let port: number;
    // A fresh secret per launch: a sidecar checks it on every request, so nothing else on loopback can call it.
    const secret = randomBytes(32).toString('base64url');
    try {
      port = await freeLoopbackPort();
      launch = await this.deps.launch(port, secret);
    } catch (error) {
      this.moveTo(this.lastError ? 'crashed' : 'stopped');
      throw error;
    }
    const containment = this.deps.contain?.(launch.plan.limits);
    this.applied = containment ? { limits: containment.limits, mode: containment.mode } : undefined;
    const child = new SupervisedProcess({ plan: launch.plan, log: this.log, stdout: 'log', watchdog: this.deps.watchdog, ...(containment ? { containment } : {}) });
    if (this.lastExit && this.lastError) this.restarts++;
    void child.exited.then((exit) => {
      this.lastExit = { code: exit.code, signal: exit.signal, reason: exit.reason ?? describeProcessExit(exit), at: exit.at };
    });
    this.log.note(`started pid ${child.pid ?? '?'} on port ${port}${containment && containment.mode !== 'none' ? ` (limits by ${containment.mode}: ${JSON.stringify(containment.limits)})` : ''}`);
    const dispatcher = upstreamPool(port, o.upstreamMaxSockets, launch.headersTimeoutMs);
    const run: SidecarRun = { name: this.deps.name, port, secret, dispatcher, logFile: this.deps.logFile, headersTimeoutMs: launch.headersTimeoutMs, process: child, launch, stopping: false };
    this.pending = run;
    const health = await waitForHealth({
      port,
      path: launch.health,
      headers: { [this.deps.secretHeader]: secret },
      timeoutMs: o.healthTimeoutMs,
      initialIntervalMs: o.healthPollInitialMs,
      maxIntervalMs: o.healthPollMaxMs,
      growth: o.healthPollGrowth,
      probeTimeoutMs: o.healthProbeTimeoutMs,
      abort: child.exited,
    });
    if (run.stopping) throw this.unavailable(`the sidecar of ${this.deps.name} was stopped while starting`);
    if (health.kind === 'aborted') {
      // What it wrote before dying is what its author needs: in the log before the answer names the log.
      await Promise.race([child.drained, delay(o.stdioDrainMs)]);
      throw await this.crashed(run, `the sidecar of ${this.deps.name} ${describeProcessExit(await child.exited)} before ${launch.health} answered 200`);
    }
    if (health.kind === 'timeout') {
      await child.stop({ reason: 'no health answer', stepMs: o.stopStepMs, note: false });
      throw await this.crashed(run, `the sidecar of ${this.deps.name} did not answer 200 on ${launch.health} within ${o.healthTimeoutMs / 1000} s (${health.lastProblem}), so it was stopped`);
    }
    // Exiting right after a 200 means someone else answered on its port: never marked running.
    const earlyExit = await Promise.race([child.exited.then(() => true), delay(o.earlyExitMs).then(() => false)]);
    if (earlyExit) await Promise.race([child.drained, delay(o.stdioDrainMs)]);
    if (earlyExit) throw await this.crashed(run, `the sidecar of ${this.deps.name} ${describeProcessExit(await child.exited)} within ${o.earlyExitMs} ms of its first health answer (another program may have answered on its port)`);
    if (run.stopping) throw this.unavailable(`the sidecar of ${this.deps.name} was stopped while starting`);
    this.pending = undefined;
    this.run = run;
    child.markReady();
    this.runStartedAt = Date.now();
    this.moveTo('running');
    this.log.note(`running: ${launch.health} answered 200`);
    void child.exited.then((exit) => {
      if (run.stopping || this.run !== run) return;
      if (exit.reason === OVER_MEMORY_LIMIT) return this.overLimit(run, exit.reason);
      void this.crashed(run, `the sidecar of ${this.deps.name} ${describeProcessExit(exit)} while running`);
    });
    if (this.active === 0) {
      this.idleSince = Date.now();
      this.armIdle();
    }
    return run;
  }

  /** The host stopped `run` for going over a limit: reported, released, not a crash (the next request starts it again). */
  private overLimit(run: SidecarRun, why: string): void {
    this.lastError = `the sidecar of ${this.deps.name} was stopped: ${why}`;
    this.log.note(this.lastError);
    this.clearIdle();
    this.release(run);
    this.deps.onLimit?.({ extension: this.deps.name, kind: 'sidecar', limit: 'memory', reason: why });
    if (!this.run && !this.pending) this.moveTo('stopped');
  }

  /** Records a crash of `run` (released), and returns the 503 error to answer with once the log has it. */
  private async crashed(run: SidecarRun, message: string): Promise<SidecarError> {
    this.crashes.record();
    this.lastError = message;
    this.log.note(message);
    // The idle timer of the run that crashed: the next run arms its own.
    this.clearIdle();
    this.release(run);
    if (!this.run && !this.pending) this.moveTo('crashed');
    // What it wrote last usually says why (a missing file, a port in use): the answer shows it, not only the log's name.
    const logTail = this.log.tail().slice(-LOG_TAIL_LINES).map((line) => line.slice(0, LOG_TAIL_LINE_CHARS));
    await this.log.flush();
    return this.unavailable(message, undefined, logTail);
  }

  private unavailable(message: string, retryAfterSeconds?: number, logTail?: string[]): SidecarError {
    return new SidecarError('SIDECAR_UNAVAILABLE', `${message}; see its log: ${this.deps.logFile}`, {
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      ...(logTail && logTail.length > 0 ? { logTail } : {}),
    });
  }

  /**
   * One timer per idle period, not one per request: when it fires it stops the sidecar if nothing was active
   * since `idleSince` for the whole idle time, else it is set again for what is left.
   */
  private armIdle(): void {
    const run = this.run;
    if (!run || this.idleTimer) return;
    const minutes = run.launch.idleStopMinutes;
    const idleMs = minutes * this.deps.options.msPerMinute;
    const check = (): void => {
      this.idleTimer = undefined;
      if (this.active > 0) return; // the last end() arms it again
      if (this.run !== run) return this.armIdle(); // another run since: timed on its own

      const left = this.idleSince + idleMs - Date.now();
      if (left > 0) {
        this.idleTimer = setTimeout(check, left);
        this.idleTimer.unref();
        return;
      }
      void this.stop(`no request and no open WebSocket for ${minutes} minutes`);
    };
    this.idleTimer = setTimeout(check, Math.max(0, this.idleSince + idleMs - Date.now()));
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

/** Lines of the log's end a failed start's answer shows, and the characters kept of each. */
const LOG_TAIL_LINES = 5;
const LOG_TAIL_LINE_CHARS = 300;

function mib(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
