import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { stopInSteps, type StopStep } from '@outboard/protocol';
import type { Disposable } from '@outboard/protocol/disposable';
import type { GroupWatchdog } from './process-group-watchdog.js';
import type { ProcessLog } from './process-log.js';
import type { CpuThrottling } from './cpu-throttling.js';
import { ProcSampler, readOpenSockets } from './proc-sample.js';
import type { Containment } from './containment.js';
import { OVER_MEMORY_LIMIT } from './resource-limits.js';

/** What is spawned: explicit argv (never a shell), the complete environment, the working directory. */
export interface SpawnPlan {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
}

/** How a supervised process ended. */
export interface ProcessExit {
  /** Exit code, null when killed by a signal or never started. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Set when it could not be started at all (ENOENT, EACCES). */
  readonly error?: Error;
  /** Set when the host stopped it for a reason of its own (`over memory limit`): then it is not a crash. */
  readonly reason?: string;
  /** When, ISO 8601. */
  readonly at: string;
}

/** Options of {@link SupervisedProcess}. */
export interface SupervisedProcessOptions {
  readonly plan: SpawnPlan;
  /** Its log: stderr always goes there; stdout too unless it is the wire (`stdout: 'pipe'`). */
  readonly log: ProcessLog;
  /** `pipe`: stdout is read by the caller (a peer's messages); `log`: it goes to the log (a sidecar). */
  readonly stdout: 'pipe' | 'log';
  /** Keeps its process group from outliving the host. */
  readonly watchdog: GroupWatchdog;
  /** Its cgroup or rlimits, which wrap the spawn. Default: none. */
  readonly containment?: Containment;
  /** Called once when the host stops it for going over its memory limit (before it is killed). Default: none. */
  readonly onOverMemory?: () => void;
}

/** Options of {@link SupervisedProcess.stop}. */
export interface ProcessStopOptions {
  /** Why it is stopped, for the log (`stopped by the host`, `the hub is stopping`). */
  readonly reason: string;
  /** Each step's wait (the shutdown request, stdin closed, SIGTERM), in ms; SIGKILL waits twice that. */
  readonly stepMs: number;
  /** Asks it to stop first (a peer's `shutdown` request). Default: none. */
  readonly requestShutdown?: () => Promise<unknown>;
  /** Ends its input (a connection flushing first). Default: its stdin is ended. */
  readonly closeInput?: () => unknown;
  /** Whether the log is told when signals were needed. Default true. */
  readonly note?: boolean;
}

/** The figures a page shows about a running process. */
export interface ProcessFigures {
  readonly pid?: number;
  readonly startedAt: string;
  readonly readyAt?: string;
  readonly cpuPercent?: number;
  readonly rssBytes?: number;
  /** Sockets it holds open (from `/proc`), where `/proc` can tell. */
  readonly sockets?: number;
  /** How often its cgroup's CPU limit held it back, when it runs in a cgroup with one. */
  readonly throttling?: CpuThrottling;
}

/** How often the host samples a process with a memory limit it cannot leave to a cgroup, in ms. */
const MEMORY_WATCH_MS = 200;

/**
 * One supervised process of the host (a peer, a sidecar): the process kit's one spawn path. Spawned from a
 * launch plan, wrapped by its containment (cgroup or rlimits), as the leader of a process group of its own
 * watched by the host's watchdog (stopping it stops what it started; a dead host leaves nothing), with
 * stdin as the lifetime pipe, stderr (and stdout unless it is the wire) to its log. It stops in the one
 * ladder of steps, notes in its log when signals were needed, and once it exited, whatever is left of its
 * group and cgroup is killed. It knows its pid, start and ready times, exit, CPU and memory.
 */
export class SupervisedProcess implements Disposable {
  readonly child: ChildProcess;
  readonly pid: number | undefined;
  readonly startedAt = new Date().toISOString();
  /** Resolves once, when it has exited (or failed to start). Never rejects. */
  readonly exited: Promise<ProcessExit>;
  /** Resolves when its stdout and stderr have closed too. */
  readonly drained: Promise<void>;
  private exitValue: ProcessExit | undefined;
  private readyAtValue: string | undefined;
  private readonly sampler: ProcSampler | undefined;
  private readonly watched: Disposable;
  private readonly containment: Containment | undefined;
  private memoryTimer: ReturnType<typeof setInterval> | undefined;
  private overMemory = false;

