// host.planLaunch: the one launch path of commands, peers and sidecars (real files, real processes).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createHost, type ExtensionRecord, type Host } from '../../src/index.js';
import { ConfigError } from '../../src/config/config-error.js';
import { EXTENSION_API_VERSION, RunnableError, runCommand } from '../../src/run/index.js';
import { fixture, makeTempDir, within } from './run-fixtures.js';

interface Ext {
  name: string;
  manifest: Record<string, unknown>;
  files?: Record<string, string>;
}

/** A home with the given extensions as approved dev paths; returns a host factory on it. */
async function homeWith(root: string, exts: Ext[], env: NodeJS.ProcessEnv = {}): Promise<{ make(cwd?: string): Host; home: string }> {
  const home = path.join(root, 'home');
  const paths: string[] = [];
  for (const e of exts) {
    const dir = path.join(root, 'ext', e.name);
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(e.files ?? {})) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `pkg-${e.name}`, version: '1.0.0', engines: { outboard: '*' }, outboard: { extension: { apiVersion: 1, name: e.name, ...e.manifest } } }));
    paths.push(dir);
  }
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ extensions: { paths } }));
  const make = (cwd = root): Host => createHost({ identity: { id: 'outboard', version: '0.1.0', binPath: '/opt/outboard/main.js' }, home, cwd, env: { PATH: process.env['PATH'], ...env }, globalRoots: [] });
  const setup = make();
  for (const ext of (await setup.extensions()).extensions) {
    if (ext.name) await setup.approvals.approve({ ...ext, name: ext.name }, { capabilities: [] });
  }
  return { make, home };
}

async function record(host: Host, key: string): Promise<ExtensionRecord> {
  const ext = await host.findExtension(key);
  assert.ok(ext, `${key} is installed`);
  return ext;
}

