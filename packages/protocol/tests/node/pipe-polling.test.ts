import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { ChildProcessTransport, StdioTransport, StreamTransport } from '../../src/index.js';
import { MAX_PIPE_POLL_MICROS, isPolling, keepPolling } from '../../src/node/pipe-polling.js';

/** Waits until the poller has stopped (bounded: it must stop within its window, so 200 ms is plenty). */
async function pollingStops(): Promise<boolean> {
  for (let i = 0; i < 20 && isPolling(); i++) await delay(10);
  return !isPolling();
}

const sink = { onData: () => undefined, onDrain: () => undefined, onClose: () => undefined };

describe('pipe polling', () => {
  it('keeps the loop turning for the window, then lets it sleep', async () => {
    assert.ok(await pollingStops());
    keepPolling(MAX_PIPE_POLL_MICROS);
    assert.equal(isPolling(), true);
    // An immediate queued now runs on a later turn while the poller is still on.
    let turns = 0;
    await new Promise<void>((resolve) => {
      const turn = (): void => {
        turns++;
        if (turns < 3) setImmediate(turn);
        else resolve();
      };
      setImmediate(turn);
    });
    assert.equal(turns, 3);
    assert.ok(await pollingStops(), 'the poller stops once its window has passed');
  });

  it('does nothing with a window of 0', async () => {
    assert.ok(await pollingStops());
    keepPolling(0);
    assert.equal(isPolling(), false);
  });

  it('is started by a stream transport that polls, on every write, and not by one that does not', async () => {
    assert.ok(await pollingStops());
    const quiet = new StreamTransport({ readable: new PassThrough(), writable: new PassThrough() });
    quiet.start(sink);
    quiet.write('{}\n');
    assert.equal(isPolling(), false, 'a stream transport does not poll by default');
    quiet.close();

    const polling = new StreamTransport({ readable: new PassThrough(), writable: new PassThrough(), pollMicros: 500 });
    polling.start(sink);
    polling.write('{}\n');
    assert.equal(isPolling(), true);
    polling.close();
    assert.ok(await pollingStops());
  });

  it('is started by every chunk read', async () => {
    assert.ok(await pollingStops());
    const readable = new PassThrough();
    const transport = new StreamTransport({ readable, writable: new PassThrough(), pollMicros: 500 });
    // Observed as the chunk is delivered: a later look could find the 500 µs window already over on a slow machine.
    const pollingAtDelivery: boolean[] = [];
    transport.start({ ...sink, onData: () => pollingAtDelivery.push(isPolling()) });
    readable.write('{"jsonrpc":"2.0","method":"x"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(pollingAtDelivery, [true]);
    transport.close();
    assert.ok(await pollingStops());
  });

  it('is on by default on a peer’s stdio', async () => {
    assert.ok(await pollingStops());
    const transport = new StdioTransport({ stdin: new PassThrough(), stdout: new PassThrough(), exitOnStdinEnd: false, redirectConsole: false });
    transport.start(sink);
    transport.write('{}\n');
    assert.equal(isPolling(), true);
    transport.close();
    assert.ok(await pollingStops());
    const off = new StdioTransport({ stdin: new PassThrough(), stdout: new PassThrough(), exitOnStdinEnd: false, redirectConsole: false, pollMicros: 0 });
    off.start(sink);
    off.write('{}\n');
    assert.equal(isPolling(), false);
    off.close();
  });

  it('rejects a bad window with a TypeError naming the option', () => {
    for (const bad of [-1, MAX_PIPE_POLL_MICROS + 1, Number.NaN, '50' as never]) {
      assert.throws(() => new StreamTransport({ readable: new PassThrough(), writable: new PassThrough(), pollMicros: bad }), /StreamTransportOptions\.pollMicros must be a number of microseconds from 0 to 1000, got /);
      assert.throws(() => new StdioTransport({ stdin: new PassThrough(), stdout: new PassThrough(), pollMicros: bad }), /StdioTransportOptions\.pollMicros must be a number/);
      assert.throws(() => new ChildProcessTransport({ command: '/nonexistent/outboard-test-peer', pollMicros: bad }), /ChildProcessTransportOptions\.pollMicros must be a number/);
    }
  });
});
