import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonFileStore, StoreError } from '../../src/store/index.js';
import { startFixture } from './fixture-process.js';

type Doc = Record<string, unknown>;

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-json-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function objectStore(path: string): JsonFileStore<Doc> {
  return new JsonFileStore<Doc>({
    path,
    empty: () => ({}),
    check: (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'the top level must be a JSON object'),
  });
}

test('a missing or blank file reads as a fresh empty value; update creates folder and file', async (t) => {
  const file = join(tempDir(t), 'nested', 'home', 'data.json');
  const store = objectStore(file);
  assert.deepEqual(store.read(), {});
  assert.deepEqual(store.inspect(), { value: {}, exists: false });
  const result = await store.update((draft) => {
    draft['a'] = 1;
  });
  assert.deepEqual(result, { value: { a: 1 }, written: true });
  assert.equal(readFileSync(file, 'utf8'), '{\n  "a": 1\n}\n');
  writeFileSync(file, '  \n');
  assert.deepEqual(store.read(), {});
});

test('update returns the new value, accepts a replacement, and skips an unchanged write', async (t) => {
  const file = join(tempDir(t), 'data.json');
  const store = objectStore(file);
  await store.update(() => ({ b: [1, 2] }));
  const before = statSync(file).mtimeMs;
  const same = store.updateSync((draft) => {
    draft['b'] = [1, 2];
  });
  assert.equal(same.written, false);
  assert.deepEqual(same.value, { b: [1, 2] });
  assert.equal(statSync(file).mtimeMs, before);
  await assert.rejects(store.update(() => { throw new Error('refused'); }), /refused/);
  assert.deepEqual(store.read(), { b: [1, 2] });
  assert.equal(existsSync(`${file}.lock`), false);
});

test('many concurrent updates in one process are all kept', async (t) => {
  const store = objectStore(join(tempDir(t), 'data.json'));
  await Promise.all(Array.from({ length: 30 }, (_, i) => store.update((draft) => { draft[`k${i}`] = i; })));
  assert.equal(Object.keys(store.read()).length, 30);
});

test('20 processes updating the same file at once lose no update', async (t) => {
  const file = join(tempDir(t), 'shared.json');
  const children = Array.from({ length: 20 }, (_, i) => startFixture('update-key.js', [file, `child-${i}`]));
  t.after(() => children.forEach((c) => c.child.kill('SIGKILL')));
  const exits = await Promise.all(children.map((c) => c.exited));
  exits.forEach((exit, i) => assert.equal(exit.code, 0, `child ${i} failed`));
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Doc;
  assert.deepEqual(Object.keys(stored).sort(), Array.from({ length: 20 }, (_, i) => `child-${i}`).sort());
  assert.deepEqual(readdirSync(join(file, '..')), ['shared.json']);
});

test('a corrupt file: read() reports it untouched, update() moves it aside and starts from empty', async (t) => {
  const file = join(tempDir(t), 'config.json');
  const garbage = '{"keep": "me", oops';
  writeFileSync(file, garbage);
  const store = objectStore(file);
  assert.throws(() => store.read(), (error: unknown) => {
    assert.ok(error instanceof StoreError);
    assert.equal(error.code, 'STORE_CORRUPT');
    assert.equal(error.path, file);
    assert.ok(error.message.includes(file));
    assert.match(error.message, /not valid JSON/);
    return true;
  });
  const snapshot = store.inspect();
  assert.equal(snapshot.exists, true);
  assert.equal(snapshot.corrupt?.keptAt, undefined);
  assert.equal(readFileSync(file, 'utf8'), garbage, 'reading never touches the file');

  // A mutator that throws leaves the corrupt file exactly where it is.
  await assert.rejects(store.update(() => { throw new Error('changed my mind'); }), /changed my mind/);
  assert.equal(readFileSync(file, 'utf8'), garbage);
  assert.equal(readdirSync(join(file, '..')).length, 1);

  const result = await store.update((draft) => {
    draft['fresh'] = true;
  });
  assert.deepEqual(result.value, { fresh: true });
  const keptAt = result.quarantined?.keptAt;
  assert.ok(keptAt !== undefined && keptAt.startsWith(`${file}.corrupt-`), String(keptAt));
  assert.equal(readFileSync(keptAt, 'utf8'), garbage, 'the old content is preserved byte for byte');
  assert.ok(result.quarantined?.message.includes(keptAt));
  assert.deepEqual(store.read(), { fresh: true });
});

test('content failing the shape check is quarantined like invalid JSON, and never overwrites an earlier copy', async (t) => {
  const file = join(tempDir(t), 'config.json');
  const store = objectStore(file);
  const kept: string[] = [];
  for (const content of ['[1, 2, 3]', '"just a string"']) {
    writeFileSync(file, content);
    assert.match(store.inspect().corrupt?.reason ?? '', /top level must be a JSON object/);
    const { quarantined } = store.updateSync(() => undefined);
    assert.ok(quarantined?.keptAt);
    kept.push(quarantined.keptAt);
  }
  assert.equal(new Set(kept).size, 2);
  assert.deepEqual(kept.map((p) => readFileSync(p, 'utf8')), ['[1, 2, 3]', '"just a string"']);
});

test('a file mode given to the store is applied to every write', async (t) => {
  const file = join(tempDir(t), 'approvals.json');
  const store = new JsonFileStore<Doc>({ path: file, empty: () => ({}), mode: 0o600 });
  await store.update((draft) => { draft['x'] = 1; });
  assert.equal(statSync(file).mode & 0o777, 0o600);
});

test('an update sweeps temp files left by dead writers and keeps those of live ones', async (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'data.json');
  const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
  writeFileSync(`${file}.${deadPid}-0a1b.tmp`, '{"half": ');
  writeFileSync(`${file}.1-0a1b.tmp`, 'pid 1 always runs');
  writeFileSync(join(dir, `other.json.${deadPid}-0a1b.tmp`), 'not ours');
  await objectStore(file).update((draft) => { draft['x'] = 1; });
  assert.deepEqual(readdirSync(dir).sort(), ['data.json', 'data.json.1-0a1b.tmp', `other.json.${deadPid}-0a1b.tmp`]);
});
