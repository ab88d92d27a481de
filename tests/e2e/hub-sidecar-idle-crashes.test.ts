// Idle stop keeps working whatever ends a request or a WebSocket (issue 21): after three crashes into backoff
// (each cutting a request, a WebSocket and an upgrade in flight, and each restart caused by an upgrade whose
// client gave up before it was forwarded) the restarted sidecar still idle-stops; and a
// half-closed WebSocket (the client sent its FIN, the sidecar never closes its side) is closed by the hub after
// a short grace and never keeps the sidecar running. Real sockets and processes on 127.0.0.1.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import WebSocket from 'ws';
import { waitFor } from './actions-home.js';
import { sidecarHome } from './hub-sidecar-home.js';
import { startRealHub, upgradeHead, wsHoldLog, type RealHub } from './hub-hardened-home.js';

/** recorder's idleStopMinutes is 15: with 100 ms minutes it idles out after 1.5 s. */
const MS_PER_MINUTE = 100;

describe('idle stop after crashes, and half-closed WebSockets', { timeout: 120_000 }, () => {
  let h: ReturnType<typeof sidecarHome>;
  let hub: RealHub;
  const state = (): string | undefined => hub.manager.list().find((s) => s.name === 'recorder')?.state;
  before(async () => {
    h = sidecarHome(['recorder']);
    hub = await startRealHub(h.home, { msPerMinute: MS_PER_MINUTE, backoffInitialMs: 500, halfCloseGraceMs: 300 });
  });
  after(async () => {
    await hub.stop();
    h.cleanup();
  });

  it('idle-stops again after three crashes into backoff, each cutting a request, a WebSocket and an upgrade', async () => {
    for (let crash = 1; crash <= 3; crash++) {
      assert.equal((await hub.get('/x/recorder/')).status, 200);
      const ws = new WebSocket(`ws://127.0.0.1:${hub.port}/x/recorder/ws`, { headers: { 'x-outboard-token': hub.token } });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.on('error', () => undefined);
      const hung = hub.get('/x/recorder/hang').catch(() => undefined);
      // An upgrade whose answer never comes before the crash: the sidecar dies while it is pending.
      const pending = connect({ host: '127.0.0.1', port: hub.port });
      pending.on('error', () => undefined);
      pending.write(upgradeHead(hub.port, '/x/recorder/ws-hold', hub.token));
      const crashed = await hub.get('/x/recorder/crash').catch(() => undefined);
      assert.notEqual(crashed?.status, 200);
      await hung;
      await waitFor(`crash ${crash} seen`, () => (state() === 'crashed' || state() === 'backoff' ? true : undefined), 10_000);
      ws.terminate();
      pending.destroy();
      if (crash < 3) {
        // A client that gives up while the restart it caused is under way: its upgrade ends before it is forwarded.
        const abandoned = connect({ host: '127.0.0.1', port: hub.port });
        abandoned.on('error', () => undefined);
        abandoned.write(upgradeHead(hub.port, '/x/recorder/ws', hub.token), () => setTimeout(() => abandoned.destroy(), 20));
        await waitFor(`the restart after crash ${crash}`, () => (state() === 'running' ? true : undefined), 10_000);
      }
    }
    const backingOff = await hub.get('/x/recorder/');
    assert.equal(backingOff.status, 503, backingOff.body);
    // After the backoff, a request starts it again; then, with nothing in flight, it must idle-stop.
    const deadline = Date.now() + 15_000;
    while ((await hub.get('/x/recorder/')).status !== 200) {
      assert.ok(Date.now() < deadline, 'no start after the backoff');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(state(), 'running', JSON.stringify(hub.manager.list()));
    await waitFor('the idle stop after the crashes', () => (state() === 'stopped' ? true : undefined), 15 * MS_PER_MINUTE + 8000);
  });

  it('closes a half-closed WebSocket after the grace, and counts it open only while both sides are', async () => {
    const socket = connect({ host: '127.0.0.1', port: hub.port });
    let answer = '';
    socket.setEncoding('latin1').on('data', (d: string) => (answer += d));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(upgradeHead(hub.port, '/x/recorder/ws-hold', hub.token));
    await waitFor('the 101', () => (answer.startsWith('HTTP/1.1 101 ') ? true : undefined), 10_000);
    assert.equal(state(), 'running');
    // The client ends its half; the sidecar never ends its own.
    socket.end();
    const ended = Date.now();
    await closed;
    assert.ok(Date.now() - ended < 5000, 'the hub kept the half-closed connection open');
    await waitFor('the sidecar saw its side closed', () => (wsHoldLog(h.home, 'recorder').includes('close') ? true : undefined), 5000);
    assert.deepEqual(wsHoldLog(h.home, 'recorder').slice(-2), ['end', 'close']);
    await waitFor('the idle stop after the half-close', () => (state() === 'stopped' ? true : undefined), 15 * MS_PER_MINUTE + 8000);
  });
});

describe('idle stop of a sidecar restarted at once after a crash', { timeout: 60_000 }, () => {
  let h: ReturnType<typeof sidecarHome>;
  let hub: RealHub;
  before(async () => {
    h = sidecarHome(['recorder']);
    hub = await startRealHub(h.home, { msPerMinute: MS_PER_MINUTE });
  });
  after(async () => {
    await hub.stop();
    h.cleanup();
  });

  it('times the new run on its own: the idle timer of the run that crashed does not stand in for it', async () => {
    const state = (): string | undefined => hub.manager.list().find((s) => s.name === 'recorder')?.state;
    assert.equal((await hub.get('/x/recorder/')).status, 200);
    await hub.get('/x/recorder/crash').catch(() => undefined);
    await waitFor('the crash seen', () => (state() === 'crashed' ? true : undefined), 10_000);
    assert.equal((await hub.get('/x/recorder/')).status, 200);
    await waitFor('the idle stop of the restarted sidecar', () => (state() === 'stopped' ? true : undefined), 15 * MS_PER_MINUTE + 8000);
  });
});
