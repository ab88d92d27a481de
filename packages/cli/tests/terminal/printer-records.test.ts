import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Printer } from '../../src/terminal/printer.js';
import type { CliIo } from '../../src/terminal/printer.js';

function io(tty: boolean): CliIo & { out(): string } {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  const stderr = Object.assign(new PassThrough(), { isTTY: tty });
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  let out = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  return { stdout, stderr, stdin, env: { NO_COLOR: '1' }, cwd: '/', out: () => out };
}

describe('Printer.printJsonRecord (NDJSON for `events`)', () => {
  const record = { type: 'git.changed', attributes: { branch: 'evil\u001b[2J\u009b\u202e' } };

  it('writes one line of JSON per record when stdout is not a terminal, with no raw control character', () => {
    const x = io(false);
    const p = new Printer(x);
    p.printJsonRecord(record);
    p.printJsonRecord({ n: 2 });
    const lines = x.out().split('\n');
    assert.equal(lines.length, 3);
    assert.deepEqual(JSON.parse(lines[0]!), record);
    assert.doesNotMatch(x.out(), /[\u001b\u009b\u202e]/);
  });

  it('pretty-prints on a terminal, still escaped', () => {
    const x = io(true);
    new Printer(x).printJsonRecord(record);
    assert.match(x.out(), /^\{\n {2}"type": "git.changed",/);
    assert.doesNotMatch(x.out(), /[\u001b\u009b\u202e]/);
    assert.deepEqual(JSON.parse(x.out()), record);
  });
});
