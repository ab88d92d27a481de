import { FrameReader } from '../framing/frame-reader.js';
import { encodeFrame } from '../framing/frame-encoder.js';
import type { Framing } from '../framing/framing.js';
import { ChildProcessTransport, type ChildExit } from '../node/child-process-transport.js';

/** A message the peer wrote, with the framing it came in. */
export interface ReceivedMessage {
  readonly value: unknown;
  readonly framing: Framing;
}

/** Options of {@link PeerProcessSession}. */
export interface PeerProcessSessionOptions {
  readonly command: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Framing the runner writes in. */
  readonly framing: Framing;
}

/**
 * @internal A peer process driven byte by byte for conformance: raw writes, every message read kept in
 * order (with a generous read limit so that what the peer sends can be inspected), `$/ping` from the
 * peer answered automatically. Stray lines and unparsable frames are recorded too.
 */
export class PeerProcessSession {
  readonly transport: ChildProcessTransport;
  private readonly framing: Framing;
  private readonly inbox: ReceivedMessage[] = [];
  private waiter: (() => void) | undefined;
  readonly problems: string[] = [];
  /** Ids of the requests the peer answered `method_not_found`, in order. */
  readonly methodNotFoundIds: unknown[] = [];
  private closedReading = false;

  constructor(options: PeerProcessSessionOptions) {
    const [command, ...args] = options.command;
    this.framing = options.framing;
    this.transport = new ChildProcessTransport({ command: command as string, args, ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}), stderrTailBytes: 4096 });
    const reader = new FrameReader({
      sink: {
        message: (value, framing) => {
          const m = value as { method?: unknown; id?: unknown; error?: unknown };
          if (m && m.method === '$/ping' && m.id !== undefined) {
            this.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }));
            return;
          }
          if (isMethodNotFound(m)) this.methodNotFoundIds.push(m.id);
          this.inbox.push({ value, framing });
          this.wake();
        },
        parseError: (text) => this.problems.push(`the peer wrote unparsable JSON: ${JSON.stringify(text.slice(0, 200))}`),
        stray: (line) => this.problems.push(`the peer wrote a stray line to stdout: ${JSON.stringify(line.slice(0, 200))}`),
        oversized: (frame) => this.problems.push(`the peer wrote a message of ${frame.bytes} bytes, over 64 MiB`),
      },
      maxMessageBytes: 64 * 1024 * 1024,
    });
    this.transport.start({
      onData: (chunk) => reader.push(chunk),
      onDrain: () => undefined,
      onClose: () => {
        reader.end();
        this.closedReading = true;
        this.wake();
      },
    });
  }

  /** Writes one JSON text framed in the session's framing. */
  write(json: string): void {
    this.transport.write(encodeFrame(json, this.framing));
  }

  /** Writes raw text. */
  writeRaw(text: string): void {
    this.transport.write(text);
  }

  /** The next message, or undefined when none arrives within `ms` (or the peer closed its output). */
  async next(ms: number): Promise<ReceivedMessage | undefined> {
    const deadline = Date.now() + ms;
    while (this.inbox.length === 0) {
      if (this.closedReading) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    return this.inbox.shift();
  }

  /** Resolves with the exit, or undefined if the peer is still running after `ms`. */
  async waitForExit(ms: number): Promise<ChildExit | undefined> {
    if (this.transport.exit) return this.transport.exit;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const result = await Promise.race([this.transport.exited, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]);
    clearTimeout(timer);
    return result;
  }

  /** Stops the peer: close stdin, then SIGTERM, then SIGKILL, with short waits. */
  async stop(): Promise<void> {
    await this.transport.shutdown({ stdinTimeoutMs: 1000, sigtermTimeoutMs: 1000, sigkillTimeoutMs: 2000 });
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

function isMethodNotFound(message: { id?: unknown; error?: unknown }): boolean {
  const error = message?.error as { code?: unknown; data?: { code?: unknown } } | undefined;
  return message?.id !== undefined && typeof error === 'object' && error !== null && (error.code === -32601 || error.data?.code === 'method_not_found');
}
