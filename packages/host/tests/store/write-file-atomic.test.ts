import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atomicTempOwner, atomicTempPath, StoreError, writeFileAtomic } from '../../src/store/index.js';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-atomic-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('writes a new file and replaces an existing one, leaving no temp file', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'data.json');
  writeFileAtomic(file, '{"a":1}\n');
  assert.equal(readFileSync(file, 'utf8'), '{"a":1}\n');
  writeFileAtomic(file, Buffer.from('{"a":2}\n'));
  assert.equal(readFileSync(file, 'utf8'), '{"a":2}\n');
  assert.deepEqual(readdirSync(dir), ['data.json']);
});

test('applies an explicit mode exactly and keeps the mode of a replaced file', (t) => {
  const dir = tempDir(t);
  const secret = join(dir, 'token');
  writeFileAtomic(secret, 'x', { mode: 0o600 });
  assert.equal(statSync(secret).mode & 0o777, 0o600);
  const shared = join(dir, 'shared.json');
  writeFileSync(shared, '{}');
  chmodSync(shared, 0o640);
  writeFileAtomic(shared, '{"b":1}');
  assert.equal(statSync(shared).mode & 0o777, 0o640);
});

test('a failed write throws STORE_WRITE_FAILED naming the file and removes its temp file', (t) => {
  const dir = tempDir(t);
  const missingFolder = join(dir, 'nope', 'data.json');
  assert.throws(() => writeFileAtomic(missingFolder, 'x'), (error: unknown) => {
    assert.ok(error instanceof StoreError);
    assert.equal(error.code, 'STORE_WRITE_FAILED');
    assert.match(error.message, /nope[/\\]data\.json/);
    assert.match(error.message, /exists and is writable/);
    return true;
  });
  // Rename onto a non-empty folder fails after the temp file was written: the temp must be gone.
  const target = join(dir, 'occupied');
  mkdirSync(join(target, 'child'), { recursive: true });
  assert.throws(() => writeFileAtomic(target, 'x'), { code: 'STORE_WRITE_FAILED' });
  assert.deepEqual(readdirSync(dir).sort(), ['occupied']);
});

test('temp names follow the reserved <file>.<pid>-<hex>.tmp pattern', () => {
  const name = atomicTempPath('/x/approvals.json', 4242).split('/').pop()!;
  assert.match(name, /^approvals\.json\.4242-[0-9a-f]+\.tmp$/);
  assert.equal(atomicTempOwner(name, 'approvals.json'), 4242);
  assert.equal(atomicTempOwner('approvals.json.lock', 'approvals.json'), undefined);
  assert.equal(atomicTempOwner('other.json.4242-ab.tmp', 'approvals.json'), undefined);
});

test('a derived file is replaced whole (old file removed first), keeping its mode; text is written as UTF-8', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'cache.json');
  writeFileAtomic(file, 'old', { durable: false, derived: true });
  chmodSync(file, 0o640);
  const text = `{"name":"caf\u00e9 \u{1F600}","pad":"${'x'.repeat(300 * 1024)}"}`;
  writeFileAtomic(file, text, { durable: false, derived: true });
  assert.equal(readFileSync(file, 'utf8'), text);
  assert.equal(readFileSync(file).byteLength, Buffer.byteLength(text));
  assert.equal(statSync(file).mode & 0o777, 0o640);
  assert.deepEqual(readdirSync(dir), ['cache.json']);
});
