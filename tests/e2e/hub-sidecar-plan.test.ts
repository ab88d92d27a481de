// `outboard extensions sidecar <name> --json`: the plan the hub runs, from the hub's own planning code: the
// same discovery and approval checks, the user config section alone in sidecar-config.json, no secret shown.
import assert from 'node:assert/strict';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sidecarFixture, sidecarHome } from './hub-sidecar-home.js';
import { REPO_ROOT, runCli, runCliJson, writeFiles } from './lib/fixture-home.js';

describe('outboard extensions sidecar', () => {
  let home: { home: string; cleanup(): void };
  before(() => {
    home = sidecarHome(['recorder']);
  });
  after(() => home.cleanup());

  it('prints the launch plan without the per-launch port and secret', () => {
    const { code, json, stderr } = runCliJson<Record<string, unknown> & { env: Record<string, string>; args: string[] }>(['extensions', 'sidecar', 'recorder', '--json'], { home: home.home });
    assert.equal(code, 0, stderr);
    assert.equal(json['name'], 'recorder');
    assert.equal(json['source'], 'dev');
    assert.equal(json['command'], process.execPath);
    assert.deepEqual(json.args, [join(realpathSync(sidecarFixture('recorder')), 'server.mjs')]);
    assert.equal(json['cwd'], join(home.home, 'ext', 'recorder'));
    assert.equal(json['health'], '/health');
    assert.equal(json['idleStopMinutes'], 15);
    assert.equal(json['logFile'], join(home.home, 'ext', 'recorder', 'logs', 'sidecar.log'));
    assert.equal(json['configFile'], join(home.home, 'ext', 'recorder', 'sidecar-config.json'));
    assert.deepEqual(json['perLaunch'], ['PORT', 'OUTBOARD_SIDECAR_SECRET']);
    assert.equal(json.env['OUTBOARD_EXTENSION_NAME'], 'recorder');
    assert.equal(json.env['OUTBOARD_EXTENSION_CONFIG'], json['configFile']);
    assert.equal(json.env['PORT'], undefined);
    assert.equal(json.env['OUTBOARD_SIDECAR_SECRET'], undefined);
  });

  it('works from the bundled CLI too (the hub\'s CommonJS dependencies stay outside the bundle)', () => {
    const bundle = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle', 'main.js');
    const r = runCli(['extensions', 'sidecar', 'recorder', '--json'], { home: home.home, main: bundle });
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { name: string }).name, 'recorder');
  });

  it('writes the user config section alone to sidecar-config.json, even from inside a project', () => {
    const set = runCli(['config', 'extensions.recorder.colour', 'blue', '--user'], { home: home.home });
    assert.equal(set.code, 0, set.stderr);
    const project = join(home.home, '..', 'project');
    writeFiles(project, { 'package.json': { name: 'p' }, '.outboard.json': { extensions: { recorder: { colour: 'red', size: 3 } } } });
    const r = runCli(['extensions', 'sidecar', 'recorder', '--json'], { home: home.home, cwd: project });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(home.home, 'ext', 'recorder', 'sidecar-config.json'), 'utf8')), { colour: 'blue' });
  });

  it('refuses an extension that is not approved, naming the fix', () => {
    const linked = runCli(['extensions', 'link', sidecarFixture('idle')], { home: home.home });
    assert.equal(linked.code, 0, linked.stderr);
    const r = runCli(['extensions', 'sidecar', 'idle'], { home: home.home });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /extension idle is unapproved: not approved yet — run `outboard extensions enable idle`/);
  });

  it('refuses a disabled one and an unknown name', () => {
    assert.equal(runCli(['extensions', 'disable', 'recorder'], { home: home.home }).code, 0);
    const disabled = runCli(['extensions', 'sidecar', 'recorder'], { home: home.home });
    assert.equal(disabled.code, 2);
    assert.match(disabled.stderr, /extension recorder is disabled/);
    const unknown = runCli(['extensions', 'sidecar', 'nothing-here'], { home: home.home });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no installed extension is called "nothing-here"/);
  });
});
