import { spawn, type ChildProcess } from 'node:child_process';
import type { Disposable } from '../disposable.js';
import { Emitter, type Event } from '../emitter.js';
import type { Transport, TransportSink } from '../transport.js';
import { checkInteger, describe } from '../connection/connection-options.js';
import { StreamTransport, pollMicrosOption } from './stream-transport.js';
import { stopInSteps, type StopStep, type StopTimings } from './stop-in-steps.js';

/** Options of {@link ChildProcessTransport}. */
export interface ChildProcessTransportOptions {
  /** The program: an absolute path, or a bare name looked up on PATH. Never run through a shell. */
  readonly command: string;
  /** Arguments, passed as they are (no shell, no splitting). Default []. */
  readonly args?: readonly string[];
  /** Working directory. Default: this process's. */
  readonly cwd?: string;
  /** Environment of the child. Default: this process's. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * What to do with the child's stderr: `pipe` (default: delivered to `onStderr` and kept in `stderrTail()`),
   * `inherit`, `ignore`, or a file descriptor (e.g. an open log file).
   */
  readonly stderr?: 'pipe' | 'inherit' | 'ignore' | number;
  /** Bytes of the end of stderr kept for `stderrTail()` when piped. Default 8192. */
  readonly stderrTailBytes?: number;
  /**
   * Start the child as the leader of its own process group (`detached`), and have `kill()`/`shutdown()`
   * signal the whole group, so that processes it started go with it. A terminal's Ctrl+C then no longer
   * reaches the child directly: its host decides. POSIX only; elsewhere signals go to the child alone.
   * Default false.
   */
  readonly processGroup?: boolean;
  /**
   * Microseconds the event loop keeps polling the child's stdout after a message (see
   * `StreamTransportOptions.pollMicros`). Default 0: a host is often the busy side, where polling costs it
   * throughput; set it for a host that mostly makes one call at a time and wants the lowest latency.
   */
  readonly pollMicros?: number;
}

/** How a child ended. */
export interface ChildExit {
  /** Exit code, null when killed by a signal or never started. */
  readonly code: number | null;
  /** The signal that killed it, if one did. */
  readonly signal: NodeJS.Signals | null;
  /** Set when the child could not be started (e.g. ENOENT). */
  readonly error?: Error;
}

/** Timings of {@link ChildProcessTransport.shutdown}, in milliseconds. */
export interface ChildShutdownOptions extends StopTimings {
  /** Closes the input side (e.g. `() => connection.close()`, which flushes queued messages first). Default: the transport's close(). */
  readonly closeInput?: () => unknown;
}

/** How a shutdown went: which step the child exited after. */
export interface ChildShutdownResult {
  readonly exit: ChildExit | undefined;
  /** After which step it exited (see {@link StopStep}). */
  readonly step: StopStep;
}

/**
 * Starts a peer as a child process (explicit argv, never a shell) and talks to it over its stdin/stdout.
 * The child is spawned by the constructor. `shutdown()` stops it in steps: shutdown request, stdin
 * close, SIGTERM, SIGKILL, each with a bounded wait; its timers never keep this process alive.
 */
export class ChildProcessTransport implements Transport, Disposable {
  /** The Node child process (for pid, extra listeners). */
  readonly child: ChildProcess;
  /** Resolves once the child has exited (or failed to start). Never rejects. */
  readonly exited: Promise<ChildExit>;
  private readonly streams: StreamTransport;
  private readonly stderrEmitter = new Emitter<string>();
  private readonly stderrTailBytes: number;
  private tail = '';
  private exitInfo: ChildExit | undefined;
  private spawnError: Error | undefined;
  private sink: TransportSink | undefined;
  private readonly processGroup: boolean;

