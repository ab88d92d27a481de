// examples/python-peer: a 1 MiB JSON text is taken whatever framing blanks surround it (they do not count
// toward the limit), one byte more is refused `too_large`; a message whose "jsonrpc" is present and not
// "2.0" is answered `invalid_request`. Its end to end run (link, enable, run) through the real CLI.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir } from './lib/fixture-home.js';

const PEER = join(REPO_ROOT, 'examples', 'python-peer', 'peer.py');
const LIMIT = 1024 * 1024;

/** The python peer, with its answers collected by id (null ids in order). */
class PyPeer {
  readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  readonly answers: Array<Record<string, unknown>> = [];
  private waiters: Array<() => void> = [];
  constructor() {
    this.child = spawn('python3', [PEER], { env: { ...process.env, OUTBOARD_PEER_HOST: 'outboard', OUTBOARD_PEER_PROTOCOL: '1' } });
    this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.buffer += d;
      for (let i = this.buffer.indexOf('\n'); i >= 0; i = this.buffer.indexOf('\n')) {
        this.answers.push(JSON.parse(this.buffer.slice(0, i)) as Record<string, unknown>);
        this.buffer = this.buffer.slice(i + 1);
      }
      this.waiters.splice(0).forEach((w) => w());
    });
  }
  write(bytes: string | Buffer): void {
    this.child.stdin.write(bytes);
  }
  async answer(match: (a: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.answers.find(match);
      if (found) return found;
      assert.ok(Date.now() < deadline, `no matching answer; got ${JSON.stringify(this.answers).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200).unref();
      });
    }
  }
}

/** A request of exactly `bytes` bytes of JSON text, for a method the peer does not have (its answer is small). */
function requestOfSize(id: number, bytes: number): string {
  const head = `{"jsonrpc":"2.0","id":${id},"method":"test/none","params":{"pad":"`;
  const tail = '"}}';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

const codeOf = (a: Record<string, unknown>): unknown => ((a.error as { data?: { code?: unknown } } | undefined)?.data?.code);

describe('examples/python-peer on the wire', { timeout: 60_000 }, () => {
  let peer: PyPeer;
  before(() => (peer = new PyPeer()));
  after(() => peer.child.kill());

  it('a 1 MiB text framed with CRLF, a leading space or tabs is read (framing blanks do not count)', async () => {
    peer.write(`${requestOfSize(1, LIMIT)}\r\n`);
    peer.write(` ${requestOfSize(2, LIMIT)}\n`);
    peer.write(`\t \t${requestOfSize(3, LIMIT)} \t\r\n`);
    for (const id of [1, 2, 3]) assert.equal(codeOf(await peer.answer((a) => a.id === id)), 'method_not_found', `request ${id}`);
  });

  it('one byte over the limit is answered too_large with its id, and the peer reads on', async () => {
    peer.write(` ${requestOfSize(4, LIMIT + 1)}\r\n`);
    assert.equal(codeOf(await peer.answer((a) => a.id === 4)), 'too_large');
    peer.write('{"jsonrpc":"2.0","id":5,"method":"test/echo","params":{"ok":true}}\n');
    assert.deepEqual((await peer.answer((a) => a.id === 5)).result, { ok: true });
  });

  it('a "jsonrpc" present and not "2.0" is refused invalid_request: a request with its id, a notification with id null', async () => {
    peer.write('{"jsonrpc":"1.0","id":6,"method":"test/echo","params":{}}\n');
    const refused = await peer.answer((a) => a.id === 6);
    assert.equal(codeOf(refused), 'invalid_request');
    assert.equal(refused.result, undefined);
    const before = peer.answers.filter((a) => a.id === null).length;
    peer.write('{"jsonrpc":2,"method":"$/cancelRequest","params":{"id":99}}\n');
    const nulls = await peer.answer(() => peer.answers.filter((a) => a.id === null).length > before);
    assert.ok(nulls);
    assert.equal(codeOf(peer.answers.filter((a) => a.id === null).at(-1) as Record<string, unknown>), 'invalid_request');
    peer.write('{"id":7,"method":"test/echo","params":{"no":"jsonrpc member"}}\n');
    assert.deepEqual((await peer.answer((a) => a.id === 7)).result, { no: 'jsonrpc member' }, 'an absent member is accepted');
  });
});

describe('examples/python-peer through the CLI', { timeout: 60_000 }, () => {
  const tmp = tempDir('outboard-pypeer-');
  const home = join(tmp.path, 'home');
  after(() => tmp.cleanup());

  it('links, enables and runs its action', () => {
    mkdirSync(home);
    assert.equal(runCli(['extensions', 'link', join(REPO_ROOT, 'examples', 'python-peer')], { home }).code, 0);
    const enabled = runCli(['extensions', 'enable', 'python-example', '--yes'], { home });
    assert.equal(enabled.code, 0, enabled.stderr);
    const r = runCli(['actions', 'run', 'python-example.greet', '--args', '{"name":"Ada"}'], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Ada/);
  });
});
