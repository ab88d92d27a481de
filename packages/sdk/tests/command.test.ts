import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandContext } from '../src/command.js';
import { readEnvironment } from '../src/environment.js';
import { HubRequestError } from '../src/hub-client.js';

describe('commandContext', () => {
  let dir: string;
  let hub: Server;
  let hubUrl: string;
  const seen: Array<{ method: string; url: string; auth: string | undefined; body: string }> = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sdk-command-'));
    hub = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (d: string) => (body += d));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
        if (req.url === '/api/hub/missing') res.writeHead(404).end('{"error":"no"}');
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ projects: [{ id: 'p' }] }));
      });
    });
    await new Promise<void>((r) => hub.listen(0, '127.0.0.1', r));
    hubUrl = `http://127.0.0.1:${(hub.address() as { port: number }).port}`;
  });
  after(async () => {
    await new Promise<void>((r) => hub.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    OUTBOARD_EXTENSION_API: '1',
    OUTBOARD_VERSION: '0.1.0',
    OUTBOARD_HOME: join(dir, 'home'),
    OUTBOARD_EXTENSION_NAME: 'hello',
    OUTBOARD_EXTENSION_STATE_DIR: join(dir, 'state'),
    OUTBOARD_EXTENSION_CONFIG: join(dir, 'config.json'),
    ...extra,
  });

  it('parses the environment and the config section', () => {
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ greeting: 'Hi' }));
    const ctx = commandContext(env());
    assert.equal(ctx.name, 'hello');
    assert.equal(ctx.home, join(dir, 'home'));
    assert.equal(ctx.stateDir, join(dir, 'state'));
    assert.deepEqual(ctx.config, { greeting: 'Hi' });
    assert.equal(ctx.hubUrl, undefined);
    assert.equal(ctx.apiVersion, 1);
  });

  it('reads the prefix it was started with (a host `ndx` gives NDX_*)', () => {
    const e = readEnvironment({ NDX_HOME: '/h', NDX_EXTENSION_NAME: 'x', NDX_EXTENSION_STATE_DIR: '/s', NDX_HUB_URL: 'http://127.0.0.1:1', NDX_TOKEN_FILE: '/t' });
    assert.equal(e.prefix, 'NDX');
    assert.equal(e.tokenFile, '/t');
  });

  it('started by hand, it says the host starts it', () => {
    assert.throws(() => commandContext({}), /the host starts it/);
  });

  it('the hub client reads the token file itself, on every call', async () => {
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, 'tok-1\n');
    const ctx = commandContext(env({ OUTBOARD_HUB_URL: hubUrl, OUTBOARD_TOKEN_FILE: tokenFile }));
    assert.deepEqual(await ctx.hub.request('GET', '/api/hub/projects'), { projects: [{ id: 'p' }] });
    writeFileSync(tokenFile, 'tok-2');
    await ctx.hub.request('POST', '/api/hub/x', { a: 1 });
    assert.deepEqual(seen.slice(-2).map((s) => [s.method, s.url, s.auth, s.body]), [
      ['GET', '/api/hub/projects', 'Bearer tok-1', ''],
      ['POST', '/api/hub/x', 'Bearer tok-2', '{"a":1}'],
    ]);
    await assert.rejects(ctx.hub.request('GET', '/api/hub/missing'), (e: unknown) => e instanceof HubRequestError && e.status === 404);
    await assert.rejects(commandContext(env()).hub.request('GET', '/api/hub/projects'), /no hub is running/);
  });

  it('callHost runs OUTBOARD_BIN with process.execPath and collects its output and exit code', async () => {
    const bin = join(dir, 'fake-cli.js');
    writeFileSync(bin, "process.stdout.write(JSON.stringify({ argv: process.argv.slice(2), exec: process.execPath })); process.stderr.write('e'); process.exit(3);\n");
    const r = await commandContext(env({ OUTBOARD_BIN: bin })).callHost(['extensions', 'list', '--json']);
    assert.equal(r.code, 3);
    assert.equal(r.stderr, 'e');
    assert.deepEqual(JSON.parse(r.stdout), { argv: ['extensions', 'list', '--json'], exec: process.execPath });
  });
});
