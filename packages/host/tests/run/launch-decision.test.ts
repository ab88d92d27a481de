// decideLaunch and materializeLaunch: deciding writes nothing, and a decision made into a plan (by the host, or
// after a round trip through JSON with a bare MaterializeHost, as a launch record is) is what planLaunch plans.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createHost, resolveHostIdentity, type ExtensionRecord, type Host } from '../../src/index.js';
import { hubTokenFile, materializeLaunch, runningHub, type LaunchPlan } from '../../src/run/index.js';
import type { LaunchDecision, LaunchKind, LaunchOptions } from '../../src/run/launch-plan.js';
import { fixture, makeTempDir } from './run-fixtures.js';

const IDENTITY = { id: 'outboard', version: '0.1.0', binPath: '/opt/outboard/main.js' };
const CONFIG_VARIABLE = 'OUTBOARD_EXTENSION_CONFIG';

/** Every entry under `dir` with what tells a change: kind, inode, size, mtime and ctime. */
function tree(dir: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (at: string): void => {
    for (const name of fs.readdirSync(at)) {
      const full = path.join(at, name);
      const stat = fs.lstatSync(full);
      entries.set(path.relative(dir, full), `${stat.isDirectory() ? 'd' : 'f'}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`);
      if (stat.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return entries;
}

/** What a plan is, its per-run config file's name aside; the config file's content instead of its name. */
function comparable(plan: LaunchPlan): Record<string, unknown> {
  const env = { ...plan.env };
  assert.equal(env[CONFIG_VARIABLE], plan.configFile);
  delete env[CONFIG_VARIABLE];
  return { kind: plan.kind, command: plan.command, args: plan.args, cwd: plan.cwd, env, limits: plan.limits, config: JSON.parse(fs.readFileSync(plan.configFile, 'utf8')) };
}

describe('decideLaunch and materializeLaunch', () => {
  const temp = makeTempDir();
  let home: string;
  let make: (cwd?: string) => Host;
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', KEEP: 'yes' };

  before(async () => {
    home = path.join(temp.dir, 'home');
    const dir = path.join(temp.dir, 'ext', 'envy');
    fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'bin', 'real.js'), fs.readFileSync(fixture('print-env.js'), 'utf8'));
    fs.symlinkSync('real.js', path.join(dir, 'bin', 'link.js'));
    fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify({ type: 'object', properties: { depth: { type: 'integer' } } }));
    const manifest = {
      apiVersion: 1,
      name: 'envy',
      commands: [{ name: 'envy', summary: 'prints its env', bin: 'bin/link.js' }],
      peer: { bin: 'bin/real.js' },
      sidecar: { bin: 'bin/real.js' },
      configSchema: 'schema.json',
      limits: { memoryMb: 512 },
    };
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'pkg-envy', version: '1.0.0', engines: { outboard: '*' }, outboard: { extension: manifest } }));
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ extensions: { paths: [dir], envy: { depth: 3, limits: { memoryMb: 256 } } } }));
    make = (cwd = temp.dir) => createHost({ identity: IDENTITY, home, cwd, env, globalRoots: [] });
    const setup = make();
    for (const ext of (await setup.extensions()).extensions) {
      if (ext.name) await setup.approvals.approve({ ...ext, name: ext.name }, { capabilities: [] });
    }
  });
  after(() => temp.dispose());

  async function envy(host: Host): Promise<ExtensionRecord> {
    const ext = await host.findExtension('envy');
    assert.ok(ext, 'envy is installed');
    return ext;
  }

  /** The per-run config files in the home (a command's or a peer's); with `sidecar`, the sidecar's fixed one too. */
  const configFiles = (sidecar = true): string[] => [...tree(home).keys()].filter((p) => /-config-\d+-[0-9a-f]+\.json$/.test(p) || (sidecar && p.endsWith('sidecar-config.json')));

  it('decides without writing: no state dir, no config file, and (once its caches are warm) no change in the home at all', async () => {
    const stateDir = path.join(home, 'ext', 'envy');
    fs.rmSync(stateDir, { recursive: true, force: true });
    const host = make();
    const ext = await envy(host);
    const decisions: LaunchDecision[] = [];
    for (const kind of ['command', 'peer', 'sidecar'] as const) {
      decisions.push(await host.decideLaunch(ext, kind, { command: 'envy', args: ['a'], sidecar: { port: 4123, secret: 's3cret' } }));
    }
    assert.equal(fs.existsSync(stateDir), false, 'no state dir');
    assert.deepEqual(configFiles(), [], 'no config file');
    const warm = tree(home);
    for (const kind of ['command', 'peer', 'sidecar'] as const) {
      await make().decideLaunch(await envy(make()), kind, { command: 'envy', sidecar: { port: 4123, secret: 's3cret' } });
    }
    assert.deepEqual(tree(home), warm, 'nothing in the home was created, removed or changed');
    const real = fs.realpathSync(path.join(temp.dir, 'ext', 'envy', 'bin', 'real.js'));
    assert.deepEqual(decisions[0], { kind: 'command', name: 'envy', command: process.execPath, args: [real], config: { depth: 3 } }, 'a command: no user args, no limits');
    assert.deepEqual(decisions[1], { kind: 'peer', name: 'envy', command: process.execPath, args: [real], config: { depth: 3 }, limits: { memoryMb: 256 } });
    assert.equal(decisions[2]?.kind, 'sidecar');
  });

  const cases: Array<[LaunchKind, LaunchOptions]> = [
    ['command', { command: 'envy', args: ['out.json', 'x y'], cwd: '/tmp' }],
    ['command', { command: 'envy' }],
    ['peer', { args: ['ignored'] }],
    ['sidecar', { sidecar: { port: 4123, secret: 's3cret-value' } }],
  ];

  for (const [kind, options] of cases) {
    it(`materializeLaunch(decideLaunch(...)) is what planLaunch plans: ${kind} ${JSON.stringify(options)}`, async () => {
      const host = make();
      const ext = await envy(host);
      const planned = await host.planLaunch(ext, kind, options);
      const decided = await host.materializeLaunch(await host.decideLaunch(ext, kind, options), options);
      try {
        assert.deepEqual(comparable(decided), comparable(planned));
        if (kind === 'sidecar') assert.equal(decided.configFile, planned.configFile, 'the sidecar has one fixed config file');
        else assert.notEqual(decided.configFile, planned.configFile, 'each command or peer run has its own config file');
        assert.equal(Object.keys(decided).sort().join(), Object.keys(planned).sort().join());
      } finally {
        planned.dispose();
        decided.dispose();
      }
    });
  }

  it('a decision through JSON (as a launch record keeps it), materialized with a bare host as the recorded launch builds it, is what planLaunch plans', async () => {
    const host = make();
    const ext = await envy(host);
    const options: LaunchOptions = { command: 'envy', args: ['--x', ''], cwd: temp.dir };
    const decision = JSON.parse(JSON.stringify(await host.decideLaunch(ext, 'command', { command: 'envy' }))) as LaunchDecision;
    const identity = resolveHostIdentity(IDENTITY);
    const hubEndpoint = () => {
      const hub = runningHub(home);
      return hub && { url: hub.url, tokenFile: hub.tokenFile };
    };
    const bare = { identity, home, env, cwd: temp.dir, tokenFile: hubTokenFile(home), hubEndpoint };
    const planned = await host.planLaunch(ext, 'command', options);
    const recorded = await materializeLaunch(bare, decision, options);
    try {
      assert.deepEqual(comparable(recorded), comparable(planned));
    } finally {
      planned.dispose();
      recorded.dispose();
    }
  });

  it('planLaunch still writes its config file and disposes it; the materialized decision too', async () => {
    const host = make();
    const ext = await envy(host);
    for (const plan of [await host.planLaunch(ext, 'command', { command: 'envy' }), await host.materializeLaunch(await host.decideLaunch(ext, 'peer'))]) {
      assert.equal(path.dirname(plan.configFile), path.join(home, 'ext', 'envy'));
      assert.equal(fs.statSync(plan.configFile).mode & 0o777, 0o600);
      assert.deepEqual(JSON.parse(fs.readFileSync(plan.configFile, 'utf8')), { depth: 3 });
      plan.dispose();
      plan.dispose();
      assert.equal(fs.existsSync(plan.configFile), false);
    }
    assert.deepEqual(configFiles(false), [], 'no per-run config file is left');
  });
});
