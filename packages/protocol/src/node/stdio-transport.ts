import { inspect } from 'node:util';
import { StreamTransport, pollMicrosOption } from './stream-transport.js';
import { PEER_PIPE_POLL_MICROS } from './pipe-polling.js';
import type { Readable, Writable } from 'node:stream';
import type { Transport, TransportSink } from '../transport.js';
import { describe } from '../connection/connection-options.js';

/** Options of {@link StdioTransport}. */
export interface StdioTransportOptions {
  /** Input. Default process.stdin. */
  readonly stdin?: Readable;
  /** Output. Default process.stdout. */
  readonly stdout?: Writable;
  /**
   * Exit the process when stdin ends (the host went away), after stdout is flushed, so a peer never
   * outlives its host. Default true. Set false to handle `onClose` yourself.
   */
  readonly exitOnStdinEnd?: boolean;
  /** Exit code used by `exitOnStdinEnd`. Default 0. */
  readonly exitCode?: number;
  /**
   * While the transport is open, send console.log/info/debug/dir to stderr, so a stray log line cannot
   * corrupt the protocol stream. Default true. Restored on close.
   */
  readonly redirectConsole?: boolean;
  /**
   * Microseconds the event loop keeps polling stdin after a message, because a host's next call usually
   * follows an answer sooner than a sleeping process wakes: about 2.5x the round trips of small calls made
   * one at a time, for at most this much CPU after the last message. Default {@link PEER_PIPE_POLL_MICROS};
   * 0 turns it off.
   */
  readonly pollMicros?: number;
}

/**
 * The transport of a peer process: reads its stdin, writes its stdout. For peers written in TypeScript.
 * By default a closed stdin ends the process, and console output is kept off stdout.
 */
export class StdioTransport implements Transport {
  private readonly inner: StreamTransport;
  private readonly stdout: Writable;
  private readonly exitOnStdinEnd: boolean;
  private readonly exitCode: number;
  private readonly redirectConsole: boolean;
  private restoreConsole: (() => void) | undefined;

  /** @throws TypeError naming a bad option. */
  constructor(options: StdioTransportOptions = {}) {
    const exitCode = options.exitCode ?? 0;
    if (!Number.isInteger(exitCode) || exitCode < 0 || exitCode > 255) throw new TypeError(`StdioTransportOptions.exitCode must be an integer 0..255, got ${describe(exitCode)}`);
    this.stdout = options.stdout ?? process.stdout;
    const pollMicros = pollMicrosOption('StdioTransportOptions', options.pollMicros, PEER_PIPE_POLL_MICROS);
    this.inner = new StreamTransport({ readable: options.stdin ?? process.stdin, writable: this.stdout, endWritableOnClose: false, pollMicros });
    this.exitOnStdinEnd = options.exitOnStdinEnd ?? true;
    this.exitCode = exitCode;
    this.redirectConsole = options.redirectConsole ?? true;
  }

  /** {@inheritDoc Transport.start} */
  start(sink: TransportSink): void {
    if (this.redirectConsole) this.restoreConsole = redirectConsoleToStderr();
    this.inner.start({
      onData: (chunk) => sink.onData(chunk),
      onDrain: () => sink.onDrain(),
      onClose: (error) => {
        sink.onClose(error);
        this.restore();
        if (this.exitOnStdinEnd) this.stdout.write('', () => process.exit(this.exitCode));
      },
    });
  }

  /** {@inheritDoc Transport.pause} */
  pause(): void {
    this.inner.pause();
  }

  /** {@inheritDoc Transport.resume} */
  resume(): void {
    this.inner.resume();
  }

  /** {@inheritDoc Transport.write} */
  write(data: string | Uint8Array): boolean {
    return this.inner.write(data);
  }

  /** Stops reading stdin (stdout stays open) and restores the console. Does not exit the process. */
  close(): void {
    this.inner.close();
    this.restore();
  }

  /** Same as `close()`. */
  dispose(): void {
    this.close();
  }

  private restore(): void {
    this.restoreConsole?.();
    this.restoreConsole = undefined;
  }
}

/* eslint-disable no-console -- the one place that keeps console output off the wire */
function redirectConsoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug, dir: console.dir };
  // console.error/warn already go to stderr; route the stdout ones there too.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  console.dir = (item: unknown) => void process.stderr.write(`${inspect(item)}\n`);
  return () => Object.assign(console, saved);
}
/* eslint-enable no-console */
