import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { keyFileName, parseKeyFileName, storageKeyProblem } from '../../src/storage/index.js';

/** A file name that can only name a file directly inside its folder, on any platform. */
function assertSafeName(name: string): void {
  assert.equal(basename(name), name);
  assert.doesNotMatch(name, /[/\\\0:]/);
  assert.doesNotMatch(name, /\.\./);
  assert.doesNotMatch(name, /[A-Z]/, 'lowercase only, so case-insensitive file systems never merge two keys');
  assert.ok(name.length <= 200, `${name.length} characters`);
  assert.match(name, /^[kh]-[a-z0-9_-]+\.json$/);
}

describe('storage keys', () => {
  it('encode path-like keys into plain file names that decode back', () => {
    const keys = ['../x', '/etc/passwd', 'a/../../b', '..', '.', '..\\..\\windows', 'C:\\x', 'a b', 'cache/last-run', 'Émoji 🎉', 'A', 'a', '%2e%2e', '_2e', 'k-a.json'];
    const names = new Set<string>();
    for (const key of keys) {
      assert.equal(storageKeyProblem(key), undefined, key);
      const name = keyFileName(key);
      assertSafeName(name);
      assert.deepEqual(parseKeyFileName(name), { kind: 'key', key });
      names.add(name.toLowerCase());
    }
    assert.equal(names.size, keys.length, 'no two keys share a name, even ignoring case');
    assert.equal(keyFileName('cache/last-run'), 'k-cache_2flast-run.json');
  });

  it('hash keys whose encoded name would be long, and still refuse keys over 200 characters', () => {
    const long = '/'.repeat(200);
    assert.equal(storageKeyProblem(long), undefined);
    const name = keyFileName(long);
    assertSafeName(name);
    assert.match(name, /^h-[0-9a-f]{64}\.json$/);
    assert.deepEqual(parseKeyFileName(name), { kind: 'hashed' });
    assert.notEqual(keyFileName(`${'/'.repeat(199)}x`), name);
    assert.match(keyFileName('a'.repeat(190)), /^k-a{190}\.json$/);
    assert.match(storageKeyProblem('a'.repeat(201)) ?? '', /at most 200 characters/);
  });

  it('refuse empty keys, NUL and other control characters, unpaired surrogates and non-strings', () => {
    assert.match(storageKeyProblem('') ?? '', /non-empty string/);
    assert.match(storageKeyProblem('a\0b') ?? '', /control characters/);
    assert.match(storageKeyProblem('line\nbreak') ?? '', /control characters/);
    assert.match(storageKeyProblem('\u007f') ?? '', /control characters/);
    assert.match(storageKeyProblem('\ud800x') ?? '', /well-formed/);
    assert.match(storageKeyProblem('x\udc00') ?? '', /well-formed/);
    assert.match(storageKeyProblem(12) ?? '', /non-empty string/);
    assert.equal(storageKeyProblem('\ud83c\udf89'), undefined);
  });

  it('treat anything but a canonical key file name as a non-key', () => {
    for (const name of ['.scope.lock', 'k-a.json.123-abcdef.tmp', 'k-.json', 'k-A.json', 'k-_61.json', 'k-_zz.json', 'h-abc.json', 'notes.txt', '..', 'k-a.JSON']) {
      assert.equal(parseKeyFileName(name), undefined, name);
    }
  });

  it('every valid key maps to a safe name that decodes back (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200, unit: 'binary' }), (key) => {
        fc.pre(storageKeyProblem(key) === undefined);
        const name = keyFileName(key);
        assertSafeName(name);
        const parsed = parseKeyFileName(name);
        if (parsed?.kind === 'key') assert.equal(parsed.key, key);
        else assert.deepEqual(parsed, { kind: 'hashed' });
      }),
      { numRuns: 2000 },
    );
  });
});
