import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileLock, StoreError, withFileLock, withFileLockSync, type LockHolder } from '../../src/store/index.js';
import { startFixture } from './fixture-process.js';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-lock-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('the lock file holds the owner pid and is removed on release; releasing twice is harmless', async (t) => {
  const file = join(tempDir(t), 'data.json');
  const handle = await new FileLock(file).acquire();
  const record = JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as LockHolder;
  assert.equal(record.pid, process.pid);
  assert.equal(record.host, hostname());
  handle.dispose();
  assert.equal(existsSync(`${file}.lock`), false);
  handle.dispose();
  const again = new FileLock(file).acquireSync();
  again.dispose();
});

test('withFileLock releases when the callback throws, and serialises callers in one process', async (t) => {
  const file = join(tempDir(t), 'data.json');
  await assert.rejects(withFileLock(file, () => { throw new Error('boom'); }), /boom/);
  assert.equal(existsSync(`${file}.lock`), false);
  assert.throws(() => withFileLockSync(file, () => { throw new Error('sync boom'); }), /sync boom/);
  assert.equal(existsSync(`${file}.lock`), false);
  let inside = 0;
  let maxInside = 0;
  await Promise.all(
    Array.from({ length: 8 }, () =>
      withFileLock(file, async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        await new Promise((done) => setTimeout(done, 5));
        inside--;
      }),
    ),
  );
  assert.equal(maxInside, 1);
});

test('a lock held by a live process times out with the lock file, the holder pid and the fix', async (t) => {
  const file = join(tempDir(t), 'data.json');
  const holder = startFixture('hold-lock.js', [file]);
  t.after(() => holder.child.kill('SIGKILL'));
  await holder.waitForLine((line) => line.startsWith('locked'));
  const pid = holder.child.pid!;
  const started = Date.now();
  await assert.rejects(new FileLock(file, { timeoutMs: 300 }).acquire(), (error: unknown) => {
    assert.ok(error instanceof StoreError);
    assert.equal(error.code, 'STORE_LOCK_TIMEOUT');
    assert.equal(error.path, `${file}.lock`);
    assert.ok(error.message.includes(`${file}.lock`), error.message);
    assert.ok(error.message.includes(`process ${pid}`), error.message);
    assert.ok(error.message.includes(`delete ${file}.lock`), error.message);
    return true;
  });
  assert.ok(Date.now() - started >= 300);
  assert.throws(() => new FileLock(file, { timeoutMs: 100 }).acquireSync(), { code: 'STORE_LOCK_TIMEOUT' });
});

test('the lock of a SIGKILLed holder is broken at once, not after staleMs', async (t) => {
  const file = join(tempDir(t), 'data.json');
  const holder = startFixture('hold-lock.js', [file]);
  t.after(() => holder.child.kill('SIGKILL'));
  await holder.waitForLine((line) => line.startsWith('locked'));
  const deadPid = holder.child.pid!;
  holder.child.kill('SIGKILL');
  const exit = await holder.exited;
  assert.equal(exit.signal, 'SIGKILL');
  assert.equal(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid, deadPid, 'the killed holder left its lock');
  const broken: Array<LockHolder | undefined> = [];
  const started = Date.now();
  const handle = await new FileLock(file, { timeoutMs: 2_000, staleMs: 60_000, onStaleLockBroken: (h) => broken.push(h) }).acquire();
  assert.ok(Date.now() - started < 1_000);
  assert.equal(broken.length, 1);
  assert.equal(broken[0]?.pid, deadPid);
  assert.equal(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid, process.pid);
  handle.dispose();
});

test('a lock older than staleMs is broken even when its pid is alive', async (t) => {
  const file = join(tempDir(t), 'data.json');
  const old: LockHolder = { pid: process.pid, host: hostname(), time: Date.now() - 60_000, nonce: 'old' };
  writeFileSync(`${file}.lock`, JSON.stringify(old));
  const past = new Date(old.time);
  utimesSync(`${file}.lock`, past, past);
  const handle = await new FileLock(file, { timeoutMs: 1_000, staleMs: 10_000 }).acquire();
  assert.notEqual(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).nonce, 'old');
  handle.dispose();
});

test('an async holder keeps a long-held lock fresh, so waiters do not break it as stale', async (t) => {
  const file = join(tempDir(t), 'data.json');
  const staleMs = 200;
  const holder = await new FileLock(file, { staleMs }).acquire();
  await new Promise((done) => setTimeout(done, 3 * staleMs));
  await assert.rejects(new FileLock(file, { staleMs, timeoutMs: 2 * staleMs }).acquire(), { code: 'STORE_LOCK_TIMEOUT' });
  assert.equal(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).nonce, holder.holder.nonce, 'still our lock');
  holder.dispose();
  assert.equal(existsSync(`${file}.lock`), false);
});

test('an empty lock file is waited on while fresh and broken once its writer is clearly gone', async (t) => {
  const file = join(tempDir(t), 'data.json');
  writeFileSync(`${file}.lock`, '');
  await assert.rejects(new FileLock(file, { timeoutMs: 150 }).acquire(), /held by an unknown process/);
  const past = new Date(Date.now() - 10_000);
  utimesSync(`${file}.lock`, past, past);
  const handle = await new FileLock(file, { timeoutMs: 1_000 }).acquire();
  handle.dispose();
});

test('bad options throw a TypeError naming the option', () => {
  assert.throws(() => new FileLock('x', { timeoutMs: -1 }), /timeoutMs/);
  assert.throws(() => new FileLock('x', { staleMs: Number.NaN }), /staleMs/);
  assert.throws(() => new FileLock(''), /targetPath/);
});
