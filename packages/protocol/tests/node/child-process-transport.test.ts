import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChildProcessTransport, Connection, ResponseError, performHostHandshake } from '../../src/index.js';
import { fixture, killAfter, startFixturePeer } from './fixture-peers.js';

describe('ChildProcessTransport: a real peer process', () => {
  it('handshakes with a peer over its stdio and stops it with the shutdown request and stdin close', async (t) => {
    const { transport, connection } = startFixturePeer(t, 'conformance-peer.mjs');
    const result = await performHostHandshake(connection, { host: { name: 'test-host', version: '0.0.0' }, instanceId: 'i', extension: { name: 'conformance-peer', version: '1.0.0' } });
    assert.equal(result.peer.name, 'conformance-peer');
    assert.deepEqual(await connection.request('test/echo', { a: 'é' }), { a: 'é' });
    assert.equal(typeof transport.pid, 'number');
    const stop = await transport.shutdown({ requestShutdown: () => connection.request('shutdown'), closeInput: () => connection.close() });
    assert.equal(stop.step, 'stdin');
    assert.deepEqual(stop.exit, { code: 0, signal: null });
  });

  it('escalates to SIGKILL for a peer that ignores stdin close and SIGTERM', async (t) => {
    const { transport, connection } = startFixturePeer(t, 'ignores-sigterm-peer.mjs');
    // Wait until it installed its SIGTERM handler.
    await new Promise<void>((resolve) => {
      const listener = transport.onStderr((text) => {
        if (text.includes('stubborn peer started')) {
          listener.dispose();
          resolve();
        }
      });
    });
    const started = Date.now();
    const stop = await transport.shutdown({ requestShutdown: () => connection.request('shutdown'), closeInput: () => connection.close(), stdinTimeoutMs: 300, sigtermTimeoutMs: 300 });
    assert.equal(stop.step, 'sigkill');
    assert.equal(stop.exit?.signal, 'SIGKILL');
    assert.ok(Date.now() - started < 5000);
    assert.match(transport.stderrTail(), /ignoring SIGTERM/);
  });

  it('reports a program that cannot start: the connection closes and requests fail with unavailable', async () => {
    const transport = new ChildProcessTransport({ command: 'outboard-no-such-program-xyz' });
    const connection = new Connection({ transport, name: 'ghost' });
    const closed = new Promise<string>((resolve) => connection.onClose((e) => resolve(e.reason)));
    connection.listen();
    const exit = await transport.exited;
    assert.equal(exit.code, null);
    assert.match(String(exit.error?.message), /ENOENT/);
    assert.match(await closed, /ENOENT/);
    assert.equal(connection.state, 'closed');
    assert.deepEqual(await transport.shutdown(), { exit, step: 'already-exited' });
  });

  it('keeps the end of stderr and streams it, and reports the exit code', async (t) => {
    const transport = killAfter(t, new ChildProcessTransport({ command: process.execPath, args: [fixture('stderr-peer.mjs')], stderrTailBytes: 9 }));
    const chunks: string[] = [];
    transport.onStderr((text) => chunks.push(text));
    const connection = new Connection({ transport, name: 'stderr-peer' });
    connection.listen();
    // Both lines, then stdin closed: a child that has not even started yet on a busy machine is not stopped early.
    for (const deadline = Date.now() + 10_000; chunks.join('') !== 'line one\nline two\n' && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    // A generous wait after stdin closes: this test is about stderr and the exit code, not the stop steps' timing.
    const stop = await transport.shutdown({ closeInput: () => connection.close(), stdinTimeoutMs: 10_000 });
    assert.equal(stop.step, 'stdin');
    assert.equal(stop.exit?.code, 3);
    assert.equal(chunks.join(''), 'line one\nline two\n');
    assert.equal(transport.stderrTail(), 'line two\n');
  });

  it('rejects bad options with a TypeError naming them', () => {
    assert.throws(() => new ChildProcessTransport({ command: '' }), /ChildProcessTransportOptions.command must be a non-empty string, got ""/);
    assert.throws(() => new ChildProcessTransport({ command: 'x', args: 'a b' as never }), /ChildProcessTransportOptions.args must be an array of strings, got "a b"/);
    assert.throws(() => new ChildProcessTransport({ command: 'x', stderr: 'file' as never }), /stderr must be "pipe", "inherit", "ignore" or a file descriptor, got "file"/);
  });
});

describe('misbehaving peers over real pipes', () => {
  it('survives garbage on stdout: warns once naming the peer, keeps the lines, answers still flow', async (t) => {
    const { transport, connection, warnings } = startFixturePeer(t, 'garbage-stdout-peer.mjs', { name: 'acme.garbage' });
    assert.deepEqual(await connection.request('echo', [1]), [1]);
    assert.deepEqual(await connection.request('echo', [2]), [2]);
    const d = connection.diagnostics();
    assert.equal(d.strayLines, 4);
    assert.deepEqual(d.recentStrayLines.slice(0, 2), ['Starting garbage peer v1...', '\x1b[32mready\x1b[0m']);
    assert.equal(warnings.filter((w) => w.code === 'stray_output').length, 1);
    assert.match(warnings[0]?.message ?? '', /^acme\.garbage wrote a line to stdout/);
    await transport.shutdown({ closeInput: () => connection.close() });
  });

  it('survives a peer sending 3 MB messages: skipped unbuffered, the matching request fails too_large at once', async (t) => {
    const { transport, connection, warnings } = startFixturePeer(t, 'oversized-sender-peer.mjs');
    await assert.rejects(connection.request('big', {}), (e: unknown) => e instanceof ResponseError && e.reason === 'too_large' && e.origin === 'local');
    assert.deepEqual(await connection.request('small', { ok: true }), { ok: true });
    assert.equal(connection.diagnostics().oversizedIncoming, 2);
    assert.deepEqual(warnings.map((w) => w.code), ['oversized_incoming', 'oversized_incoming']);
    await transport.shutdown({ closeInput: () => connection.close() });
  });
});
