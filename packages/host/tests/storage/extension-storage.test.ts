import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ExtensionStorage, keyFileName } from '../../src/storage/index.js';
import { filesUnder, refusal, tempHome } from './storage-test-support.js';

describe('ExtensionStorage scopes', () => {
  it('keeps private and per-project values apart, under <home>/ext/<name>/storage', async (t) => {
    const home = tempHome(t);
    const storage = new ExtensionStorage({ home, extension: 'git' });
    const priv = storage.privateScope();
    const web = storage.projectScope('web');
    assert.equal(storage.privateScope(), priv, 'scopes are reused');
    assert.equal(priv.dir, join(home, 'ext', 'git', 'storage', 'private'));
    assert.equal(web.dir, join(home, 'ext', 'git', 'storage', 'projects', 'web'));
    assert.deepEqual(await priv.get('token'), { found: false });
    assert.deepEqual(await priv.list(), [], 'a scope never written has no folder and no keys');
    await priv.set('token', { value: 'abc', n: [1, 2, null] });
    await web.set('token', 'per-project');
    assert.deepEqual(await priv.get('token'), { found: true, value: { value: 'abc', n: [1, 2, null] } });
    assert.deepEqual(await web.get('token'), { found: true, value: 'per-project' });
    assert.deepEqual(await storage.projectScope('api').get('token'), { found: false });
    assert.deepEqual(await new ExtensionStorage({ home, extension: 'other' }).privateScope().get('token'), { found: false });
    await priv.set('nothing', null);
    assert.deepEqual(await priv.get('nothing'), { found: true, value: null });
    assert.deepEqual(filesUnder(join(home, 'ext')), [
      ['git', 'storage', 'private', 'k-nothing.json'].join(sep),
      ['git', 'storage', 'private', 'k-token.json'].join(sep),
      ['git', 'storage', 'projects', 'web', 'k-token.json'].join(sep),
    ]);
    assert.equal(statSync(join(priv.dir, 'k-token.json')).mode & 0o777, 0o600);
    assert.equal(statSync(priv.dir).mode & 0o777, 0o700);
    assert.equal(readFileSync(join(priv.dir, 'k-token.json'), 'utf8'), '{"key":"token","value":{"value":"abc","n":[1,2,null]}}');
  });

  it('sets, replaces, deletes and lists by prefix', async (t) => {
    const scope = new ExtensionStorage({ home: tempHome(t), extension: 'git' }).privateScope();
    for (const key of ['cache/b', 'cache/a', 'config', 'Cache/upper']) await scope.set(key, key.length);
    await scope.set('config', 'replaced');
    assert.deepEqual(await scope.get('config'), { found: true, value: 'replaced' });
    assert.deepEqual(await scope.list(), ['Cache/upper', 'cache/a', 'cache/b', 'config']);
    assert.deepEqual(await scope.list('cache/'), ['cache/a', 'cache/b']);
    assert.deepEqual(await scope.list('nope'), []);
    assert.equal(await scope.delete('cache/a'), true);
    assert.equal(await scope.delete('cache/a'), false);
    assert.deepEqual(await scope.list('cache'), ['cache/b']);
    assert.deepEqual(scope.usage().keys, 3);
    await assert.rejects(scope.list(5 as never), refusal('invalid_params', /prefix must be a string/));
  });

  it('keys that look like paths stay inside the scope folder, and round-trip through list', async (t) => {
    const home = tempHome(t);
    const storage = new ExtensionStorage({ home, extension: 'git' });
    const scope = storage.privateScope();
    const keys = ['../x', '/etc/passwd', 'a/../../b', '..', '.', '..\\..\\evil', '../../../../../../tmp/pwned', `${'../'.repeat(66)}x`];
    for (const [i, key] of keys.entries()) await scope.set(key, i);
    for (const [i, key] of keys.entries()) assert.deepEqual(await scope.get(key), { found: true, value: i });
    assert.deepEqual(await scope.list(), [...keys].sort());
    const files = filesUnder(home);
    assert.ok(files.every((f) => f.startsWith(['ext', 'git', 'storage', 'private', ''].join(sep))), files.join('\n'));
    assert.equal(readdirSync(scope.dir).filter((n) => n.endsWith('.json')).length, keys.length);
    assert.ok(existsSync(join(scope.dir, keyFileName(keys.at(-1)!))), 'the very long key is hashed');
    for (const key of keys) assert.equal(await scope.delete(key), true);
    assert.deepEqual(await scope.list(), []);
  });

  it('refuses bad keys: empty, NUL, control characters, too long, not a string', async (t) => {
    const scope = new ExtensionStorage({ home: tempHome(t), extension: 'git' }).privateScope();
    for (const key of ['', 'a\0b', '\0', 'new\nline', 'x'.repeat(201), 42, undefined]) {
      await assert.rejects(scope.set(key as string, 1), refusal('invalid_params', /Invalid storage key/));
      await assert.rejects(scope.get(key as string), refusal('invalid_params'));
      await assert.rejects(scope.delete(key as string), refusal('invalid_params'));
    }
    assert.equal(existsSync(scope.dir), false, 'nothing was written');
  });

  it('refuses project ids that could leave the storage folder', (t) => {
    const storage = new ExtensionStorage({ home: tempHome(t), extension: 'git' });
    for (const id of ['../private', '..', '.', 'a/b', 'Web', '', 'x', '/abs', 'a\0']) {
      assert.throws(() => storage.projectScope(id), refusal('invalid_params', /Invalid projectId/), id);
    }
  });

  it('refuses values that are not JSON', async (t) => {
    const scope = new ExtensionStorage({ home: tempHome(t), extension: 'git' }).privateScope();
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    await assert.rejects(scope.set('k', undefined), refusal('invalid_params', /to remove the key, delete it/));
    await assert.rejects(scope.set('k', () => 1), refusal('invalid_params'));
    await assert.rejects(scope.set('k', 10n), refusal('invalid_params', /not JSON/));
    await assert.rejects(scope.set('k', cyclic), refusal('invalid_params', /not JSON/));
  });

  it('refuses bad options with a TypeError', () => {
    assert.throws(() => new ExtensionStorage({ home: '', extension: 'git' }), /home must be/);
    assert.throws(() => new ExtensionStorage({ home: '/tmp', extension: '../evil' }), /extension must be an extension name/);
    assert.throws(() => new ExtensionStorage({ home: '/tmp', extension: 'git', limits: { maxKeys: 0 } }), /limits\.maxKeys must be a positive integer/);
  });
});

