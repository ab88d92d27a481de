import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { ChildProcessTransport, Connection, StdioTransport, StreamTransport, type TransportSink } from '../../src/index.js';
import { fixture, killAfter } from './fixture-peers.js';

/** Resolves once the child wrote `text` on stderr (bounded: rejects after `ms`). */
function stderrSays(transport: ChildProcessTransport, text: string, ms = 20_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (!transport.stderrTail().includes(text)) return;
      listener.dispose();
      clearTimeout(timer);
      resolve();
    };
    const listener = transport.onStderr(check);
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`the peer never wrote "${text}" on stderr; it wrote: ${transport.stderrTail()}`));
    }, ms);
    check();
  });
}

/** A promise with its resolver, for "resolve when the handler saw the last one". */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function floodPeer(t: Parameters<typeof killAfter>[0], ...args: string[]): ChildProcessTransport {
  return killAfter(t, new ChildProcessTransport({ command: process.execPath, args: [fixture('flood-peer.mjs'), ...args], stderrTailBytes: 4096 }));
}

describe('Transport.pause()/resume() on a real child process', () => {
  it('pause stops delivery (the peer is pushed back), resume delivers everything in order', async (t) => {
    const count = 20_000; // ~5 MB: far more than a pipe holds
    const transport = floodPeer(t, 'notify', String(count));
    const connection = new Connection({ transport, name: 'flood' });
    const seen: number[] = [];
    const all = signal();
    connection.onNotification<{ n: number }>('tick', ({ n }) => {
      seen.push(n);
      // Paused from inside a handler, twice (idempotent): the rest of the chunk is still handled.
      if (n === 100) {
        transport.pause();
        transport.pause();
      }
      if (seen.length === count) all.resolve();
    });
    connection.listen();
    connection.notify('go');
    // The peer's pipe filled while nothing was read: it says so, and it cannot have finished.
    await stderrSays(transport, 'blocked');
    const whilePaused = seen.length;
    assert.ok(whilePaused >= 100 && whilePaused < count, `paused after 100, yet ${whilePaused} of ${count} were delivered`);
    assert.doesNotMatch(transport.stderrTail(), /written/);
    assert.equal(connection.state, 'open');
    transport.resume();
    transport.resume();
    await all.promise;
    await stderrSays(transport, `written ${count}`);
    assert.ok(seen.every((n, i) => n === i + 1), 'in order, none lost or repeated');
    await transport.shutdown({ closeInput: () => connection.close() });
  });

  it('holds the end of input while paused: the messages come first, then the close', async (t) => {
    const transport = floodPeer(t, 'notify', '50', 'exit');
    transport.pause(); // before listen(): nothing is read at all
    const connection = new Connection({ transport, name: 'short' });
    const log: string[] = [];
    connection.onNotification<{ n: number }>('tick', ({ n }) => void log.push(`tick ${n}`));
    const closed = new Promise<void>((resolve) => connection.onClose((e) => (log.push(`close ${e.initiatedBy}`), resolve())));
    connection.listen();
    connection.notify('go');
    // The peer wrote everything and exited; its output waits in the pipe, unread.
    const exit = await transport.exited;
    assert.equal(exit.code, 0);
    assert.deepEqual(log, []);
    assert.equal(connection.state, 'open');
    transport.resume();
    await closed;
    assert.equal(log.length, 51);
    assert.equal(log[49], 'tick 50');
    assert.equal(log[50], 'close remote');
  });

  it('onDataRead + onIncomingQueueEmpty: one chunk per turn while requests wait, no polling', async (t) => {
    const count = 3000;
    const transport = floodPeer(t, 'request', String(count));
    const connection = new Connection({ transport, name: 'requests', maxIncomingInFlight: 4, maxIncomingQueued: 100_000 });
    let maxQueued = 0;
    let pauses = 0;
    connection.onRequest<{ n: number }>('work', async ({ n }) => {
      await new Promise((resolve) => setImmediate(resolve));
      return n;
    });
    // The owner's policy, built on the transport and connection alone (never on child.stdout).
    let paused = false;
    const resumeIfServed = (): void => {
      if (!paused || connection.diagnostics().queuedIncoming > 0) return;
      paused = false;
      transport.resume();
    };
    connection.onDataRead(() => {
      maxQueued = Math.max(maxQueued, connection.diagnostics().queuedIncoming);
      if (paused) return;
      paused = true;
      pauses++;
      transport.pause();
      setImmediate(resumeIfServed);
    });
    connection.onIncomingQueueEmpty(() => setImmediate(resumeIfServed));
    connection.listen();
    connection.notify('go');
    await stderrSays(transport, `answered ${count}`);
    assert.ok(pauses > 1, `read was paused ${pauses} times`);
    assert.ok(maxQueued > 0, 'a chunk holds more requests than run at once, so some waited');
    const d = connection.diagnostics();
    assert.equal(d.queuedIncoming, 0);
    assert.equal(d.runningIncoming, 0);
    await transport.shutdown({ closeInput: () => connection.close() });
  });

  it('pause/resume are harmless after close and after the child failed to start', async () => {
    const ghost = new ChildProcessTransport({ command: 'outboard-no-such-program-xyz' });
    ghost.pause();
    ghost.resume();
    await ghost.exited;
    ghost.close();
    ghost.pause();
    ghost.resume();
  });
});

describe('StreamTransport/StdioTransport pause()/resume()', () => {
  function collect(): { sink: TransportSink; chunks: string[]; closed: Promise<void> } {
    const chunks: string[] = [];
    let onClose!: () => void;
    const closed = new Promise<void>((resolve) => (onClose = resolve));
    return { chunks, closed, sink: { onData: (c) => void chunks.push(Buffer.from(c).toString()), onDrain: () => undefined, onClose: () => (chunks.push('<end>'), onClose()) } };
  }

  it('paused before start, resumed before start: flows once started', async () => {
    const readable = new PassThrough();
    const transport = new StreamTransport({ readable, writable: new PassThrough() });
    transport.pause();
    transport.resume();
    const { sink, chunks, closed } = collect();
    transport.start(sink);
    readable.end('abc');
    await closed;
    assert.deepEqual(chunks, ['abc', '<end>']);
  });

  it('a stream that emits after pause(): the chunk is held, then delivered first on resume, the end after it', async () => {
    const readable = new PassThrough();
    const transport = new StreamTransport({ readable, writable: new PassThrough() });
    const { sink, chunks, closed } = collect();
    transport.start(sink);
    transport.pause();
    readable.emit('data', Buffer.from('early')); // as a stream that ignores pause() would
    readable.end('late');
    readable.emit('end'); // ditto: an end while paused
    assert.deepEqual(chunks, []);
    transport.resume();
    await closed;
    assert.deepEqual(chunks.slice(0, 1), ['early']);
    assert.equal(chunks.at(-1), '<end>');
  });

  it('StdioTransport delegates to its stdin', async () => {
    const stdin = new PassThrough();
    const transport = new StdioTransport({ stdin, stdout: new PassThrough(), exitOnStdinEnd: false, redirectConsole: false });
    const { sink, chunks, closed } = collect();
    transport.start(sink);
    transport.pause();
    stdin.write('one');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(stdin.readableLength, 3, 'left unread in the stream');
    assert.deepEqual(chunks, []);
    transport.resume();
    stdin.end();
    await closed;
    assert.deepEqual(chunks, ['one', '<end>']);
    transport.close();
  });
});
