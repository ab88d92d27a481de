// The host owns freshness: with its home watched, a change made by another process (an approval, a disable,
// a project registered or removed) starts a new inventory generation and is published on the bus within a
// second; while nothing changes the generation stays put. An approved package removed outside the host is
// listed as `missing`, with the reason and the fix.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createHost, type Disposable, type Host } from '../../src/index.js';
import { waitUntil } from '../wait-until.js';

const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'help'] };
const HOST_URL = pathToFileURL(join(import.meta.dirname, '..', '..', 'src', 'index.js')).href;

/** Runs `body` (an async function body with `host` for `home`) in another Node process. */
function inAnotherProcess(home: string, body: string): void {
  const script = `const { createHostCore } = await import(${JSON.stringify(HOST_URL)}); const host = createHostCore({ identity: ${JSON.stringify(identity)}, home: ${JSON.stringify(home)}, cwd: ${JSON.stringify(home)}, env: {}, globalRoots: [] }); ${body}`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
}

function writePackage(dir: string, name: string): void {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'cli.js'), 'process.exit(0);\n');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `pkg-${name}`, version: '1.0.0', engines: { outboard: '*' }, outboard: { extension: { apiVersion: 1, name, commands: [{ name, bin: 'bin/cli.js' }] } } }));
}

describe('the live inventory of a watched home', () => {
  let root: string;
  let home: string;
  let host: Host;
  let watch: Disposable;
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'outboard-live-'));
    home = join(root, 'home');
    writePackage(join(home, 'extensions', 'node_modules', 'pkg-deploy'), 'deploy');
    inAnotherProcess(home, `const ext = await host.findExtension('deploy'); await host.approvals.approve(ext, { capabilities: [] });`);
    host = createHost({ identity, home, cwd: root, env: {}, globalRoots: [] });
    watch = host.watchHome();
    assert.equal((await host.findExtension('deploy'))?.state, 'enabled');
  });
  afterEach(() => {
    watch.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps its generation while nothing changes (a request costs a comparison)', async () => {
    const generation = host.generation;
    const first = host.extensions();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(host.generation, generation);
    assert.equal(host.extensions(), first, 'the same inventory, not read again');
  });

  it('sees a disable made by another process within 1 s, and publishes extension.changed', async () => {
    const generation = host.generation;
    inAnotherProcess(home, `const ext = await host.findExtension('deploy'); await host.approvals.setEnabled(ext, false);`);
    const at = Date.now();
    await waitUntil('the new generation', () => host.generation > generation, 1000, 5);
    assert.equal((await host.findExtension('deploy'))?.state, 'disabled');
    const event = await waitUntil('extension.changed', () => host.bus.query({ types: ['extension.changed'] })[0], 1000, 5);
    assert.ok(Date.now() - at <= 1000);
    assert.deepEqual({ ...event.attributes }, { extension: 'deploy', name: 'deploy', changed: 'state', state: 'disabled', previousState: 'enabled', reason: 'disabled by the user', fix: 'outboard extensions enable deploy' });
  });

  it('publishes project.registered and project.removed made by another process, once each', async () => {
    const folder = join(root, 'web');
    mkdirSync(folder);
    // The watch takes the starting projects a moment after it starts.
    await new Promise((r) => setTimeout(r, 100));
    inAnotherProcess(home, `const { ProjectStore } = await import(${JSON.stringify(HOST_URL.replace('index.js', 'projects/project-store.js'))}); await new ProjectStore({ home: ${JSON.stringify(home)} }).register({ root: ${JSON.stringify(folder)}, id: 'web' });`);
    await waitUntil('project.registered', () => host.bus.query({ types: ['project.registered'] }).length === 1, 1000, 5);
    inAnotherProcess(home, `const { ProjectStore } = await import(${JSON.stringify(HOST_URL.replace('index.js', 'projects/project-store.js'))}); await new ProjectStore({ home: ${JSON.stringify(home)} }).remove('web');`);
    await waitUntil('project.removed', () => host.bus.query({ types: ['project.removed'] }).length === 1, 1000, 5);
    // Registered through this host: published when made, and not again when the watch sees the file move.
    await host.projects.register({ root: folder, id: 'web' });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(host.bus.query({ types: ['project.registered'] }).length, 2);
  });

  it('lists an approved package removed outside the host as missing, with the reason and the fix', async () => {
    rmSync(join(home, 'extensions', 'node_modules', 'pkg-deploy'), { recursive: true });
    await waitUntil('missing', async () => (await host.findExtension('deploy'))?.state === 'missing', 1000, 5);
    const missing = await host.findExtension('deploy');
    assert.match(missing?.reason ?? '', /its package pkg-deploy is gone from .*pkg-deploy \(removed outside outboard\); it was enabled/);
    assert.equal(missing?.fix, 'outboard extensions add pkg-deploy, or outboard extensions remove deploy --purge to forget it');
    await waitUntil('extension.changed missing', () => host.bus.query({ types: ['extension.changed'] }).find((e) => e.attributes['state'] === 'missing'), 1000, 5);
  });
});
