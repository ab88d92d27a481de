import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Disposable } from '@outboard/protocol';
import { WATCHDOG_SCRIPT } from './watchdog-script.js';

/** Keeps the process groups of a host's children from outliving the host. */
export interface GroupWatchdog {
  /** Watches process group `pgid` until the returned Disposable is disposed (idempotent). */
  watch(pgid: number): Disposable;
}

/** Options of {@link ProcessGroupWatchdog}. */
export interface ProcessGroupWatchdogOptions {
  /** Wait between SIGTERM and SIGKILL once the host is gone, in whole seconds. Default 1 (all gone within 2 s). */
  graceSeconds?: number;
  /** The POSIX shell that runs the watchdog. Default `/bin/sh`. */
  shell?: string;
}

/**
 * One watchdog process per host, so that the process groups of its children (peers, sidecars and what they
 * started) die with the host however it dies, `kill -9` included. The watchdog is a tiny shell process in
 * its own session (no terminal signal reaches it) holding a pipe from the host; the host registers each
 * child's process group over the pipe and unregisters it when it has stopped the child itself. When the
 * pipe closes, the watchdog sends SIGTERM, then SIGKILL after the grace, to every group still registered.
 *
 * It is started lazily, in the event-loop turn after the first `watch()`, so it never delays a spawn. Not
 * contained: a process that leaves its group on purpose (`setsid`, `setpgid`), and a child started in the
 * instant between its spawn and its registration. POSIX only: elsewhere `watch()` does nothing.
 */
export class ProcessGroupWatchdog implements GroupWatchdog, Disposable {
  private child: ChildProcess | undefined;
  private starting = false;
  private disposed = false;
  /** Groups registered now: written again to a watchdog started anew (if one was killed). */
  private readonly watched = new Set<number>();
  private readonly graceSeconds: number;
  private readonly shell: string;

  constructor(options: ProcessGroupWatchdogOptions = {}) {
    this.graceSeconds = options.graceSeconds ?? 1;
    if (!(Number.isInteger(this.graceSeconds) && this.graceSeconds >= 0)) throw new TypeError(`ProcessGroupWatchdog graceSeconds must be a whole number of seconds >= 0, got ${options.graceSeconds}`);
    this.shell = options.shell ?? '/bin/sh';
  }

  /** The watchdog's pid once it runs (for tests and diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  watch(pgid: number): Disposable {
    if (process.platform === 'win32' || this.disposed || !(Number.isSafeInteger(pgid) && pgid > 1)) return { dispose: () => undefined };
    this.watched.add(pgid);
    this.send(`+${pgid}`);
    let watching = true;
    return {
      dispose: () => {
        if (!watching) return;
        watching = false;
        this.watched.delete(pgid);
        this.send(`-${pgid}`);
      },
    };
  }

  /** Closes the pipe: the watchdog then ends every group still registered (none, after an orderly stop) and exits. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.watched.clear();
    this.child?.stdin?.end();
  }

  private send(line: string): void {
    if (this.disposed) return;
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed) {
      stdin.write(`${line}\n`);
      return;
    }
    if (!this.starting && !this.child) {
      this.starting = true;
      // Off the critical path: the child being watched is spawned and on its way first.
      setImmediate(() => this.start());
    }
  }

  private start(): void {
    this.starting = false;
    if (this.disposed) return;
    let child: ChildProcess;
    try {
      child = spawn(this.shell, ['-c', WATCHDOG_SCRIPT, 'outboard-watchdog', String(this.graceSeconds)], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    } catch {
      return; // no shell: nothing is contained, as on platforms without process groups
    }
    this.child = child;
    child.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    // Neither the watchdog nor its pipe keeps the host alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    if (this.watched.size > 0) child.stdin?.write([...this.watched].map((g) => `+${g}\n`).join(''));
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
    });
  }
}
