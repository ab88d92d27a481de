// Stopping peers with real processes and real signals: a peer that ignores SIGTERM, a peer that started a
// child of its own, and a peer whose host is killed. No process may be left behind.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HOST_URL, peerHome } from './peer-fixtures.js';
import { isAlive, readLog, readMarks, startedPids, waitUntil } from './peer-probes.js';

const TINY_HOST = fileURLToPath(new URL('../../../tests/fixtures/peers/tiny-host.mjs', import.meta.url));
const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 300, handshakeTimeoutMs: 5000 };

describe('stopping peers', { timeout: 40_000 }, () => {
  it('stop() ends a peer that ignores stdin close and SIGTERM with SIGKILL, within the bounded time', async () => {
    const env = await peerHome([
      { name: 'stubborn', mode: 'ignore-sigterm' },
      { name: 'steady' },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      await peers.invokeAction('stubborn.hello', {});
      await peers.invokeAction('steady.hello', {});
      const stubborn = await peers.supervisor('stubborn');
      assert.ok(stubborn);
      const pid = stubborn.status().pid;
      assert.ok(pid);
      const started = Date.now();
      // The good peer keeps answering while the other is being stopped.
      const [, during] = await Promise.all([stubborn.stop(), peers.invokeAction('steady.hello', { args: { during: true } })]);
      const took = Date.now() - started;
      // shutdown request + stdin close + SIGTERM waits (300 ms each) and the SIGKILL: bounded well under 3 s.
      assert.ok(took < 3000, `stop took ${took} ms`);
      assert.ok(took >= 600, `stop took only ${took} ms: the SIGTERM step was skipped`);
      assert.equal(isAlive(pid), false, 'the peer is gone');
      assert.equal(stubborn.state, 'stopped');
      assert.ok(readMarks(env.marks, 'stubborn').includes('got SIGTERM, ignoring it'));
      assert.match(await readLog(stubborn), /it did not exit after the shutdown request and stdin close, so it was sent SIGTERM, then SIGKILL/);
      assert.deepEqual(during.notifications, [{ severity: 'info', message: 'hello {"during":true}' }]);
      assert.deepEqual(peers.contributions.actions().filter((a) => a.extension === 'stubborn'), []);
    } finally {
      await env.cleanup();
    }
  });

  it('stop() takes the whole process group: a child the peer started is gone too', async () => {
    const env = await peerHome([{ name: 'parent', mode: 'spawn-child' }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      await peers.invokeAction('parent.hello', {});
      const grandchild = Number(readMarks(env.marks, 'parent').find((l) => l.startsWith('grandchild '))?.split(' ')[1]);
      assert.ok(grandchild > 0 && isAlive(grandchild), 'the grandchild runs');
      const parent = await peers.supervisor('parent');
      const pid = parent?.status().pid as number;
      await parent?.stop();
      assert.equal(isAlive(pid), false);
      // It ignores SIGTERM and does not read stdin: only the group SIGKILL ends it (reaped by init shortly after).
      await waitUntil('the grandchild to be gone', () => !isAlive(grandchild), 3000);
    } finally {
      await env.cleanup();
    }
  });

  it('a crashed peer does not leave its children behind either', async () => {
    const env = await peerHome([{ name: 'parent', mode: 'spawn-child' }]);
    try {
      const peers = await env.host.peers({ supervisor: { ...fast, crash: { initialDelayMs: 5000 } } });
      await peers.invokeAction('parent.hello', {});
      const grandchild = Number(readMarks(env.marks, 'parent').find((l) => l.startsWith('grandchild '))?.split(' ')[1]);
      const parent = await peers.supervisor('parent');
      const pid = parent?.status().pid as number;
      process.kill(pid, 'SIGKILL');
      await waitUntil('the crash to be seen', () => parent?.status().lastError, 3000);
      assert.match(String(parent?.status().lastError), /was killed by SIGKILL/);
      await waitUntil('the grandchild to be gone', () => !isAlive(grandchild), 3000);
    } finally {
      await env.cleanup();
    }
  });

  it('a peer whose host is killed exits (its stdin closes, and the watchdog ends its group)', async () => {
    const env = await peerHome([{ name: 'orphan' }]);
    const tiny = spawn(process.execPath, [TINY_HOST, 'orphan'], {
      env: { ...env.hostEnv, TINY_HOST_URL: HOST_URL, TINY_HOME: env.home, TINY_CWD: env.root },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      let err = '';
      tiny.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      tiny.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      const line = await waitUntil('the tiny host to report its peer', () => {
        if (tiny.exitCode !== null) throw new Error(`the tiny host exited ${tiny.exitCode}: ${err}`);
        return /\{"pid":(\d+)\}/.exec(out);
      }, 15_000);
      const pid = Number(line[1]);
      assert.deepEqual(startedPids(env.marks, 'orphan'), [pid]);
      assert.ok(isAlive(pid));
      const exited = new Promise((resolve) => tiny.once('exit', resolve));
      tiny.kill('SIGKILL');
      await exited;
      // Whichever comes first ends it: the end of its stdin (it marks `connection closed`) or the watchdog's SIGTERM.
      await waitUntil('the orphaned peer to exit', () => !isAlive(pid), 5000);
    } finally {
      tiny.kill('SIGKILL');
      await env.cleanup();
    }
  });

  it('kill -9 of the host: the peer\'s whole process group (a background grandchild) is gone within 2 s', async () => {
    const env = await peerHome([{ name: 'bg', mode: 'background-grandchild' }]);
    const tiny = spawn(process.execPath, [TINY_HOST, 'bg'], {
      env: { ...env.hostEnv, TINY_HOST_URL: HOST_URL, TINY_HOME: env.home, TINY_CWD: env.root },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      let err = '';
      tiny.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      tiny.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      await waitUntil('the tiny host to report its peer', () => {
        if (tiny.exitCode !== null) throw new Error(`the tiny host exited ${tiny.exitCode}: ${err}`);
        return /\{"pid":(\d+)\}/.exec(out);
      }, 15_000);
      const grandchild = Number(readMarks(env.marks, 'bg').find((l) => l.startsWith('grandchild '))?.split(' ')[1]);
      assert.ok(grandchild > 0 && isAlive(grandchild), 'the background sleep runs');
      const exited = new Promise((resolve) => tiny.once('exit', resolve));
      tiny.kill('SIGKILL');
      await exited;
      const died = Date.now();
      // `sleep` neither reads stdin nor knows its host: only the watchdog's group kill ends it.
      await waitUntil('the background grandchild to be gone', () => !isAlive(grandchild), 2000, 10);
      assert.ok(Date.now() - died <= 2000, `gone after ${Date.now() - died} ms`);
    } finally {
      tiny.kill('SIGKILL');
      await env.cleanup();
    }
  });
});
