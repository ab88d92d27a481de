// The environment every extension command gets (DESIGN.md §5): contract variables with the right values, hub
// variables only while a hub runs, never the token value, a config file of its own, and fresh values in
// nested runs.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_MAIN, REPO_ROOT, tempDir, writeFiles } from './lib/fixture-home.js';
import { installFixture, enable } from './lib/dispatch-fixtures.js';

const CLI_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'cli', 'package.json'), 'utf8')) as { version: string }).version;

interface Report {
  argv: string[];
  ppid: number;
  env: Record<string, string>;
  stateDirExisted: boolean;
  stateDirEntries: string[] | null;
  config: string | null;
}

/** Runs the CLI and returns its pid with the output (the pid is the extension's parent: no shell between). */
function run(args: string[], home: string, env: NodeJS.ProcessEnv = {}, cwd = home): { pid: number; status: number | null; stdout: string; stderr: string } {
  const base: NodeJS.ProcessEnv = { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1', ...env };
  for (const [k, v] of Object.entries(base)) if (v === undefined) delete base[k];
  const r = spawnSync(process.execPath, [CLI_MAIN, ...args], { cwd, env: base, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return { pid: r.pid, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const CONTRACT = ['OUTBOARD_EXTENSION_API', 'OUTBOARD_VERSION', 'OUTBOARD_BIN', 'OUTBOARD_HOME', 'OUTBOARD_EXTENSION_NAME', 'OUTBOARD_EXTENSION_STATE_DIR', 'OUTBOARD_EXTENSION_CONFIG'];

describe('the environment of an extension command', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const stateDir = join(home, 'ext', 'probe');

  before(() => {
    installFixture(home, 'probe');
    installFixture(home, 'other');
    installFixture(home, 'configured');
    for (const name of ['probe', 'other', 'configured']) enable(home, name);
  });
  after(() => tmp.cleanup());

  it('has every contract variable with its value, replacing stale ones from the caller', () => {
    assert.ok(!existsSync(stateDir), 'the state dir does not exist before the first run');
    const stale = {
      OUTBOARD_EXTENSION_NAME: 'stale', OUTBOARD_EXTENSION_STATE_DIR: '/stale', OUTBOARD_EXTENSION_CONFIG: '/stale.json', OUTBOARD_EXTENSION_API: '0',
      OUTBOARD_VERSION: '0.0.0-stale', OUTBOARD_BIN: '/stale/main.js', OUTBOARD_HUB_URL: 'http://127.0.0.1:9', OUTBOARD_TOKEN_FILE: '/stale/token',
      OUTBOARD_EXTENSION_SOMETHING: 'stale', USER_KEEPS_THIS: 'kept as is',
    };
    const r = run(['probe'], home, stale);
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    const e = report.env;
    assert.equal(e.OUTBOARD_EXTENSION_API, '1');
    assert.equal(e.OUTBOARD_VERSION, CLI_VERSION);
    assert.equal(e.OUTBOARD_BIN, realpathSync(CLI_MAIN), 'the absolute path of this install\'s CLI entry');
    assert.equal(e.OUTBOARD_HOME, home);
    assert.equal(e.OUTBOARD_EXTENSION_NAME, 'probe');
    assert.equal(e.OUTBOARD_EXTENSION_STATE_DIR, stateDir);
    assert.equal(report.stateDirExisted, true, 'the state dir is created before the process starts');
    assert.match(e.OUTBOARD_EXTENSION_CONFIG ?? '', new RegExp(`^${stateDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/outboard-config-${r.pid}-[0-9a-f]+\\.json$`));
    assert.equal(report.ppid, r.pid);
    assert.equal(e.OUTBOARD_HUB_URL, undefined, 'no hub runs');
    assert.equal(e.OUTBOARD_TOKEN_FILE, undefined, 'no hub runs');
    assert.equal(e.OUTBOARD_EXTENSION_SOMETHING, undefined, 'no OUTBOARD_EXTENSION_* of an outer run leaks in');
    assert.equal(e.USER_KEEPS_THIS, 'kept as is', 'the user\'s own environment passes through');
    for (const name of CONTRACT) assert.ok(e[name] !== undefined && e[name] !== '', name);
  });

  it('gives a command its own config file holding the merged, checked config, and removes it on exit', () => {
    const project = join(tmp.path, 'project');
    const nested = join(project, 'src', 'deep');
    mkdirSync(nested, { recursive: true });
    writeFiles(project, {
      'package.json': { name: 'some-project', version: '1.0.0', private: true },
      '.outboard.json': { extensions: { configured: { count: 3, nested: { deep: true } } } },
    });
    writeFiles(home, { 'config.json': { extensions: { configured: { greeting: 'hello', count: 1 }, probe: { unrelated: true } } } });
    try {
      const r = run(['configured'], home, {}, nested);
      assert.equal(r.status, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { file: string; ppid: number; config: unknown };
      assert.deepEqual(out.config, { greeting: 'hello', count: 3, nested: { deep: true } }, 'project over user');
      assert.equal(out.ppid, r.pid);
      assert.match(out.file, new RegExp(`/ext/configured/outboard-config-${r.pid}-[0-9a-f]+\\.json$`));
      assert.ok(!existsSync(out.file), 'removed when the command exited');
    } finally {
      rmSync(join(home, 'config.json'), { force: true });
    }
  });

  it('writes {} for an extension without config, and the run leaves nothing behind', () => {
    const r = run(['probe'], home);
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    assert.deepEqual(JSON.parse(report.config ?? 'null'), {});
    const own = report.env.OUTBOARD_EXTENSION_CONFIG?.split('/').pop();
    assert.deepEqual(report.stateDirEntries, [own], 'while running: its own config file and nothing else');
    assert.ok(!existsSync(report.env.OUTBOARD_EXTENSION_CONFIG ?? ''));
  });

  it('gets OUTBOARD_HUB_URL and OUTBOARD_TOKEN_FILE while a hub runs, and never the token value', () => {
    const token = `tok-${process.pid}-${Date.now().toString(36)}-secret`;
    writeFiles(home, { 'hub.json': { url: 'http://127.0.0.1:1234', pid: process.pid }, token: `${token}\n` });
    try {
      const r = run(['probe'], home, { LEAKY_TOKEN: token, EMBEDS_IT: `Bearer ${token}`, [`NAME_${token}`]: 'a variable named after the token' });
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout) as Report;
      assert.equal(report.env.OUTBOARD_HUB_URL, 'http://127.0.0.1:1234');
      assert.equal(report.env.OUTBOARD_TOKEN_FILE, join(home, 'token'));
      assert.equal(report.env.LEAKY_TOKEN, undefined);
      assert.equal(report.env.EMBEDS_IT, undefined);
      const dump = JSON.stringify(report.env);
      assert.ok(!dump.includes(token), 'the token value is nowhere in the environment');
      assert.equal(report.env[`NAME_${token}`], undefined, 'nor in a variable name');
      assert.ok(!r.stdout.includes(token) && !r.stderr.includes(token));
    } finally {
      rmSync(join(home, 'hub.json'), { force: true });
      rmSync(join(home, 'token'), { force: true });
    }
  });

  it('gets no token file variable when the token file is missing, and no hub variables for a dead hub', () => {
    writeFiles(home, { 'hub.json': { url: 'http://127.0.0.1:1234', pid: process.pid } });
    try {
      const noToken = JSON.parse(run(['probe'], home).stdout) as Report;
      assert.equal(noToken.env.OUTBOARD_HUB_URL, 'http://127.0.0.1:1234');
      assert.equal(noToken.env.OUTBOARD_TOKEN_FILE, undefined);
      const dead = spawnSync(process.execPath, ['-e', '0']).pid; // a pid that has exited
      writeFiles(home, { 'hub.json': { url: 'http://127.0.0.1:1234', pid: dead }, token: 'whatever\n' });
      const stale = JSON.parse(run(['probe'], home, { OUTBOARD_HUB_URL: 'http://127.0.0.1:9' }).stdout) as Report;
      assert.equal(stale.env.OUTBOARD_HUB_URL, undefined);
      assert.equal(stale.env.OUTBOARD_TOKEN_FILE, undefined);
    } finally {
      rmSync(join(home, 'hub.json'), { force: true });
      rmSync(join(home, 'token'), { force: true });
    }
  });

  it('a nested run (through OUTBOARD_BIN) gives the inner extension freshly computed variables', () => {
    const token = `nested-${Date.now().toString(36)}-token`;
    writeFiles(home, { 'hub.json': { url: 'http://127.0.0.1:1234', pid: process.pid }, token: `${token}\n` });
    try {
      for (const dropHub of [false, true]) {
        const r = run(['probe-nest', ...(dropHub ? ['--drop-hub'] : []), 'other'], home);
        assert.equal(r.status, 0, r.stderr);
        const { outer, innerStatus, inner } = JSON.parse(r.stdout) as { outer: Record<string, string>; innerStatus: number; inner: string };
        assert.equal(innerStatus, 0);
        const innerRun = JSON.parse(inner) as { env: Record<string, string>; ppid: number; config: string | null };
        const e = innerRun.env;
        assert.equal(outer.OUTBOARD_EXTENSION_NAME, 'probe');
        assert.equal(e.OUTBOARD_EXTENSION_NAME, 'other');
        assert.equal(e.OUTBOARD_EXTENSION_STATE_DIR, join(home, 'ext', 'other'));
        assert.match(e.OUTBOARD_EXTENSION_CONFIG ?? '', new RegExp(`/ext/other/outboard-config-${innerRun.ppid}-[0-9a-f]+\\.json$`));
        assert.notEqual(e.OUTBOARD_EXTENSION_CONFIG, outer.OUTBOARD_EXTENSION_CONFIG);
        assert.deepEqual(JSON.parse(innerRun.config ?? 'null'), {});
        assert.equal(e.OUTBOARD_BIN, outer.OUTBOARD_BIN, 'the same install');
        assert.equal(e.OUTBOARD_HOME, home);
        assert.equal(outer.OUTBOARD_HUB_URL, 'http://127.0.0.1:1234');
        if (dropHub) {
          assert.equal(e.OUTBOARD_HUB_URL, undefined, 'the hub is gone: no stale URL carried over');
          assert.equal(e.OUTBOARD_TOKEN_FILE, undefined);
          writeFiles(home, { 'hub.json': { url: 'http://127.0.0.1:1234', pid: process.pid } });
        } else {
          assert.equal(e.OUTBOARD_HUB_URL, 'http://127.0.0.1:1234');
          assert.equal(e.OUTBOARD_TOKEN_FILE, join(home, 'token'));
        }
        assert.ok(!r.stdout.includes(token), 'no token value at any level');
      }
    } finally {
      rmSync(join(home, 'hub.json'), { force: true });
      rmSync(join(home, 'token'), { force: true });
    }
  });
});
