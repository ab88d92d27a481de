// The `outboard` bin (dist/bundle/main.js) runs the bundled CLI through V8's code cache kept in <home>/cache:
// the cache appears after a run, is used by the next, and a damaged or foreign cache never changes what runs.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir } from './lib/fixture-home.js';

const BIN = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle', 'main.js');

describe('the bundled bin and its code cache', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());
  const bin = (home: string, ...args: string[]) => runCli(args, { home, cwd: tmp.path, main: BIN });

  it('writes one cache file (private to the user) per script a run loaded, and the next run gives the same output', () => {
    const home = join(tmp.path, 'home');
    mkdirSync(home);
    const first = bin(home, '--help');
    assert.equal(first.code, 0, first.stderr);
    const files = readdirSync(join(home, 'cache')).sort();
    // The help bundle, and the manifest checks of the first discovery in this home.
    assert.deepEqual(files.map((f) => /^cli-[0-9a-f]{16}-([a-z]+)-v\d+\.\d+\.\d+-\w+-[0-9a-f]+\.v8$/.exec(f)?.[1]), ['fast', 'validate'], files.join());
    assert.equal(statSync(join(home, 'cache')).mode & 0o077, 0);
    const second = bin(home, '--help');
    assert.deepEqual(second, first);
    assert.deepEqual(readdirSync(join(home, 'cache')).sort(), files);
  });

  it("a new build's cache replaces the caches of earlier builds", () => {
    const home = join(tmp.path, 'stale');
    mkdirSync(join(home, 'cache'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'cache', 'cli-0000000000000000-v0.0.0-x64.v8'), 'old');
    assert.equal(bin(home, '--version').code, 0);
    const files = readdirSync(join(home, 'cache'));
    assert.equal(files.length, 1, files.join());
    assert.match(files[0] as string, /^cli-[0-9a-f]{16}-fast-/);
    assert.doesNotMatch(files[0] as string, /^cli-0{16}-/);
  });

  it('a damaged cache file is rejected by V8 and replaced; the command runs as usual', () => {
    const home = join(tmp.path, 'damaged');
    mkdirSync(home);
    assert.equal(bin(home, '--version').code, 0);
    const file = join(home, 'cache', readdirSync(join(home, 'cache'))[0] as string);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const r = bin(home, '--version');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '0.1.0\n');
    assert.notEqual(statSync(file).size, 4096, 'rewritten');
  });

  it('a cache folder others can write is not read, and the command runs as usual', () => {
    const home = join(tmp.path, 'open');
    mkdirSync(join(home, 'cache'), { recursive: true });
    chmodSync(join(home, 'cache'), 0o777);
    const r = bin(home, '--version');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '0.1.0\n');
  });

  it('does not create a home that does not exist just for the cache', () => {
    const home = join(tmp.path, 'absent');
    const r = bin(home, '--version');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(home), false);
  });
});
