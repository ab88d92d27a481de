// A command's config check reuses the verdict kept in the home while the section and every schema file
// (root and $ref'd siblings) are unchanged by identity, so the hot path never loads Ajv; any change is seen,
// even one that keeps the size and puts the mtime back.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { ConfigService } from '../../src/config/index.js';
import { CONFIG_VERDICT_CACHE_FILE } from '../../src/config/config-verdict-cache.js';

const ENTRY = fileURLToPath(new URL('../../src/config/index.js', import.meta.url));

/** A whole-second mtime every test file gets first, so putting it back is exact (no sub-ms rounding). */
const FIXED_MTIME = new Date('2024-01-02T03:04:05Z');

interface Setup {
  home: string;
  cwd: string;
  schema: string;
  defs: string;
}

function setup(t: { after(fn: () => void): void }): Setup {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-cache-')));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, 'home');
  const ext = path.join(root, 'ext');
  fs.mkdirSync(home);
  fs.mkdirSync(ext);
  const schema = path.join(ext, 'schema.json');
  const defs = path.join(ext, 'defs.json');
  fs.writeFileSync(schema, JSON.stringify({ type: 'object', properties: { greeting: { type: 'string' }, tag: { $ref: 'defs.json#/$defs/tag' } }, required: ['greeting'] }));
  fs.writeFileSync(defs, JSON.stringify({ $defs: { tag: { type: 'string' } } }));
  for (const file of [schema, defs]) fs.utimesSync(file, FIXED_MTIME, FIXED_MTIME);
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ extensions: { hello: { greeting: 5, tag: 'a' } } }));
  return { home, cwd: root, schema, defs };
}