describe('ExtensionStorage limits', () => {
  it('refuses a value over 256 KiB serialized by default, naming the limit', async (t) => {
    const scope = new ExtensionStorage({ home: tempHome(t), extension: 'git' }).privateScope();
    const exactly = 'x'.repeat(256 * 1024 - 2); // the quotes make it exactly 256 KiB
    await scope.set('fits', exactly);
    await assert.rejects(scope.set('over', `${exactly}y`), refusal('too_large', /262145 bytes serialized; .* at most 262144 bytes \(256 KiB\) per key/));
    assert.deepEqual(await scope.list(), ['fits']);
  });

  it('refuses to grow a scope past its total, counting a replaced entry once; deleting frees room', async (t) => {
    const storage = new ExtensionStorage({ home: tempHome(t), extension: 'git', limits: { maxTotalBytes: 1000 } });
    const scope = storage.privateScope();
    const value = 'v'.repeat(200); // ~227 bytes on disk per entry
    for (const key of ['a', 'b', 'c', 'd']) await scope.set(key, value);
    await assert.rejects(scope.set('e', value), refusal('too_large', /would bring the private storage of "git" to \d+ bytes; the limit is 1000 bytes\. Delete keys/));
    await scope.set('d', value.slice(0, 100)); // replacing frees the old entry's bytes
    await scope.set('a', value);
    assert.ok(scope.usage().bytes <= 1000);
    await scope.delete('b');
    await scope.set('e', value);
    assert.deepEqual(await scope.list(), ['a', 'c', 'd', 'e']);
    // The project scope has its own budget.
    await storage.projectScope('web').set('a', value);
  });

  it('default total is 10 MiB, and the key count is bounded', async (t) => {
    const home = tempHome(t);
    const big = new ExtensionStorage({ home, extension: 'big' }).privateScope();
    const chunk = 'x'.repeat(256 * 1024 - 100);
    for (let i = 0; i < 40; i++) await big.set(`chunk-${i}`, chunk); // 40 × ~256 KiB = 10 MiB minus a little
    await assert.rejects(big.set('chunk-40', chunk), refusal('too_large', /the limit is 10485760 bytes \(10 MiB\)/));
    const many = new ExtensionStorage({ home, extension: 'many', limits: { maxKeys: 3 } }).privateScope();
    for (const key of ['a', 'b', 'c']) await many.set(key, 1);
    await many.set('a', 2);
    await assert.rejects(many.set('d', 1), refusal('too_large', /to 4 keys; the limit is 3/));
  });

  it('concurrent writers in one process never overshoot the total', async (t) => {
    const scope = new ExtensionStorage({ home: tempHome(t), extension: 'git', limits: { maxTotalBytes: 5000 } }).privateScope();
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => scope.set(`k${i}`, 'x'.repeat(480))));
    const stored = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && refusal('too_large')(r.reason)).length;
    assert.equal(stored + refused, 40);
    assert.equal((await scope.list()).length, stored);
    assert.ok(stored >= 9 && stored <= 10, `${stored} stored`);
    assert.ok(scope.usage().bytes <= 5000);
  });
});

