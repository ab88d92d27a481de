/** Test helpers: two connections over a linked in-memory pipe, or one connection and a raw byte end. */
import { Connection, FrameReader, createLinkedTransports, type ConnectionOptions, type ConnectionWarning, type LinkedTransport, type LinkedTransportOptions } from '../../src/index.js';

type Extra = Omit<ConnectionOptions, 'transport'>;

/** `host` and `peer`, listening, each collecting its warnings. */
export function connectedPair(options: { host?: Extra; peer?: Extra; link?: LinkedTransportOptions } = {}): {
  host: Connection;
  peer: Connection;
  hostEnd: LinkedTransport;
  peerEnd: LinkedTransport;
  hostWarnings: ConnectionWarning[];
  peerWarnings: ConnectionWarning[];
} {
  const [hostEnd, peerEnd] = createLinkedTransports(options.link);
  const host = new Connection({ transport: hostEnd, name: 'test-peer', ...options.host });
  const peer = new Connection({ transport: peerEnd, name: 'test-host', ...options.peer });
  const hostWarnings: ConnectionWarning[] = [];
  const peerWarnings: ConnectionWarning[] = [];
  host.onWarning((w) => hostWarnings.push(w));
  peer.onWarning((w) => peerWarnings.push(w));
  return { host, peer, hostEnd, peerEnd, hostWarnings, peerWarnings };
}

/** A connection whose other end is driven by hand: `send` raw text, read what the connection wrote. */
export function rawPeer(options: Extra = {}): {
  connection: Connection;
  send(text: string): void;
  received: unknown[];
  /** The framing of each received message. */
  framings: string[];
  nextMessage(): Promise<unknown>;
  end: LinkedTransport;
  warnings: ConnectionWarning[];
} {
  const [near, far] = createLinkedTransports();
  const connection = new Connection({ transport: near, name: 'raw-peer', ...options });
  const warnings: ConnectionWarning[] = [];
  connection.onWarning((w) => warnings.push(w));
  const received: unknown[] = [];
  const framings: string[] = [];
  const waiters: Array<(value: unknown) => void> = [];
  let read = 0;
  const reader = new FrameReader({
    sink: {
      message: (value, framing) => {
        received.push(value);
        framings.push(framing);
        const waiter = waiters.shift();
        if (waiter) waiter(received[read++]);
      },
      parseError: () => undefined,
      stray: () => undefined,
      oversized: () => undefined,
    },
    maxMessageBytes: 64 * 1024 * 1024,
  });
  far.start({ onData: (chunk) => reader.push(chunk), onDrain: () => undefined, onClose: () => undefined });
  return {
    connection,
    send: (text) => void far.write(text),
    received,
    framings,
    end: far,
    warnings,
    nextMessage: () => (read < received.length ? Promise.resolve(received[read++]) : new Promise((resolve) => waiters.push(resolve))),
  };
}

/** Resolves after the event loop turned `n` times (flushes use setImmediate). */
export async function turns(n = 3): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}
