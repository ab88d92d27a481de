// Each surface words its own inputs, and one rule for what nobody serves: an action's bad arguments are
// `--args` in the CLI (privately and through a hub) but the params it was sent over `/api/rpc`; an unknown
// command is `Unknown command "<words>"`, exit 1, at the top level and below it, with did-you-mean; a mistyped
// `--version` is suggested; `rpc` of a method nobody serves says how to list those served.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { runCli, runCliJson, tempDir, writeExtension } from './lib/fixture-home.js';

describe('words: each surface names its own inputs; unknown commands follow one rule', { timeout: 120_000 }, () => {
  const tmp = tempDir('outboard-words-');
  const home = join(tmp.path, 'home');
  const cli = (...args: string[]) => runCli(args, { home, cwd: tmp.path });
  let hub: { url: string; token: string } | undefined;
  const rpc = async (method: string, params: object) => {
    assert.ok(hub, 'the hub runs');
    const res = await fetch(new URL('/api/rpc', hub.url), { method: 'POST', headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return (await res.json()) as { error?: { message: string; data: { code: string; hint?: string } } };
  };
  before(() => {
    // The host checks the input before it starts a peer: this one never needs to run.
    writeExtension(join(tmp.path, 'keeper'), {
      name: 'keeper',
      commands: [],
      block: {
        peer: { bin: 'peer.js', activation: ['onAction'] },
        contributes: { actions: [{ id: 'keeper.bump', title: 'Bump', argsSchema: { type: 'object', properties: { by: { type: 'integer' } } } }] },
        capabilities: { required: ['ui.action.contribute'] },
      },
    }, { 'peer.js': 'process.exit(3);\n' });
    for (const args of [['extensions', 'link', join(tmp.path, 'keeper')], ['extensions', 'enable', 'keeper', '--yes']]) {
      const r = cli(...args);
      assert.equal(r.code, 0, r.stderr);
    }
  });
  after(() => {
    if (hub) cli('hub', 'stop');
    tmp.cleanup();
  });

  const CLI_ARGS = 'error: --args do not match the argsSchema of action "keeper.bump": args.by: type: must be integer';
  const CLI_PROJECT = 'error: action "keeper.bump" does not run on projects (targets: global): drop --project <id>';

  it('the CLI words a refused input with its flags', () => {
    const bad = cli('actions', 'run', 'keeper.bump', '--args', '{"by":"x"}');
    assert.equal(bad.code, 2, bad.stderr);
    assert.ok(bad.stderr.startsWith(`${CLI_ARGS} — pass --args that match it`), bad.stderr);
    const project = cli('actions', 'run', 'keeper.bump', '--project', 'web');
    assert.equal(project.code, 2);
    assert.ok(project.stderr.startsWith(CLI_PROJECT), project.stderr);
  });

  it('unknown commands exit 1 with `Unknown command` at every level, with did-you-mean; a mistyped --version is suggested', () => {
    for (const [args, line] of [
      [['extension'], 'error: Unknown command "extension" — Did you mean `outboard extensions`?'],
      [['extensions', 'lst'], 'error: Unknown command "extensions lst" — Did you mean `outboard extensions list`?'],
      [['actions', 'rnu'], 'error: Unknown command "actions rnu" — Did you mean `outboard actions run`?'],
      [['hub', 'help', 'strat'], 'error: Unknown command "hub strat" — Did you mean `outboard hub start`?'],
    ] as const) {
      const r = cli(...args);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stderr, `${line}\n`);
    }
    const typo = cli('--verison');
    assert.equal(typo.code, 2);
    assert.equal(typo.stderr, 'error: unknown option --verison — Did you mean `outboard --version`?\n');
  });

  it('`rpc` of a method nobody serves says so and how to list those served, without a hub', () => {
    const r = cli('rpc', 'nope.method');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: no RPC method "nope.method" — `outboard rpc rpc.methods` lists the methods served\n');
  });

  it('with a hub: /api/rpc words the refusal with its params, the CLI through the hub with its flags, rpc the same line', async () => {
    const started = cli('hub', 'start', '--port', '0');
    assert.equal(started.code, 0, started.stderr);
    const status = runCliJson<{ state: string; url: string }>(['hub', 'status', '--json'], { home, cwd: tmp.path });
    hub = { url: status.json.url, token: readFileSync(join(home, 'token'), 'utf8').trim() };

    const args = await rpc('actions.invoke', { id: 'keeper.bump', args: { by: 'x' } });
    assert.equal(args.error?.data.code, 'ACTION_ARGS_INVALID', JSON.stringify(args));
    assert.equal(args.error?.message, '"args" do not match the argsSchema of action "keeper.bump": args.by: type: must be integer');
    assert.doesNotMatch(`${args.error?.message} ${args.error?.data.hint}`, /--args|--project/);
    const project = await rpc('actions.invoke', { id: 'keeper.bump', projectId: 'web' });
    assert.equal(project.error?.data.code, 'ACTION_PROJECT_INVALID', JSON.stringify(project));
    assert.match(project.error?.message ?? '', /: drop "projectId"$/);

    const bad = cli('actions', 'run', 'keeper.bump', '--args', '{"by":"x"}');
    assert.equal(bad.code, 2, bad.stderr);
    assert.ok(bad.stderr.startsWith(`${CLI_ARGS} — pass --args that match it`), bad.stderr);
    const onProject = cli('actions', 'run', 'keeper.bump', '--project', 'web');
    assert.ok(onProject.stderr.startsWith(CLI_PROJECT), onProject.stderr);

    const r = cli('rpc', 'nope.method');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: no RPC method "nope.method" — `outboard rpc rpc.methods` lists the methods served\n');
  });
});
