// The organisation policy (DESIGN §12) with real files through the built CLI: blocked by name, by publisher
// glob and by version range; an `allowed` list; a capability never granted (required: blocked; optional: not
// offered); link and local add refused; an invalid file failing closed; `--json`, `info` and `doctor` naming the
// rule; and a running hub following a change of the file made by another process.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';

interface Entry { name: string; packageName: string; state: string; reason: string; policy: { file: string; rule: string; entry: string } | null }

describe('organisation policy', { timeout: 180_000 }, () => {
  const tmp = tempDir('outboard-policy-');
  const home = join(tmp.path, 'home');
  const policyFile = join(tmp.path, 'etc', 'policy.json');
  const env = { OUTBOARD_POLICY_FILE: policyFile };
  const cli = (args: string[]) => runCli(args, { home, env, cwd: tmp.path });
  const list = () => new Map(runCliJson<Entry[]>(['extensions', 'list', '--json'], { home, env, cwd: tmp.path }).json.map((e) => [e.name, e]));
  const setPolicy = (policy: unknown) => writeFileSync(policyFile, typeof policy === 'string' ? policy : JSON.stringify(policy));
  const modules = join(home, 'extensions', 'node_modules');

  before(() => {
    mkdirSync(join(tmp.path, 'etc'), { recursive: true });
    writeExtension(join(modules, 'outboard-ext-alpha'), { name: 'alpha' });
    writeExtension(join(modules, '@shady', 'outboard-thing'), { name: 'thing', packageName: '@shady/outboard-thing' });
    writeExtension(join(modules, '@acme', 'old'), { name: 'old', packageName: '@acme/old', version: '1.4.0' });
    writeExtension(join(modules, '@acme', 'new'), { name: 'new', packageName: '@acme/new', version: '2.1.0' });
    writeExtension(join(modules, 'outboard-ext-keeper'), { name: 'keeper', block: { capabilities: { required: ['storage.private'] } } });
    writeExtension(join(modules, 'outboard-ext-chatty'), { name: 'chatty', block: { capabilities: { optional: ['ui.notification', 'storage.private'] } } });
    writeFiles(join(home, 'extensions'), { 'package.json': { private: true, dependencies: {} } });
    for (const name of ['alpha', 'thing', 'old', 'new']) assert.equal(cli(['extensions', 'enable', name, '--yes']).code, 0);
  });
  after(() => {
    runCli(['hub', 'stop'], { home, env });
    tmp.cleanup();
  });

  it('no file: no policy; every extension keeps its state', () => {
    const entries = list();
    assert.equal(entries.get('alpha')?.state, 'enabled');
    assert.equal(entries.get('alpha')?.policy, null);
  });

  it('blocks by name, by publisher glob and by version range, naming the file and the rule everywhere', () => {
    setPolicy({ blocked: ['outboard-ext-alpha', '@shady/*', '@acme/*@<2'] });
    const entries = list();
    assert.deepEqual([...entries.values()].filter((e) => e.state === 'blocked').map((e) => e.name).sort(), ['alpha', 'old', 'thing']);
    assert.equal(entries.get('new')?.state, 'enabled');
    assert.deepEqual(entries.get('thing')?.policy, { file: policyFile, rule: 'blocked', entry: '@shady/*' });
    assert.equal(entries.get('old')?.reason, `blocked by policy ${policyFile}: "blocked" lists "@acme/*@<2", which matches @acme/old@1.4.0`);
    // Its command does not run; enabling it is refused with the rule.
    const run = cli(['alpha', 'x']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /extension alpha \(outboard-ext-alpha\) provides it but is blocked: blocked by policy .*"blocked" lists "outboard-ext-alpha"/);
    assert.doesNotMatch(run.stdout, /"args"/);
    const enable = cli(['extensions', 'enable', 'thing', '--yes']);
    assert.equal(enable.code, 2);
    assert.match(enable.stderr, /thing cannot be enabled: it is blocked by policy .*"@shady\/\*"/);
    assert.match(enable.stderr, /read-only to you: ask whoever manages/);
    // info --json carries the rule; doctor reports it and exits 1.
    const info = runCliJson<{ state: string; policy: unknown }>(['extensions', 'info', 'alpha', '--json'], { home, env, cwd: tmp.path });
    assert.deepEqual(info.json.policy, { file: policyFile, rule: 'blocked', entry: 'outboard-ext-alpha' });
    const doctor = cli(['extensions', 'doctor']);
    assert.equal(doctor.code, 1);
    assert.match(doctor.stdout + doctor.stderr, /policy\.blocked/);
    // Text list shows the state and reason.
    assert.match(cli(['extensions', 'list']).stdout, /alpha .*blocked/);
  });

  it('an allowed list lets only what it matches run', () => {
    setPolicy({ allowed: ['@acme/*'] });
    const entries = list();
    assert.equal(entries.get('new')?.state, 'enabled');
    assert.equal(entries.get('old')?.state, 'enabled');
    assert.equal(entries.get('alpha')?.state, 'blocked');
    assert.deepEqual(entries.get('alpha')?.policy, { file: policyFile, rule: 'allowed', entry: '@acme/*' });
    assert.match(entries.get('alpha')?.reason ?? '', /outboard-ext-alpha@1\.0\.0 matches no entry of "allowed" \("@acme\/\*"\)/);
  });

  it('never grants a forbidden capability: required blocks the extension, optional is not offered', () => {
    setPolicy({ neverGrant: ['storage.private'] });
    const entries = list();
    assert.equal(entries.get('keeper')?.state, 'blocked');
    assert.match(entries.get('keeper')?.reason ?? '', /requires the capability storage\.private, which "neverGrant" forbids/);
    const enable = cli(['extensions', 'enable', 'chatty', '--yes', '--grant-all']);
    assert.equal(enable.code, 0, enable.stderr);
    assert.match(enable.stderr, /Not offered: storage\.private \(policy .* never grants it\)/);
    const info = runCliJson<{ approval: { grants: { capabilities: string[] } } }>(['extensions', 'info', 'chatty', '--json'], { home, env, cwd: tmp.path });
    assert.deepEqual(info.json.approval.grants.capabilities, ['ui.notification']);
  });

  it('refuses link and add from a tarball or folder when the policy says so', () => {
    setPolicy({ allowLink: false, allowLocalAdd: false });
    const dev = writeExtension(join(tmp.path, 'dev-ext'), { name: 'devx' });
    const link = cli(['extensions', 'link', dev]);
    assert.equal(link.code, 2);
    assert.match(link.stderr, /linking a folder is not allowed by policy .*"allowLink" is false/);
    writeFileSync(join(tmp.path, 'thing-1.0.0.tgz'), 'not really a tarball');
    const tarball = cli(['extensions', 'add', './thing-1.0.0.tgz']);
    assert.equal(tarball.code, 2);
    assert.match(tarball.stderr, /installing from a tarball or folder \(\.\/thing-1\.0\.0\.tgz\) is not allowed by policy .*"allowLocalAdd" is false/);
    const folder = cli(['extensions', 'add', dev]);
    assert.equal(folder.code, 2);
    assert.match(folder.stderr, /POLICY_ADD_REFUSED|not allowed by policy/);
    assert.doesNotMatch(cli(['extensions', 'list']).stdout, /devx/);
  });

  it('an invalid file fails closed with one clear message', () => {
    setPolicy({ blocked: 'everything', allowLink: 'maybe' });
    const entries = list();
    assert.ok([...entries.values()].every((e) => e.state === 'blocked'), JSON.stringify([...entries.values()].map((e) => [e.name, e.state])));
    assert.equal(entries.get('new')?.policy?.rule, 'invalid');
    assert.match(entries.get('new')?.reason ?? '', /blocked by policy .*: the file is invalid \(policy\.blocked: type: must be array; policy\.allowLink: type: must be boolean\)/);
    const doctor = cli(['extensions', 'doctor']);
    assert.equal(doctor.code, 1);
    assert.match(doctor.stdout + doctor.stderr, /policy\.invalid/);
    assert.equal(cli(['extensions', 'link', tmp.path]).code, 2);
    setPolicy('{ not json');
    assert.match(list().get('new')?.reason ?? '', /the file is invalid \(it is not JSON/);
  });

  it('a running hub follows a change of the file made by another process', async () => {
    setPolicy({});
    const started = cli(['hub', 'start', '--port', '0']);
    assert.equal(started.code, 0, started.stderr);
    const hubList = () => runCliJson<Array<{ name: string; state: string }>>(['rpc', 'extensions.list'], { home, env, cwd: tmp.path }).json;
    const stateOf = (name: string) => {
      const r = hubList() as unknown as { extensions?: Array<{ name: string; state: string }> } | Array<{ name: string; state: string }>;
      const all = Array.isArray(r) ? r : (r.extensions ?? []);
      return all.find((e) => e.name === name)?.state;
    };
    assert.equal(stateOf('new'), 'enabled');
    setPolicy({ blocked: ['@acme/new'] });
    await waitFor('the hub to see @acme/new blocked', () => stateOf('new') === 'blocked', 10_000);
    setPolicy({});
    await waitFor('the hub to see @acme/new enabled again', () => stateOf('new') === 'enabled', 10_000);
  });
});
