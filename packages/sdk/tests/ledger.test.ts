import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ledger } from '../src/ledger.js';
import { PeerScope } from '../src/scope.js';

describe('ledger', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'sdk-ledger-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a missing file means nothing acknowledged; acknowledging writes key → mark', async () => {
    const l = ledger(join(dir, 'seen.json'));
    assert.deepEqual(await l.read(), {});
    assert.deepEqual(await l.unseen({ a: 'd1', b: 'd1' }), ['a', 'b']);
    assert.equal(await l.acknowledge({ a: 'd1' }), true);
    assert.deepEqual(await l.unseen({ a: 'd1', b: 'd1' }), ['b']);
    assert.deepEqual(await l.unseen({ a: 'd2' }), ['a'], 'the same key with a new mark is news again');
    assert.deepEqual(readdirSync(dir), ['seen.json'], 'no temp file left');
  });

  it('a mangled file means nothing acknowledged, and is replaced on the next acknowledgement', async () => {
    const file = join(dir, 'mangled.json');
    for (const bad of ['{not json', '[1,2]', 'null', '"x"']) {
      writeFileSync(file, bad);
      assert.deepEqual(await ledger(file).read(), {}, bad);
    }
    assert.equal(await ledger(file).acknowledge({ k: 1 }), true);
    assert.deepEqual(await ledger(file).read(), { k: 1 });
  });

  it('no write when nothing moved', async () => {
    const file = join(dir, 'still.json');
    const l = ledger(file);
    await l.acknowledge({ a: 'm', b: true });
    const before = statSync(file, { bigint: true }).mtimeNs;
    const ino = statSync(file).ino;
    assert.equal(await l.acknowledge({ a: 'm' }), false);
    assert.equal(await l.acknowledge({}), false);
    assert.equal(statSync(file, { bigint: true }).mtimeNs, before);
    assert.equal(statSync(file).ino, ino, 'not even rewritten');
  });

  it('an acknowledgement whose scope changed during the read is not written', async () => {
    const scope = new PeerScope();
    scope.set('p1');
    const file = join(dir, 'scoped.json');
    const pending = ledger(file, { scope }).acknowledge({ a: 'x' });
    scope.set('p2');
    assert.equal(await pending, false);
    assert.deepEqual(await ledger(file).read(), {});
  });
});