describe('ExtensionStorage durability', () => {
  it('writers in several processes at once lose nothing and respect the total', async (t) => {
    const home = tempHome(t);
    const fixture = fileURLToPath(new URL('../../../tests/fixtures/storage/set-keys.js', import.meta.url));
    const limit = 25_000; // room for about 24 of the 36 entries of ~1 KiB
    const runs = await Promise.all(
      ['p1', 'p2', 'p3'].map(
        (prefix) =>
          new Promise<{ stored: string[]; refused: number; errors: string[] }>((resolve, reject) => {
            const child = spawn(process.execPath, [fixture, home, 'git', prefix, '12', String(limit)], { stdio: ['ignore', 'pipe', 'pipe'] });
            let out = '';
            let err = '';
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
            const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
            child.on('close', (code) => {
              clearTimeout(timer);
              if (code === 0) resolve(JSON.parse(out));
              else reject(new Error(`fixture exited ${code}: ${err}`));
            });
          }),
      ),
    );
    const scope = new ExtensionStorage({ home, extension: 'git' }).privateScope();
    const stored = runs.flatMap((r) => r.stored);
    assert.deepEqual(runs.flatMap((r) => r.errors), []);
    assert.equal(stored.length + runs.reduce((n, r) => n + r.refused, 0), 36);
    const keys = await scope.list();
    for (const key of stored) assert.ok(keys.includes(key), `${key} was stored but is missing`);
    assert.ok(scope.usage().bytes <= limit, `${scope.usage().bytes} bytes on disk`);
    assert.ok(stored.length > 12, `${stored.length} stored`);
    const shared = await scope.get('shared');
    assert.equal(shared.found, true);
    assert.deepEqual(readdirSync(scope.dir).filter((n) => n.endsWith('.tmp')), [], 'no temp file is left');
  });

  it('sweeps temp files of dead writers, ignores stray files, and reports a corrupt entry', async (t) => {
    const scope = new ExtensionStorage({ home: tempHome(t), extension: 'git' }).privateScope();
    await scope.set('a', 1);
    const deadTemp = join(scope.dir, 'k-a.json.999999999-abcdef.tmp');
    const liveTemp = join(scope.dir, `k-a.json.${process.pid}-abcdef.tmp`);
    writeFileSync(deadTemp, '{"key":"a","value":"half');
    writeFileSync(liveTemp, '{}');
    writeFileSync(join(scope.dir, 'README.txt'), 'not a key');
    writeFileSync(join(scope.dir, 'k-_61.json'), '{"key":"a","value":"alias"}');
    await scope.set('b', 2);
    assert.equal(existsSync(deadTemp), false, "a dead writer's temp file is swept");
    assert.equal(existsSync(liveTemp), true, "a live writer's temp file is left alone");
    assert.deepEqual(await scope.list(), ['a', 'b']);
    assert.deepEqual(await scope.get('a'), { found: true, value: 1 });
    writeFileSync(join(scope.dir, keyFileName('b')), '{"key":"b","val');
    await assert.rejects(scope.get('b'), refusal('unavailable', /unreadable: .*k-b\.json is not a stored entry\. Delete the key/));
    assert.equal(await scope.delete('b'), true);
    assert.deepEqual(await scope.get('b'), { found: false });
  });
});
