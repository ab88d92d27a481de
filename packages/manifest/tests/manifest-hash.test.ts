// manifestHash is stored by approvals: its one-pass writer must give the very bytes of the definition
// (sort every object's keys, then JSON.stringify). Pinned digests, every fixture, and generated values.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { canonicalJson, canonicalSha256, manifestHash } from '../src/index.js';
import { packageRoot } from './package-root.js';

/** The definition, as it stood when approvals first stored hashes. */
function reference(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  };
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function referenceHash(pkg: unknown, hostId: string): string {
  const own = (v: unknown, k: string): unknown => (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, k) ? (v as Record<string, unknown>)[k] : undefined);
  return sha256(reference({ block: own(own(pkg, hostId), 'extension') ?? null, engines: own(own(pkg, 'engines'), hostId) ?? null }));
}

describe('manifestHash stays byte-identical to what approvals stored', () => {
  it('keeps the pinned digests', () => {
    // Computed with the sort-then-stringify implementation before the one-pass writer existed.
    const bench = { name: 'bench-ext-7', version: '1.0.0', engines: { outboard: '>=0.1.0' }, outboard: { extension: { apiVersion: 1, name: 'bench-ext-7', description: 'Benchmark extension 7', commands: [{ name: 'bench-ext-7', bin: 'bin/cli.js', summary: 'Command 7' }] } } };
    assert.equal(manifestHash(bench, 'outboard'), 'b55cdb4c6d0f064d9afd70ea067799bc766dcc22c89282d822e3153af5a91129');
    // Index-like keys (JSON.stringify puts them first, numerically), __proto__, -0, 1e21, a lone surrogate.
    const odd = JSON.parse('{"engines":{"outboard":"^0.1.0 || >=1"},"outboard":{"extension":{"name":"z","10":1,"9":[true,false,null,-0,1e21,0.1,"\\u00e9\\ud800"],"__proto__":{"b":{},"a":[]},"Z":"\\n"}}}');
    assert.equal(canonicalJson({ block: odd.outboard.extension, engines: odd.engines.outboard }), '{"block":{"9":[true,false,null,0,1e+21,0.1,"é\\ud800"],"10":1,"Z":"\\n","__proto__":{"a":[],"b":{}},"name":"z"},"engines":"^0.1.0 || >=1"}');
    assert.equal(manifestHash(odd, 'outboard'), '480c8ffbf0a60e13c3b28900b8b4d05da393be99100be6a75c5874f64a0a3641');
  });

  it('equals the definition on every fixture package.json', () => {
    const fixtures = join(packageRoot(), 'tests', 'fixtures');
    let n = 0;
    for (const folder of readdirSync(fixtures)) {
      for (const file of ['pass.json', 'fail.json']) {
        const pkg: unknown = JSON.parse(readFileSync(join(fixtures, folder, file), 'utf8'));
        assert.equal(manifestHash(pkg, 'outboard'), referenceHash(pkg, 'outboard'), `${folder}/${file}`);
        assert.equal(canonicalJson(pkg), reference(pkg), `${folder}/${file}`);
        n++;
      }
    }
    assert.ok(n >= 90);
  });

  it('equals the definition on values JSON.parse cannot make (they take the reference path)', () => {
    const holey: unknown[] = [1];
    holey[2] = 3;
    const nullProto = Object.assign(Object.create(null) as object, { b: 1, a: [undefined] });
    class Sub extends Array {}
    const values: unknown[] = [
      undefined, null, NaN, -Infinity, -0, () => 1, Symbol('s'), new Date(0), new Number(3), new String('s'), holey, nullProto,
      { a: undefined, b: 1 }, { f: () => 1, c: [() => 1, undefined, NaN] }, { toJSON: () => 'x', a: 1 }, { b: { toJSON: () => 'y' } },
      { 2: 'a', 10: 'b', '01': 'c', a: 'd' }, Sub.from([1, 2]), new Map([[1, 2]]), [new Date(0)],
      // Past the in-place sort's limit: the native sort takes over.
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${(i * 7919) % 40}${'_'.repeat(i % 3)}`, i])),
    ];
    for (const v of values) {
      const label = String(typeof v === 'symbol' ? 'symbol' : reference(v));
      assert.equal(canonicalJson(v), reference(v), label);
      assert.equal(canonicalSha256(v), sha256(reference(v)), label);
    }
  });

  it('equals the definition on generated JSON values', () => {
    // A small seeded generator (mulberry32): reproducible, no dependency.
    let seed = 0x5eed;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const keys = ['a', 'B', 'b', 'name', '__proto__', 'constructor', '', ' ', 'é', 'Z', '\u2028', '\ud800', 'aa', '0', '7', '10', '01', '-1', 'x.y'];
    const gen = (depth: number): unknown => {
      const r = rand();
      if (depth > 4 || r < 0.35) return pick<unknown>([null, true, false, 0, -0, 1.5, 1e21, -3e-7, 2 ** 53, 'text', '', '"\\\n\u0001', '\udc00x', 'ü']);
      if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => gen(depth + 1));
      const text = `{${Array.from({ length: Math.floor(rand() * 5) }, () => `${JSON.stringify(pick(keys))}:${JSON.stringify(gen(depth + 1)) ?? 'null'}`).join(',')}}`;
      return JSON.parse(text); // as a package.json is made: duplicate keys, an own __proto__
    };
    for (let i = 0; i < 2000; i++) {
      const v = gen(0);
      assert.equal(canonicalJson(v), reference(v), JSON.stringify(v));
      assert.equal(canonicalSha256(v), sha256(reference(v)), JSON.stringify(v));
      const pkg = { engines: { outboard: gen(3) }, outboard: { extension: v } };
      assert.equal(manifestHash(pkg, 'outboard'), referenceHash(pkg, 'outboard'));
    }
  });

  it('hashes the same bytes when they outgrow the buffer, and lets a big buffer go', () => {
    // Past the first 16 KiB and past the 1 MiB kept between calls; escapes and non-ASCII on the way.
    for (const size of [20_000, 2_000_000]) {
      // Two, three and four UTF-8 bytes (é, 中, an emoji's surrogate pair), escapes, and a lone surrogate.
      const v = { text: 'a'.repeat(size), more: ['é"\n中😀'.repeat(size / 4), { z: 1, a: 'ü\ud800x' }] };
      assert.equal(canonicalSha256(v), sha256(reference(v)));
      const pkg = { engines: { outboard: '>=1' }, outboard: { extension: v } };
      assert.equal(manifestHash(pkg, 'outboard'), referenceHash(pkg, 'outboard'));
    }
    assert.equal(canonicalSha256({ b: 1, a: [true] }), sha256('{"a":[true],"b":1}'));
  });

  it('stays right when a getter hashes while a value is written, or throws', () => {
    const inner = { y: [1, 2], x: 'in' };
    let nested = '';
    const withGetter = {
      b: 'after',
      get a() {
        nested = canonicalSha256(inner);
        return 'A';
      },
    };
    assert.equal(canonicalSha256(withGetter), sha256('{"a":"A","b":"after"}'));
    assert.equal(nested, sha256('{"x":"in","y":[1,2]}'));
    const throwing = {
      get a(): string {
        throw new Error('getter failed');
      },
    };
    assert.throws(() => canonicalSha256({ z: 'first', y: throwing }), /getter failed/);
    // The next call starts clean: nothing of the failed one is left in the buffer.
    assert.equal(canonicalSha256({ k: 'v' }), sha256('{"k":"v"}'));
  });
});
