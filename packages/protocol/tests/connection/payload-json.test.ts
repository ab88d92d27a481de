// stringifyPayload must give JSON.stringify's output exactly; it only gets there faster for long strings.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringifyPayload } from '../../src/connection/payload-json.js';

const LONG = 'x'.repeat(5000);

function same(value: unknown, label: string): void {
  assert.equal(stringifyPayload(value), JSON.stringify(value), label);
}

describe('stringifyPayload', () => {
  it('quotes a long string as JSON.stringify does, whatever it holds and wherever', () => {
    const specials = ['"', '\\', '\n', '\u0000', '\u001f', '\u007f', 'é', '中', '😀', '\ud800', '\udc00', '\u2028', '</script>'];
    for (const special of specials) {
      for (const at of [0, 2500, 4999]) {
        const text = LONG.slice(0, at) + special + LONG.slice(at);
        same(text, `${JSON.stringify(special)} at ${at}`);
        same({ data: text }, `member with ${JSON.stringify(special)} at ${at}`);
        same([1, { nested: { deeper: text } }], `nested ${JSON.stringify(special)} at ${at}`);
      }
    }
    same(LONG, 'plain ASCII');
    same('ü'.repeat(3000), 'two-byte text');
  });

  it('writes objects and arrays around long strings as JSON.stringify does', () => {
    const fn = (): number => 1;
    const values: unknown[] = [
      { a: LONG, b: undefined, c: fn, d: Symbol('s'), e: null, f: -0, g: 1e21, h: NaN, i: Infinity, j: true, k: '' },
      [LONG, undefined, fn, Symbol('s'), null, -0],
      Object.assign(Object.create(null) as object, { b: LONG, a: 1 }),
      { 2: 'two', 1: LONG, b: 'b', a: 'a' },
      { nested: [[[[[LONG]]]]], deep: { a: { b: { c: { d: { e: LONG } } } } } },
      { wide: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i % 7 === 0 ? LONG : i])) },
      Array.from({ length: 100 }, (_, i) => (i % 9 === 0 ? LONG : { i })),
      { ['quote"key']: LONG, ['new\nline']: 1 },
      [LONG, [], {}, [[]], [{}]],
      // Holes read as null.
      Object.assign(new Array(3), { 1: LONG }),
    ];
    for (const v of values) same(v, String(JSON.stringify(v)).slice(0, 60));
  });

  it('hands the whole value to JSON.stringify where a toJSON would see its key', () => {
    class Note {
      constructor(readonly text: string) {}
      toJSON(key: string): unknown {
        return { key, text: this.text.length };
      }
    }
    const hidden = { text: LONG };
    Object.defineProperty(hidden, 'toJSON', { value: (key: string) => `hidden:${key}`, enumerable: false });
    const array = [LONG];
    Object.assign(array, { toJSON: (key: string) => `array:${key}` });
    const values: unknown[] = [
      { a: new Note(LONG), b: LONG },
      { when: new Date(0), text: LONG },
      { data: LONG, own: { toJSON: (key: string) => `own:${key}`, more: LONG } },
      { hidden, b: LONG },
      { array, b: LONG },
      [new Note(LONG), LONG],
      { boxed: new String(LONG), n: new Number(3) },
      { map: new Map([[1, 2]]), text: LONG },
    ];
    for (const v of values) same(v, String(JSON.stringify(v)).slice(0, 60));
  });

  it('leaves small values to JSON.stringify untouched', () => {
    for (const v of [undefined, null, 1, 'short', { a: 1, b: 'x'.repeat(100) }, [1, 2, 3], { nested: { args: { count: 3 } } }]) same(v, String(JSON.stringify(v)));
  });

  it('throws what JSON.stringify throws', () => {
    const cyclic: Record<string, unknown> = { text: LONG };
    cyclic['self'] = { again: cyclic };
    assert.throws(() => stringifyPayload(cyclic), TypeError);
    assert.throws(() => stringifyPayload({ text: LONG, big: 10n }), TypeError);
  });

  it('equals JSON.stringify on generated values with long strings in them', () => {
    let seed = 0xbeef;
    const rand = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const pieces = ['a', 'é', '"', '\\', '\n', '\u0001', '\ud83d\ude00', '\ud800', ' ', 'z'];
    const longText = (): string => {
      let text = 'y'.repeat(1000 + Math.floor(rand() * 2000));
      if (rand() < 0.5) text += pick(pieces) + 'y'.repeat(Math.floor(rand() * 100));
      return text;
    };
    const gen = (depth: number): unknown => {
      const r = rand();
      if (depth > 5 || r < 0.3) return pick<unknown>([null, true, 0, -0, 1.5, 'short', undefined, longText(), longText()]);
      if (r < 0.6) return Array.from({ length: Math.floor(rand() * 5) }, () => gen(depth + 1));
      const out: Record<string, unknown> = {};
      for (let i = Math.floor(rand() * 5); i > 0; i--) out[pick(['a', 'b', '1', 'key', 'ü', '"q'])] = gen(depth + 1);
      return out;
    };
    for (let i = 0; i < 500; i++) {
      const v = gen(0);
      same(v, `case ${i}`);
    }
  });
});