  constructor(private readonly options: SupervisedProcessOptions) {
    const { plan, log, containment } = options;
    this.containment = containment;
    const argv = containment ? containment.wrap(plan.command, plan.args) : { command: plan.command, args: [...plan.args] };
    this.child = spawn(argv.command, argv.args, { cwd: plan.cwd, env: plan.env, detached: process.platform !== 'win32', stdio: ['pipe', 'pipe', 'pipe'], shell: false, windowsHide: true });
    this.pid = this.child.pid;
    // The leader of its group is the process itself (detached: a new session), so its group is its pid.
    this.watched = this.pid === undefined ? { dispose: () => undefined } : options.watchdog.watch(this.pid);
    this.sampler = this.pid === undefined ? undefined : new ProcSampler(this.pid);
    this.child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    if (options.stdout === 'log') this.child.stdout?.on('data', (chunk: Buffer) => log.write(chunk));
    this.child.stdin?.on('error', () => undefined); // EPIPE once it exits: the pipe only ever closes
    this.drained = new Promise((resolve) => this.child.once('close', () => resolve()));
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => {
        // An 'error' with no pid: it never started; a started child's later errors (a failed kill) are followed by 'exit'.
        if (this.pid !== undefined || this.exitValue) return;
        this.exitValue = { code: null, signal: null, error, at: new Date().toISOString() };
        resolve(this.exitValue);
        this.child.emit('close');
      });
      this.child.once('exit', (code, signal) => {
        const over = this.overMemory || containment?.wasOverMemory() === true;
        this.exitValue = { code, signal, ...(over ? { reason: OVER_MEMORY_LIMIT } : {}), at: new Date().toISOString() };
        resolve(this.exitValue);
      });
    });
    this.watchMemory();
    // Leftovers of its group and cgroup (a background grandchild, a daemon) go when it ends.
    void this.exited.then(() => {
      clearInterval(this.memoryTimer);
      this.signal('SIGKILL');
      this.watched.dispose();
      containment?.dispose();
    });
  }

  /** Its stdout, when it is the wire (`stdout: 'pipe'`). */
  get stdout(): Readable {
    return this.child.stdout as Readable;
  }

  /** Its stdin: the lifetime pipe (a peer's messages go there too). */
  get stdin(): Writable {
    return this.child.stdin as Writable;
  }

  /** The exit, once it happened. */
  get exit(): ProcessExit | undefined {
    return this.exitValue;
  }

  /** True once it has exited. */
  get hasExited(): boolean {
    return this.exitValue !== undefined;
  }

  /** When it became ready (a peer's handshake, a sidecar's health), ISO 8601. */
  get readyAt(): string | undefined {
    return this.readyAtValue;
  }

  /** Notes that it is ready now. */
  markReady(): void {
    this.readyAtValue ??= new Date().toISOString();
  }

  /** Pid, times, and CPU and memory sampled from `/proc` now (absent where `/proc` cannot tell). */
  figures(): ProcessFigures {
    const sample = this.exitValue ? undefined : this.sampler?.sample();
    const sockets = sample && this.pid !== undefined ? readOpenSockets(this.pid) : undefined;
    const throttling = sample ? this.containment?.cpuThrottling() : undefined;
    return {
      ...(this.pid !== undefined ? { pid: this.pid } : {}),
      startedAt: this.startedAt,
      ...(this.readyAtValue ? { readyAt: this.readyAtValue } : {}),
      ...(sample?.cpuPercent !== undefined ? { cpuPercent: sample.cpuPercent } : {}),
      ...(sample ? { rssBytes: this.containment?.memoryBytes() ?? sample.rssBytes } : {}),
      ...(sockets !== undefined ? { sockets } : {}),
      ...(throttling ? { throttling } : {}),
    };
  }

  /**
   * Sends a signal to its whole process group and, with a cgroup, to every process in it (one that left the
   * group included). Nothing happens once everything is gone.
   */
  signal(signal: 'SIGTERM' | 'SIGKILL'): void {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is gone already; the child alone, if it still runs.
      if (!this.exitValue) this.child.kill(signal);
    }
    this.containment?.signalAll(signal);
  }

  /**
   * Stops it in the one ladder of steps (see `stopInSteps`): the shutdown request when given, its input
   * closed, SIGTERM, SIGKILL, to the whole group; resolves with the step that ended it. When signals were
   * needed, its log says so: its author should handle the end of stdin. Idempotent.
   */
  async stop(options: ProcessStopOptions): Promise<StopStep> {
    const step = await stopInSteps(
      {
        hasExited: () => this.hasExited,
        exited: this.exited,
        closeInput: options.closeInput ?? (() => this.child.stdin?.end()),
        signal: (signal) => this.signal(signal),
      },
      { requestShutdown: options.requestShutdown, requestTimeoutMs: options.requestShutdown ? options.stepMs : 0, stdinTimeoutMs: options.stepMs, sigtermTimeoutMs: options.stepMs, sigkillTimeoutMs: options.stepMs * 2 },
    );
    if (options.note !== false) {
      const asked = options.requestShutdown ? 'after the shutdown request and stdin close' : 'when its stdin closed';
      if (step === 'sigterm' || step === 'sigkill') this.options.log.note(`${options.reason}: it did not exit ${asked}, so it was sent ${step === 'sigterm' ? 'SIGTERM' : 'SIGTERM, then SIGKILL'}`);
      if (step === 'stuck') this.options.log.note(`${options.reason}: pid ${this.pid ?? '?'} is still running after SIGKILL`);
    }
    return step;
  }

  /** Kills it and everything it started at once (SIGKILL), and ends its stdin. Twice is harmless. */
  dispose(): void {
    this.child.stdin?.end();
    this.signal('SIGKILL');
  }

  /**
   * A memory limit without a cgroup's own enforcement is the host's to keep: its resident memory is
   * sampled, and over the limit it is killed and its exit says so.
   */
  private watchMemory(): void {
    const limitBytes = this.containment?.hostWatchedMemoryBytes();
    if (limitBytes === undefined || this.pid === undefined) return;
    const sampler = new ProcSampler(this.pid);
    this.memoryTimer = setInterval(() => {
      const used = this.containment?.memoryBytes() ?? sampler.sample()?.rssBytes;
      if (used === undefined || used <= limitBytes || this.overMemory || this.exitValue) return;
      this.overMemory = true;
      this.options.onOverMemory?.();
      this.options.log.note(`${OVER_MEMORY_LIMIT}: ${Math.round(used / 1048576)} MiB resident, above its limit of ${Math.round(limitBytes / 1048576)} MiB, so it was killed`);
      this.signal('SIGKILL');
    }, MEMORY_WATCH_MS);
    this.memoryTimer.unref();
  }
}

/** How a process ended, one phrase (`exited with code 3`, `was killed by SIGKILL`, `could not be started: …`, `over memory limit`). */
export function describeProcessExit(exit: Pick<ProcessExit, 'code' | 'signal' | 'error' | 'reason'>): string {
  if (exit.error) return `could not be started: ${exit.error.message}`;
  if (exit.reason) return `was stopped: ${exit.reason}`;
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}
