import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Printer } from '../../src/terminal/printer.js';
import type { CliIo } from '../../src/terminal/printer.js';
import { t } from '../../src/terminal/text.js';

function io(options: { tty?: boolean; color?: boolean; input?: string } = {}): CliIo & { out(): string; err(): string } {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  const stderr = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  const stdin = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  if (options.input !== undefined) stdin.end(options.input);
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const env = options.color ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' };
  return { stdout, stderr, stdin, env, cwd: '/', out: () => out, err: () => err };
}

describe('Printer', () => {
  it('escapes plain lines and writes Styled lines as they are', () => {
    const x = io({ color: true });
    const p = new Printer(x);
    p.print('raw\u001b[2K\rline', t`${p.out.bold('ok')} ${'v\n'}`, t`two\nlines`);
    assert.equal(x.out(), 'raw\\x1b[2K\\rline\n\u001b[1mok\u001b[22m v\\n\ntwo\nlines\n');
  });

  it('prints JSON that parses back to the same value and carries no raw control character', () => {
    const x = io();
    const value = { name: 'a\u001b]52;c;AAAA\u0007\u009b\u202e\u0085', n: [1, null] };
    new Printer(x).printJson(value);
     
    assert.doesNotMatch(x.out(), /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    assert.deepEqual(JSON.parse(x.out()), value);
  });

  it('draws the progress line only on a terminal, and clears it before the next line', () => {
    const tty = io({ tty: true });
    const p = new Printer(tty);
    p.status('1/2 \u001b[31m');
    p.printError('done');
    assert.equal(tty.err(), '\r\u001b[2K1/2 \\x1b[31m\r\u001b[2Kdone\n');
    const piped = io();
    new Printer(piped).status('1/2');
    assert.equal(piped.err(), '');
  });

  it('asks a question and reads one line; end of input means no', async () => {
    const yes = io({ input: 'y\n' });
    assert.equal(await new Printer(yes).ask(t`Approve ${'x\u001b'}?`), true);
    assert.equal(yes.err(), 'Approve x\\x1b? [y/N] ');
    assert.equal(await new Printer(io({ input: '' })).ask('q'), false);
    assert.equal(await new Printer(io({ input: 'nope\n' })).ask('q'), false);
  });

  it('passes another program\'s output through with its newlines and without its escapes', async () => {
    const x = io();
    const sink = new Printer(x).passthrough();
    sink.write(Buffer.from('npm \u001b[31mWARN\u001b[0m\nnext\r'));
    sink.write(Buffer.from([0xe2, 0x9c]));
    await new Promise<void>((resolve) => sink.end(Buffer.from([0x94, 0x0a]), resolve));
    assert.equal(x.err(), 'npm \\x1b[31mWARN\\x1b[0m\nnext\\r✔\n');
  });
});