describe('host.planLaunch', () => {
  const temp = makeTempDir();
  let make: (cwd?: string) => Host;
  let home: string;
  const printEnv = fs.readFileSync(fixture('print-env.js'), 'utf8');

  before(async () => {
    fs.mkdirSync(path.join(temp.dir, 'outside'));
    fs.writeFileSync(path.join(temp.dir, 'outside', 'evil.js'), "require('node:fs').writeFileSync(process.argv[2], 'evil');\n");
    ({ make, home } = await homeWith(temp.dir, [
      {
        name: 'envy',
        manifest: { commands: [{ name: 'envy', summary: 'prints its env', bin: 'bin/link.js' }], peer: { bin: 'bin/real.js' }, sidecar: { bin: 'bin/real.js' }, configSchema: 'schema.json' },
        files: {
          'bin/real.js': printEnv,
          'schema.json': JSON.stringify({ type: 'object', properties: { depth: { type: 'integer' } } }),
        },
      },
      { name: 'two', manifest: { commands: [{ name: 'a', summary: 'a', bin: 'a.js' }, { name: 'b', summary: 'b', bin: 'a.js' }] }, files: { 'a.js': '' } },
    ]));
    fs.symlinkSync('real.js', path.join(temp.dir, 'ext', 'envy', 'bin', 'link.js'));
    setDepth(3);
  });

  /** Writes `extensions.envy.depth` straight into the user config file. */
  function setDepth(depth: unknown): void {
    const file = path.join(home, 'config.json');
    const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { extensions: Record<string, unknown> };
    config.extensions['envy'] = { depth };
    fs.writeFileSync(file, JSON.stringify(config));
  }
  after(() => temp.dispose());

  it('plans a command: real bin path, user args after, the environment contract, the user cwd, a per-run config file removed on dispose', async () => {
    const host = make();
    const plan = await host.planLaunch(await record(host, 'envy'), 'command', { args: ['out.json', 'x y'], cwd: '/tmp' });
    const real = fs.realpathSync(path.join(temp.dir, 'ext', 'envy', 'bin', 'real.js'));
    assert.equal(plan.kind, 'command');
    assert.equal(plan.command, process.execPath);
    assert.deepEqual(plan.args, [real, 'out.json', 'x y']);
    assert.equal(plan.cwd, '/tmp');
    assert.equal(plan.env['OUTBOARD_EXTENSION_API'], String(EXTENSION_API_VERSION));
    assert.equal(plan.env['OUTBOARD_BIN'], '/opt/outboard/main.js');
    assert.equal(plan.env['OUTBOARD_EXTENSION_NAME'], 'envy');
    assert.equal(plan.env['OUTBOARD_EXTENSION_STATE_DIR'], path.join(home, 'ext', 'envy'));
    assert.equal(plan.env['OUTBOARD_EXTENSION_CONFIG'], plan.configFile);
    assert.equal(plan.env['OUTBOARD_PEER_HOST'], undefined);
    assert.deepEqual(JSON.parse(fs.readFileSync(plan.configFile, 'utf8')), { depth: 3 });
    plan.dispose();
    plan.dispose();
    assert.equal(fs.existsSync(plan.configFile), false);
  });

  it('plans a peer (state dir cwd, launch guard) and a sidecar (port, secret, the fixed config file)', async () => {
    const host = make();
    const ext = await record(host, 'envy');
    const peer = await host.planLaunch(ext, 'peer', { args: ['ignored'] });
    assert.equal(peer.cwd, path.join(home, 'ext', 'envy'));
    assert.equal(peer.args.length, 1);
    assert.equal(peer.env['OUTBOARD_PEER_HOST'], 'outboard');
    assert.ok(peer.env['OUTBOARD_PEER_PROTOCOL']);
    peer.dispose();
    assert.equal(fs.existsSync(peer.configFile), false);
    const sidecar = await host.planLaunch(ext, 'sidecar', { sidecar: { port: 4123, secret: 's3cret-value' } });
    assert.equal(sidecar.env['PORT'], '4123');
    assert.equal(sidecar.env['OUTBOARD_SIDECAR_SECRET'], 's3cret-value');
    assert.equal(path.basename(sidecar.configFile), 'sidecar-config.json');
    assert.equal(sidecar.cwd, path.join(home, 'ext', 'envy'));
    sidecar.dispose();
  });

  it('spawns the real path it checked: re-pointing the bin symlink after planning runs nothing outside the package', { timeout: 15_000 }, async () => {
    const host = make();
    const out = path.join(temp.dir, 'flip.json');
    const plan = await host.planLaunch(await record(host, 'envy'), 'command', { args: [out] });
    const link = path.join(temp.dir, 'ext', 'envy', 'bin', 'link.js');
    fs.unlinkSync(link);
    fs.symlinkSync(path.join(temp.dir, 'outside', 'evil.js'), link);
    try {
      assert.equal(await within(runCommand(plan), 10_000, 'the command'), 0);
      assert.notEqual(fs.readFileSync(out, 'utf8'), 'evil');
      assert.equal((JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, string>)['OUTBOARD_EXTENSION_NAME'], 'envy');
      assert.equal(fs.existsSync(plan.configFile), false, 'runCommand disposes the plan');
      // A new plan checks the new target, and refuses it.
      await assert.rejects(host.planLaunch(await record(make(), 'envy'), 'command'), (e: unknown) => e instanceof RunnableError && e.code === 'RUNNABLE_ESCAPES_PACKAGE');
    } finally {
      fs.unlinkSync(link);
      fs.symlinkSync('real.js', link);
    }
  });

  it('filters the hub token out of the environment whenever the token file exists, hub running or not', async () => {
    const token = 'tok-6f3a9c0d2b71e8a45c';
    fs.writeFileSync(path.join(home, 'token'), `${token}\n`, { mode: 0o600 });
    try {
      const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: temp.dir, env: { PATH: process.env['PATH'], LEAKY: `x${token}x`, [`K${token}`]: '1', KEEP: 'yes' }, globalRoots: [] });
      assert.equal(host.runningHub(), undefined, 'no hub runs');
      const plan = await host.planLaunch(await record(host, 'envy'), 'command');
      plan.dispose();
      assert.equal(plan.env['LEAKY'], undefined);
      assert.equal(plan.env[`K${token}`], undefined);
      assert.equal(plan.env['KEEP'], 'yes');
      assert.equal(plan.env['OUTBOARD_TOKEN_FILE'], undefined, 'the token file is named only while a hub runs');
      assert.ok(!Object.values(plan.env).some((v) => v.includes(token)));
    } finally {
      fs.rmSync(path.join(home, 'token'));
    }
  });

  it('OUTBOARD_BIN falls back to the running script when the identity names no CLI entry', async () => {
    const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: temp.dir, env: {}, globalRoots: [] });
    const plan = await host.planLaunch(await record(host, 'envy'), 'peer');
    plan.dispose();
    assert.equal(plan.env['OUTBOARD_BIN'], path.resolve(process.argv[1] ?? ''));
  });

  it('refuses a config that breaks the schema, and a command the manifest does not declare', async () => {
    const host = make();
    setDepth('deep');
    try {
      await assert.rejects(
        host.planLaunch(await record(host, 'envy'), 'command'),
        (e: unknown) => e instanceof ConfigError && e.code === 'CONFIG_INVALID_VALUE' && e.problems.length === 1 && /extensions\.envy\.depth/.test(e.message) && /outboard config/.test(e.hint ?? ''),
      );
    } finally {
      setDepth(3);
    }
    const two = await record(host, 'two');
    await assert.rejects(host.planLaunch(two, 'command'), (e: unknown) => e instanceof RunnableError && e.code === 'RUNNABLE_NOT_DECLARED');
    await assert.rejects(host.planLaunch(two, 'command', { command: 'zzz' }), (e: unknown) => e instanceof RunnableError && e.code === 'RUNNABLE_NOT_DECLARED' && /"zzz"/.test(e.message));
    await assert.rejects(host.planLaunch(two, 'peer'), (e: unknown) => e instanceof RunnableError && e.code === 'RUNNABLE_NOT_DECLARED');
    const b = await host.planLaunch(two, 'command', { command: 'b' });
    b.dispose();
  });
});
