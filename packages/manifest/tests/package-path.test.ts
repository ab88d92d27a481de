import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { describe, it } from 'node:test';
import { readPackagePath } from '../src/package-path.js';

describe('readPackagePath', () => {
  it('gives what posix.normalize gives for every package-relative path, fast path or not', () => {
    const parts = ['bin', 'cli.js', '.', '..', '', '.hidden', 'a.b', '...', 'x..', '-', 'é'];
    let checked = 0;
    // Every path of up to three of these segments, with and without a trailing slash.
    const paths: string[] = [];
    for (const a of parts) {
      paths.push(a);
      for (const b of parts) {
        paths.push(`${a}/${b}`);
        for (const c of parts) paths.push(`${a}/${b}/${c}`, `${a}/${b}/${c}/`);
      }
    }
    for (const value of paths) {
      if (value.startsWith('/')) continue;
      const read = readPackagePath(value);
      const normal = posix.normalize(value);
      if (normal === '..' || normal.startsWith('../')) assert.deepEqual(read, { ok: false, fault: 'escape' }, value);
      else assert.deepEqual(read, { ok: true, file: normal }, value);
      checked++;
    }
    assert.ok(checked > 1000);
  });

  it('refuses absolute paths, drive letters and backslashes', () => {
    assert.deepEqual(readPackagePath('/bin/cli.js'), { ok: false, fault: 'absolute' });
    assert.deepEqual(readPackagePath('C:bin'), { ok: false, fault: 'absolute' });
    assert.deepEqual(readPackagePath('bin\\cli.js'), { ok: false, fault: 'backslash' });
    assert.deepEqual(readPackagePath('./bin/../../x'), { ok: false, fault: 'escape' });
    assert.deepEqual(readPackagePath('./bin/cli.js'), { ok: true, file: 'bin/cli.js' });
  });
});
