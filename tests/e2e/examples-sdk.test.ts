// The SDK examples end to end through the real CLI (link, enable --yes, run): hello (a command in under 50
// lines), git-status (a peer: the log as a table; a status item per project through a running hub), and
// dashboard (a sidecar listing the hub's projects through the hub API, run here as the hub runs it, with
// its secret).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT, runCli, runCliJson, tempDir } from './lib/fixture-home.js';

const EXAMPLES = join(REPO_ROOT, 'examples');

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', '-c', 'init.defaultBranch=trunk', ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 0, r.stderr);
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Polls `check` every 100 ms until it returns a value, at most `ms`. */
async function waitFor<T>(what: string, ms: number, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('SDK examples through the CLI', { timeout: 120_000 }, () => {
  const tmp = tempDir('outboard-examples-');
  const home = join(tmp.path, 'home');
  const repo = join(tmp.path, 'repo<b>');
  before(() => {
    mkdirSync(home);
    mkdirSync(repo);
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'first commit');
    writeFileSync(join(repo, 'a.txt'), 'changed\n');
    writeFileSync(join(repo, 'new.txt'), 'new\n');
    assert.equal(runCli(['projects', 'add', repo, '--id', 'web'], { home }).code, 0);
    for (const [dir, name] of [['hello', 'hello'], ['git-status', 'git-status'], ['dashboard', 'dashboard']] as const) {
      const linked = runCli(['extensions', 'link', join(EXAMPLES, dir)], { home });
      assert.equal(linked.code, 0, linked.stderr);
      const enabled = runCli(['extensions', 'enable', name, '--yes'], { home });
      assert.equal(enabled.code, 0, enabled.stderr);
    }
  });
  after(() => {
    runCli(['hub', 'stop'], { home });
    tmp.cleanup();
  });

  it('hello: at most 50 lines including its manifest; greets with its config', () => {
    const lines = ['package.json', 'bin/hello.js', 'schema/config.json'].map((f) => readFileSync(join(EXAMPLES, 'hello', f), 'utf8').trimEnd().split('\n').length);
    assert.ok(lines.reduce((a, b) => a + b) <= 50, `${lines.join(' + ')} lines`);
    assert.match(readFileSync(join(EXAMPLES, 'hello', 'bin', 'hello.js'), 'utf8'), /from '@outboard\/sdk'/);
    const r = runCli(['hello', 'Ada'], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Hello, Ada! \(from hello, Outboard \d+\.\d+\.\d+\)$/m);
    assert.equal(runCli(['config', 'extensions.hello.greeting', 'Ahoy', '--user'], { home }).code, 0);
    assert.match(runCli(['hello', 'Ada'], { home }).stdout, /^Ahoy, Ada!/m);
  });

  it('git-status: the log of a project as a table', () => {
    const r = runCliJson<{ view: { type: string; columns: string[]; rows: string[][] } }>(['actions', 'run', 'git-status.log', '--project', 'web', '--json'], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.view.type, 'table');
    assert.deepEqual(r.json.view.columns, ['commit', 'author', 'when', 'subject']);
    assert.equal(r.json.view.rows.length, 1);
    assert.deepEqual(r.json.view.rows[0]?.slice(1, 2).concat(r.json.view.rows[0]?.[3] ?? ''), ['Ada', 'first commit']);
    const refused = runCli(['actions', 'run', 'git-status.log', '--project', 'web', '--args', '{"count":0}'], { home });
    assert.notEqual(refused.code, 0);
  });

  it('git-status: views show git-status.changes renders the branch and changed files of the project; dashboard offers a sidecar view', () => {
    const r = runCli(['views', 'show', 'git-status.changes', '--project', 'web'], { home, env: { NO_COLOR: '1' } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^repo<b> on trunk$/m);
    assert.match(r.stdout, /^M +a\.txt$/m);
    assert.match(r.stdout, /^\?\? +new\.txt$/m);
    const listed = runCliJson<Array<{ id: string; kind: string; where: string[]; path?: string }>>(['views', 'list', '--json'], { home });
    assert.deepEqual(listed.json.map((v) => [v.id, v.kind, v.where.join(','), v.path ?? '']), [
      ['dashboard.project', 'sidecar', 'project', '/view/project?id={projectId}'],
      ['git-status.changes', 'peer', 'project', ''],
    ]);
    // A sidecar view is a page: the terminal names where to open it.
    const page = runCli(['views', 'show', 'dashboard.project', '--project', 'web'], { home, env: { NO_COLOR: '1' } });
    assert.equal(page.code, 1);
    assert.match(page.stderr, /view dashboard\.project is a page of the dashboard sidecar, not rendered by a peer; open it in the hub at \/x\/dashboard\/view\/project\?id=web/);
  });

  it('git-status: diagnostics names a detached HEAD and unmerged paths, and exits 1', (t) => {
    const other = join(tmp.path, 'conflicted');
    mkdirSync(other);
    writeFileSync(join(other, 'a.txt'), 'a\n');
    git(other, 'init', '-q');
    git(other, 'add', '.');
    git(other, 'commit', '-qm', 'base');
    git(other, 'branch', 'other');
    writeFileSync(join(other, 'a.txt'), 'trunk\n');
    git(other, 'commit', '-qam', 'on trunk');
    git(other, 'checkout', '-q', 'other');
    writeFileSync(join(other, 'a.txt'), 'other\n');
    git(other, 'commit', '-qam', 'on other');
    git(other, 'checkout', '-q', '--detach', 'trunk');
    const merge = spawnSync('git', ['-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', 'merge', 'other'], { cwd: other, encoding: 'utf8', timeout: 30_000 });
    assert.notEqual(merge.status, 0, 'the merge conflicts');
    assert.equal(runCli(['projects', 'add', other, '--id', 'conflicted'], { home }).code, 0);
    // The later tests list the projects: leave only theirs, whatever this one finds.
    t.after(() => assert.equal(runCli(['projects', 'remove', 'conflicted'], { home }).code, 0));
    const r = runCliJson<{ answered: Array<{ provider: { id: string }; items: Array<{ severity: string; message: string; path?: string }> }> }>(['diagnostics', '--project', 'conflicted', '--json'], { home });
    assert.equal(r.code, 1, r.stderr);
    const items = r.json.answered.find((a) => a.provider.id === 'git-status.problems')?.items ?? [];
    assert.deepEqual(items.map((i) => [i.severity, i.path]), [['warning', '.'], ['error', 'a.txt']]);
    assert.match(items[0]?.message ?? '', /HEAD is detached/);
    const clean = runCli(['diagnostics', '--project', 'web'], { home });
    assert.equal(clean.code, 0, clean.stderr);
    assert.match(clean.stdout, /git-status — Git\n {2}\(nothing\)/);
  });

  it('git-status: with a hub, a status item per project (branch, changed files), kept by poll', async () => {
    const started = runCli(['hub', 'start', '--port', '0'], { home });
    assert.equal(started.code, 0, started.stderr);
    const value = await waitFor('the git-status item of project web', 15_000, () => {
      const items = runCliJson<Array<{ id: string; values: Record<string, { text: string; severity: string }> }>>(['status', '--json'], { home }).json;
      return items.find((i) => i.id === 'git-status.branch')?.values.web;
    });
    assert.deepEqual(value.text, 'trunk, 2 changed');
    assert.equal(value.severity, 'warning');
  });

  it('dashboard: as the hub runs it, it refuses a request without the secret and lists the hub projects with it', async () => {
    const hub = JSON.parse(readFileSync(join(home, 'hub.json'), 'utf8')) as { url: string };
    const port = await freePort();
    const secret = 'launch-secret-0123456789abcdef';
    const stateDir = join(home, 'ext', 'dashboard');
    mkdirSync(stateDir, { recursive: true });
    const child = spawn(process.execPath, [join(EXAMPLES, 'dashboard', 'server.js')], {
      cwd: stateDir,
      env: { ...process.env, PORT: String(port), OUTBOARD_SIDECAR_SECRET: secret, OUTBOARD_HOME: home, OUTBOARD_EXTENSION_NAME: 'dashboard', OUTBOARD_EXTENSION_STATE_DIR: stateDir, OUTBOARD_HUB_URL: hub.url, OUTBOARD_TOKEN_FILE: join(home, 'token') },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const health = await waitFor('the sidecar to listen', 10_000, () => get(port, '/healthz', { 'x-outboard-sidecar-secret': secret }).catch(() => undefined));
      assert.equal(health.status, 200, stderr);
      for (const path of ['/', '/healthz', '/api/projects']) assert.equal((await get(port, path, {})).status, 401);
      assert.equal((await get(port, '/', { 'x-outboard-sidecar-secret': 'nope' })).status, 401);
      const page = await get(port, '/', { 'x-outboard-sidecar-secret': secret, 'x-outboard-base-path': '/x/dashboard/' });
      assert.equal(page.status, 200, stderr);
      assert.match(page.body, /<td>web<\/td><td>repo&#60;b&#62;<\/td>/, 'the project, its name escaped');
      assert.match(page.body, /<base href="\/x\/dashboard\/">/);
      assert.ok(!page.body.includes(secret));
      const json = JSON.parse((await get(port, '/api/projects', { 'x-outboard-sidecar-secret': secret })).body) as { projects: Array<{ id: string }> };
      assert.deepEqual(json.projects.map((p) => p.id), ['web']);
      child.stdin.end();
      assert.equal(await exited, 0, 'it exits when the hub closes its stdin');
    } finally {
      child.kill();
    }
  });

  it('dashboard: through the hub at /x/dashboard/, the page lists the projects', async () => {
    const hub = JSON.parse(readFileSync(join(home, 'hub.json'), 'utf8')) as { port: number };
    const token = readFileSync(join(home, 'token'), 'utf8').trim();
    const first = await get(hub.port, '/x/dashboard/', { 'x-outboard-token': token });
    assert.equal(first.status, 200, first.body);
    assert.match(first.body, /<td>web<\/td><td>repo&#60;b&#62;<\/td>/);
    assert.match(first.body, /<base href="\/x\/dashboard\/">/);
    const json = JSON.parse((await get(hub.port, '/x/dashboard/api/projects', { 'x-outboard-token': token })).body) as { projects: Array<{ id: string }> };
    assert.deepEqual(json.projects.map((p) => p.id), ['web']);
    assert.ok(!first.body.includes(token), 'the token never reaches the page');
  });
});
