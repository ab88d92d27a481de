import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Disposable, GroupWatchdog, LaunchPlan, PeerLog } from '@outboard/host';

/** How a sidecar process ended. */
export interface SidecarExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when it could not be started at all (ENOENT, EACCES). */
  error?: Error;
}

/** Which step of a stop ended the process. */
export type StopStep = 'exited' | 'stdin' | 'sigterm' | 'sigkill' | 'stuck';

/**
 * One running sidecar process: spawned from a launch plan in a process group of its own (so stopping it
 * stops what it started, and the host's watchdog can end the group if the hub dies), with stdin as the
 * lifetime pipe (never written; it closes when the hub stops it or dies) and stdout/stderr to its log.
 */
export class SidecarProcess {
  readonly pid: number | undefined;
  /** Resolves once, when the process has exited (or failed to start). */
  readonly exited: Promise<SidecarExit>;
  /** Resolves when its stdout and stderr have closed too (after exit, unless something it started holds them). */
  readonly drained: Promise<void>;
  private exit: SidecarExit | undefined;
  private readonly child: ChildProcess;
  private readonly watched: Disposable;

  constructor(plan: LaunchPlan, log: PeerLog, watchdog: GroupWatchdog) {
    this.child = spawn(plan.command, [...plan.args], { cwd: plan.cwd, env: plan.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.pid = this.child.pid;
    // The group leader is the sidecar itself (detached: a new session), so its group is its pid.
    this.watched = this.pid === undefined ? { dispose: () => undefined } : watchdog.watch(this.pid);
    this.child.stdout?.on('data', (chunk: Buffer) => log.write(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    this.child.stdin?.on('error', () => undefined); // EPIPE once it exits: the pipe only ever closes
    this.drained = new Promise((resolve) => this.child.once('close', () => resolve()));
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => {
        if (this.pid !== undefined || this.exit) return; // a spawned child's later errors are followed by 'exit'
        this.exit = { code: null, signal: null, error };
        resolve(this.exit);
        this.child.emit('close');
      });
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
    // Leftovers of its group (a background grandchild) go when it ends, and the watchdog forgets it.
    void this.exited.then(() => {
      this.signalGroup('SIGKILL');
      this.watched.dispose();
    });
  }

  /** True once the process has exited. */
  get hasExited(): boolean {
    return this.exit !== undefined;
  }

  /**
   * Stops it in steps: stdin closed (the contract: a sidecar exits when it closes), then SIGTERM, then
   * SIGKILL, to the whole process group, each after `stepMs` (SIGKILL waits twice that). Resolves with the
   * step that ended it. Idempotent.
   */
  async stop(stepMs: number): Promise<StopStep> {
    if (this.exit) return 'exited';
    this.child.stdin?.end();
    if (await this.exitsWithin(stepMs)) return 'stdin';
    this.signalGroup('SIGTERM');
    if (await this.exitsWithin(stepMs)) return 'sigterm';
    this.signalGroup('SIGKILL');
    return (await this.exitsWithin(stepMs * 2)) ? 'sigkill' : 'stuck';
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is gone already
    }
  }

  private exitsWithin(ms: number): Promise<boolean> {
    if (this.exit) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      timer.unref();
      void this.exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/** How a sidecar ended, one phrase (`exited with code 3`, `was killed by SIGKILL`, `could not be started: …`). */
export function describeSidecarExit(exit: SidecarExit): string {
  if (exit.error) return `could not be started: ${exit.error.message}`;
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}