/** Waits (bounded) until `file`'s last change is older than the timestamp tick a verdict must not share. */
function settle(...files: string[]): void {
  const deadline = Date.now() + 5_000;
  for (const file of files) {
    const ctime = fs.statSync(file).ctimeMs;
    const window = ctime % 1000 === 0 ? 2_200 : 60;
    while (Date.now() <= ctime + window) {
      if (Date.now() > deadline) throw new Error(`${file} did not settle`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/** Checks extension `hello` in a fresh process; says whether Ajv was loaded to do it. */
function checkInFreshProcess(s: Setup): { problems: string[]; ajv: boolean } {
  const script = `
    import { createRequire } from 'node:module';
    const { ConfigService } = await import(${JSON.stringify(ENTRY)});
    const config = new ConfigService({ hostId: 'ndx', home: ${JSON.stringify(s.home)}, cwd: ${JSON.stringify(s.cwd)}, schemaFor: () => ({ file: ${JSON.stringify(s.schema)} }) });
    const { problems } = await config.checkExtensionConfig('hello');
    const ajv = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/ajv/'));
    process.stdout.write(JSON.stringify({ problems: problems.map((p) => p.path + ' ' + p.rule), ajv }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })) as { problems: string[]; ajv: boolean };
}

/** Rewrites `file` with `text` of the same length and puts its mtime back, as tar or `cp -a` would. */
function rewriteKeepingMtime(file: string, text: string): void {
  const before = fs.statSync(file);
  assert.equal(Buffer.byteLength(text), before.size, 'the test keeps the size');
  fs.writeFileSync(file, text);
  fs.utimesSync(file, FIXED_MTIME, FIXED_MTIME);
  assert.equal(fs.statSync(file).mtimeMs, before.mtimeMs);
}

test('a second run reuses the verdict without loading Ajv; the cache is a file in the home', (t) => {
  const s = setup(t);
  settle(s.schema, s.defs);
  const first = checkInFreshProcess(s);
  assert.deepEqual(first, { problems: ['extensions.hello.greeting type'], ajv: true });
  assert.ok(fs.existsSync(path.join(s.home, CONFIG_VERDICT_CACHE_FILE)));
  assert.deepEqual(checkInFreshProcess(s), { problems: ['extensions.hello.greeting type'], ajv: false });
  const stored = JSON.parse(fs.readFileSync(path.join(s.home, CONFIG_VERDICT_CACHE_FILE), 'utf8')) as { entries: Record<string, { key: string }> };
  assert.match(stored.entries['hello']?.key ?? '', /"greeting":5/);
  assert.equal(fs.statSync(path.join(s.home, CONFIG_VERDICT_CACHE_FILE)).mode & 0o777, 0o600, 'the settings in it are the user\'s alone');
});

test('a long section is keyed by its digest, and still reused', (t) => {
  const s = setup(t);
  fs.writeFileSync(path.join(s.home, 'config.json'), JSON.stringify({ extensions: { hello: { greeting: 'x'.repeat(2000), tag: 'a' } } }));
  settle(s.schema, s.defs);
  assert.deepEqual(checkInFreshProcess(s), { problems: [], ajv: true });
  assert.deepEqual(checkInFreshProcess(s), { problems: [], ajv: false });
  const stored = JSON.parse(fs.readFileSync(path.join(s.home, CONFIG_VERDICT_CACHE_FILE), 'utf8')) as { entries: Record<string, { key: string }> };
  assert.match(stored.entries['hello']?.key ?? '', /^[0-9a-f]{64}$/);
});

test('a schema file changed in place with the same size and mtime is checked again', (t) => {
  const s = setup(t);
  settle(s.schema, s.defs);
  assert.equal(checkInFreshProcess(s).problems.length, 1);
  // "string" -> "number": same length; the config's greeting (5) now passes.
  rewriteKeepingMtime(s.schema, fs.readFileSync(s.schema, 'utf8').replace('"greeting":{"type":"string"}', '"greeting":{"type":"number"}'));
  assert.deepEqual(checkInFreshProcess(s), { problems: [], ajv: true });
});

test("a $ref'd sibling replaced by rename (new inode, same size and mtime) is checked again", (t) => {
  const s = setup(t);
  fs.writeFileSync(path.join(s.home, 'config.json'), JSON.stringify({ extensions: { hello: { greeting: 'hi', tag: 7 } } }));
  settle(s.schema, s.defs);
  assert.deepEqual(checkInFreshProcess(s).problems, ['extensions.hello.tag type']);
  const next = `${s.defs}.new`;
  fs.writeFileSync(next, fs.readFileSync(s.defs, 'utf8').replace('"string"', '"number"'));
  fs.utimesSync(next, FIXED_MTIME, FIXED_MTIME);
  fs.renameSync(next, s.defs);
  assert.deepEqual(checkInFreshProcess(s), { problems: [], ajv: true });
});

test('a changed config section is checked again; a corrupt cache is a miss, never an error', async (t) => {
  const s = setup(t);
  settle(s.schema, s.defs);
  assert.equal(checkInFreshProcess(s).problems.length, 1);
  fs.writeFileSync(path.join(s.home, 'config.json'), JSON.stringify({ extensions: { hello: { greeting: 'fixed' } } }));
  assert.deepEqual(checkInFreshProcess(s), { problems: [], ajv: true });
  fs.writeFileSync(path.join(s.home, CONFIG_VERDICT_CACHE_FILE), '{"format":1,"entries":{"hello":{"key":');
  const config = new ConfigService({ hostId: 'ndx', home: s.home, cwd: s.cwd, schemaFor: () => ({ file: s.schema }) });
  assert.deepEqual((await config.checkExtensionConfig('hello')).problems, []);
  // Write-mode checks (a `config` write) are never answered from the cache.
  assert.equal((await config.checkExtensionConfig('hello', { requireAll: false })).problems.length, 0);
});

test('a verdict reached on a schema file changed within the timestamp tick of the check is not kept', async (t) => {
  const s = setup(t);
  settle(s.schema, s.defs);
  // Changed just now, then checked at once: its identity proves nothing about a second change in the same tick.
  rewriteKeepingMtime(s.schema, fs.readFileSync(s.schema, 'utf8').replace('"greeting":{"type":"string"}', '"greeting":{"type":"number"}'));
  const config = new ConfigService({ hostId: 'ndx', home: s.home, cwd: s.cwd, schemaFor: () => ({ file: s.schema }) });
  assert.deepEqual((await config.checkExtensionConfig('hello')).problems, []);
  const cache = path.join(s.home, CONFIG_VERDICT_CACHE_FILE);
  assert.ok(!fs.existsSync(cache) || !fs.readFileSync(cache, 'utf8').includes('"hello"'));
});