  /** @throws TypeError naming a bad option. */
  constructor(options: ChildProcessTransportOptions) {
    if (typeof options?.command !== 'string' || options.command === '') throw new TypeError(`ChildProcessTransportOptions.command must be a non-empty string, got ${describe(options?.command)}`);
    const args = options.args ?? [];
    if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) throw new TypeError(`ChildProcessTransportOptions.args must be an array of strings, got ${describe(args)}`);
    const stderr = options.stderr ?? 'pipe';
    if (!(stderr === 'pipe' || stderr === 'inherit' || stderr === 'ignore' || (typeof stderr === 'number' && Number.isInteger(stderr) && stderr >= 0))) {
      throw new TypeError(`ChildProcessTransportOptions.stderr must be "pipe", "inherit", "ignore" or a file descriptor, got ${describe(stderr)}`);
    }
    this.stderrTailBytes = checkInteger('ChildProcessTransportOptions', 'stderrTailBytes', options.stderrTailBytes ?? 8192, 0, 'bytes');
    if (options.processGroup !== undefined && typeof options.processGroup !== 'boolean') throw new TypeError(`ChildProcessTransportOptions.processGroup must be a boolean, got ${describe(options.processGroup)}`);
    this.processGroup = options.processGroup === true && process.platform !== 'win32';
    const pollMicros = pollMicrosOption('ChildProcessTransportOptions', options.pollMicros, 0);
    this.child = spawn(options.command, args, {
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv | undefined,
      stdio: ['pipe', 'pipe', stderr],
      shell: false,
      windowsHide: true,
      detached: this.processGroup,
    });
    this.exited = new Promise<ChildExit>((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
      this.child.on('error', (error) => {
        // An 'error' with no pid means the child never started (ENOENT, EACCES); later errors (a failed
        // kill) change nothing.
        if (this.child.pid !== undefined || this.exitInfo) return;
        this.spawnError = error;
        this.exitInfo = { code: null, signal: null, error };
        resolve(this.exitInfo);
        this.sink?.onClose(error);
      });
    });
    this.streams = new StreamTransport({ readable: this.child.stdout!, writable: this.child.stdin!, pollMicros });
    if (this.child.stderr) {
      this.child.stderr.setEncoding('utf8');
      this.child.stderr.on('data', (text: string) => {
        this.tail = (this.tail + text).slice(-this.stderrTailBytes);
        this.stderrEmitter.fire(text);
      });
    }
  }

  /** The child's pid; undefined when it failed to start. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The exit, once it happened. */
  get exit(): ChildExit | undefined {
    return this.exitInfo;
  }

  /** Text the child wrote to stderr (when piped), as it arrives. */
  readonly onStderr: Event<string> = this.stderrEmitter.event;

  /** The last `stderrTailBytes` characters the child wrote to stderr (when piped). */
  stderrTail(): string {
    return this.tail;
  }

  /** {@inheritDoc Transport.start} */
  start(sink: TransportSink): void {
    this.sink = sink;
    if (this.spawnError && this.child.pid === undefined) {
      sink.onClose(this.spawnError);
      return;
    }
    this.streams.start(sink);
  }

  /** {@inheritDoc Transport.pause} */
  pause(): void {
    this.streams.pause();
  }

  /** {@inheritDoc Transport.resume} */
  resume(): void {
    this.streams.resume();
  }

  /** {@inheritDoc Transport.write} */
  write(data: string | Uint8Array): boolean {
    return this.streams.write(data);
  }

  /**
   * Ends the child's stdin (after what was written). Does not signal it; see `shutdown()`. What the child
   * still writes to stdout is read and dropped, so that a child blocked writing can finish and exit.
   */
  close(): void {
    this.streams.close();
    this.child.stdout?.resume();
  }

  /**
   * Stops the child at once (SIGKILL if it is still running) and ends its stdin. For an orderly stop use
   * `shutdown()`; this is the last resort of a `finally` or a test teardown. Twice is harmless.
   */
  dispose(): void {
    this.close();
    this.kill('SIGKILL');
  }

  /**
   * Sends a signal if the child is still running; with `processGroup`, to its whole group, which may outlive
   * the child (what it started). Returns whether it was sent.
   */
  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    const pid = this.child.pid;
    if (pid === undefined) return false;
    if (this.processGroup) {
      try {
        process.kill(-pid, signal);
        return true;
      } catch {
        // No such group (everyone in it exited): fall back to the child itself.
      }
    }
    if (this.exitInfo) return false;
    return this.child.kill(signal);
  }

  /**
   * Stops the child in steps, each only if it is still running: `requestShutdown()`, close stdin, wait,
   * SIGTERM, wait, SIGKILL, wait. Resolves with the step after which it exited. Never rejects. With
   * `processGroup`, signals go to the group, and whatever is left of the group once the child exited is
   * killed (SIGKILL): the child was told to stop, so what it leaves behind is orphaned.
   */
  async shutdown(options: ChildShutdownOptions = {}): Promise<ChildShutdownResult> {
    const step = await stopInSteps(
      {
        hasExited: () => this.exitInfo !== undefined,
        exited: this.exited,
        closeInput: async () => {
          try {
            await (options.closeInput ?? (() => this.close()))();
          } catch {
            this.close();
          }
        },
        signal: (signal) => this.kill(signal),
      },
      options,
    );
    if (this.processGroup && this.exitInfo) this.kill('SIGKILL');
    return { exit: this.exitInfo, step };
  }
}
