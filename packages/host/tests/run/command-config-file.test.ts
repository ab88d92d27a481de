import assert from 'node:assert/strict';
import { isProcessAlive } from '../../src/store/index.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildExtensionEnv } from '../../src/run/extension-env.js';
import { ensureStateDir } from '../../src/run/state-dir.js';
import { ownerPidOfReservedFile } from '../../src/run/reserved-state-names.js';
import { runForegroundCommand } from '../../src/run/foreground-command.js';
import { sweepStaleCommandConfigFiles } from '../../src/run/stale-config-sweep.js';
import { writeCommandConfigFile } from '../../src/run/command-config-file.js';
import { currentEnv, fixture, makeTempDir, within } from './run-fixtures.js';

/** The pid of a process that has exited (and was reaped), so it is certainly not alive now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await within(new Promise((resolve) => child.once('exit', resolve)), 10_000, 'a short-lived child');
  assert.ok(child.pid !== undefined);
  return child.pid;
}

describe('state dir and command config files', () => {
  const temp = makeTempDir();
  after(() => temp.dispose());

  it('ensureStateDir creates <home>/ext/<name> recursively, idempotently, and refuses unsafe names', () => {
    const home = path.join(temp.dir, 'home-a');
    const dir = ensureStateDir(home, 'git');
    assert.equal(dir, path.join(home, 'ext', 'git'));
    assert.ok(fs.statSync(dir).isDirectory());
    assert.equal(ensureStateDir(home, 'git'), dir);
    for (const bad of ['', '.', '..', '../x', 'a/b', 'a\\b']) assert.throws(() => ensureStateDir(home, bad), TypeError);
  });

  it('writes <id>-config-<pid>-<hex>.json atomically with mode 0600; dispose removes it, twice is harmless', () => {
    const stateDir = ensureStateDir(path.join(temp.dir, 'home-b'), 'git');
    const file = writeCommandConfigFile(stateDir, 'outboard', { depth: 3, nested: { a: [1] } });
    assert.equal(path.dirname(file.path), stateDir);
    assert.match(path.basename(file.path), new RegExp(`^outboard-config-${process.pid}-[0-9a-f]{8}\\.json$`));
    assert.deepEqual(JSON.parse(fs.readFileSync(file.path, 'utf8')), { depth: 3, nested: { a: [1] } });
    assert.equal(fs.statSync(file.path).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(stateDir), [path.basename(file.path)], 'no temp file is left behind');
    const second = writeCommandConfigFile(stateDir, 'outboard', {});
    assert.notEqual(second.path, file.path, 'concurrent runs get their own files');
    file.dispose();
    file.dispose();
    assert.equal(fs.existsSync(file.path), false);
    second.dispose();
    assert.deepEqual(fs.readdirSync(stateDir), []);
  });

  it('takes the id as input and refuses a bad id or a non-JSON config', () => {
    const stateDir = ensureStateDir(path.join(temp.dir, 'home-c'), 'git');
    const file = writeCommandConfigFile(stateDir, 'ndx', null);
    assert.match(path.basename(file.path), /^ndx-config-\d+-[0-9a-f]{8}\.json$/);
    file.dispose();
    assert.throws(() => writeCommandConfigFile(stateDir, 'Outboard', {}), TypeError);
    assert.throws(() => writeCommandConfigFile(stateDir, 'outboard', undefined), TypeError);
    assert.deepEqual(fs.readdirSync(stateDir), []);
  });

  it('the child sees the file through <P>_EXTENSION_CONFIG; it is gone after dispose', { timeout: 15_000 }, async () => {
    const home = path.join(temp.dir, 'home-d');
    const stateDir = ensureStateDir(home, 'git');
    const config = writeCommandConfigFile(stateDir, 'outboard', { remote: 'origin' });
    const out = path.join(temp.dir, 'seen-config.json');
    const env = buildExtensionEnv({
      envPrefix: 'OUTBOARD', baseEnv: currentEnv(), apiVersion: 1, hostVersion: '0.1.0', binPath: '/x/cli.js',
      home, extensionName: 'git', stateDir, configFile: config.path,
    });
    try {
      const code = await within(
        runForegroundCommand({ command: process.execPath, args: [fixture('copy-config.js'), out, 'OUTBOARD_EXTENSION_CONFIG'], env }),
        10_000,
        'copy-config',
      );
      assert.equal(code, 0);
    } finally {
      config.dispose();
    }
    const seen = JSON.parse(fs.readFileSync(out, 'utf8')) as { file: string; content: string };
    assert.equal(seen.file, config.path);
    assert.deepEqual(JSON.parse(seen.content), { remote: 'origin' });
    assert.equal(fs.existsSync(config.path), false);
  });

  it('sweeps config and temp files of dead pids only, and nothing else', { timeout: 15_000 }, async () => {
    const stateDir = ensureStateDir(path.join(temp.dir, 'home-e'), 'git');
    const dead = await deadPid();
    assert.equal(isProcessAlive(dead), false);
    assert.equal(isProcessAlive(process.pid), true);
    const names = {
      deadConfig: `outboard-config-${dead}-0a1b2c3d.json`,
      deadTemp: `outboard-config-${dead}-0a1b2c3d.json.${dead}-ffee0011.tmp`,
      deadSidecarTemp: `sidecar-config.json.${dead}-12ab.tmp`,
      liveConfig: `outboard-config-${process.pid}-0a1b2c3d.json`,
      liveTemp: `sidecar-config.json.${process.pid}-12ab.tmp`,
      otherHost: `ndx-config-${dead}-0a1b2c3d.json`,
      sidecar: 'sidecar-config.json',
      own: 'cache.json',
      lookalike: `outboard-config-${dead}-nothex.json`,
    };
    for (const name of Object.values(names)) fs.writeFileSync(path.join(stateDir, name), '{}');
    fs.mkdirSync(path.join(stateDir, 'logs'));
    const removed = sweepStaleCommandConfigFiles(stateDir, 'outboard').map((f) => path.basename(f)).sort();
    assert.deepEqual(removed, [names.deadConfig, names.deadTemp, names.deadSidecarTemp].sort());
    const left = fs.readdirSync(stateDir).sort();
    assert.deepEqual(left, [names.liveConfig, names.liveTemp, names.otherHost, names.sidecar, names.own, names.lookalike, 'logs'].sort());
    assert.deepEqual(sweepStaleCommandConfigFiles(path.join(temp.dir, 'no-such-dir'), 'outboard'), []);
  });

  it('recognises the reserved names', () => {
    assert.equal(ownerPidOfReservedFile('outboard', 'outboard-config-42-ab.json'), 42);
    assert.equal(ownerPidOfReservedFile('outboard', 'anything.json.43-ab.tmp'), 43);
    assert.equal(ownerPidOfReservedFile('outboard', 'ndx-config-42-ab.json'), undefined);
    assert.equal(ownerPidOfReservedFile('outboard', 'outboard-config-0-ab.json'), undefined);
    assert.equal(ownerPidOfReservedFile('outboard', 'notes.tmp'), undefined);
  });
});
