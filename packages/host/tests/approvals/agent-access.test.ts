import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentVerdict, createHost, effectiveAnnotations, parseAgentAccess, storedAgentAccess } from '../../src/index.js';

describe('agent access: what agents may use of an extension (DESIGN §11)', () => {
  const declared = ['x.read', 'x.wipe', 'x.add'];

  it('parses --agents: read-only, all, or declared action ids (sorted, without repeats)', () => {
    assert.deepEqual(parseAgentAccess('read-only', declared), { access: 'read-only' });
    assert.deepEqual(parseAgentAccess(' all ', declared), { access: 'all' });
    assert.deepEqual(parseAgentAccess('x.wipe, x.add,x.wipe', declared), { access: ['x.add', 'x.wipe'] });
    const unknown = parseAgentAccess('x.wipe,x.nope', declared);
    assert.ok('problem' in unknown);
    assert.equal(unknown.problem, '--agents names "x.nope", which it does not declare (its actions are: x.read, x.wipe, x.add); use read-only, all, or its action ids');
    assert.ok('problem' in parseAgentAccess(' , ', declared));
  });

  it('MCP defaults fill what an action leaves out: not read-only, destructive, not idempotent, open world', () => {
    assert.deepEqual(effectiveAnnotations(undefined), { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    assert.deepEqual(effectiveAnnotations({ readOnlyHint: true }), { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  });

  it('the verdict: read-only actions always; others under all or when named, else refused with the command that allows it', () => {
    const read = { id: 'x.read', annotations: { readOnlyHint: true } };
    const wipe = { id: 'x.wipe' };
    const add = { id: 'x.add', annotations: { destructiveHint: false } };
    assert.deepEqual(agentVerdict(read, 'x', 'read-only', 'ndx'), { allowed: true, destructive: false });
    assert.deepEqual(agentVerdict(wipe, 'x', 'read-only', 'ndx'), {
      allowed: false,
      destructive: true,
      refusal: { reason: 'x lets agents use read-only actions only, and x.wipe is not read-only', fix: 'ndx extensions enable x --agents x.wipe (or --agents all)' },
    });
    assert.deepEqual(agentVerdict(add, 'x', 'read-only', 'ndx').destructive, false);
    assert.deepEqual(agentVerdict(wipe, 'x', 'all', 'ndx'), { allowed: true, destructive: true });
    assert.equal(agentVerdict(wipe, 'x', ['x.wipe'], 'ndx').allowed, true);
    assert.equal(agentVerdict(read, 'x', ['x.wipe'], 'ndx').allowed, true, 'read-only is the floor of a list');
    assert.equal(agentVerdict(add, 'x', ['x.wipe'], 'ndx').refusal?.fix, 'ndx extensions enable x --agents x.add,x.wipe (or --agents all)');
  });

  it('an organisation policy that forbids destructive actions to agents wins over --agents all, naming its file', () => {
    const policy = { agentsMayRunDestructive: false, file: '/etc/outboard/policy.json' };
    const wipe = agentVerdict({ id: 'x.wipe' }, 'x', 'all', 'outboard', policy);
    assert.equal(wipe.allowed, false);
    assert.match(wipe.refusal?.reason ?? '', /organisation policy \/etc\/outboard\/policy\.json does not let agents run destructive actions such as x\.wipe/);
    assert.match(wipe.refusal?.fix ?? '', /outboard actions run x\.wipe/);
    // Read-only actions and non-destructive ones are untouched; a policy that allows them changes nothing.
    assert.equal(agentVerdict({ id: 'x.log', annotations: { readOnlyHint: true } }, 'x', 'read-only', 'outboard', policy).allowed, true);
    assert.equal(agentVerdict({ id: 'x.tag', annotations: { destructiveHint: false } }, 'x', 'all', 'outboard', policy).allowed, true);
    assert.equal(agentVerdict({ id: 'x.wipe' }, 'x', 'all', 'outboard', { ...policy, agentsMayRunDestructive: true }).allowed, true);
  });

  it('a stored value this version does not know reads as read-only', () => {
    assert.equal(storedAgentAccess(undefined), 'read-only');
    assert.equal(storedAgentAccess('everything'), 'read-only');
    assert.equal(storedAgentAccess([1, 2]), 'read-only');
    assert.deepEqual(storedAgentAccess(['x.wipe']), ['x.wipe']);
  });

  it('is stored with the approval as an optional field (format 1), kept by a re-approval that does not name it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'outboard-agents-'));
    try {
      const home = join(root, 'home');
      const dir = join(home, 'extensions', 'node_modules', 'pkg-xt');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'pkg-xt', version: '1.0.0', engines: { outboard: '*' }, outboard: { extension: { apiVersion: 1, name: 'xt', contributes: { actions: declared.map((id) => ({ id: `xt${id.slice(1)}`, title: id })) } } } }));
      const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: root, env: {}, globalRoots: [] });
      const ext = await host.findExtension('xt');
      assert.ok(ext?.name);
      const shown = { ...ext, name: ext.name };
      await host.approvals.approve(shown, { capabilities: [] });
      const file = (): { format: number; extensions: Record<string, { agents?: unknown }> } => JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8'));
      assert.equal(file().extensions.xt?.agents, undefined, 'nothing chosen: nothing stored (read-only)');
      await host.approvals.approve(shown, { capabilities: [] }, { agents: ['xt.wipe'] });
      assert.deepEqual(file().extensions.xt?.agents, ['xt.wipe']);
      await host.approvals.approve(shown, { capabilities: [] });
      assert.deepEqual(file().extensions.xt?.agents, ['xt.wipe'], 'kept when not named again');
      assert.equal(file().format, 1);
      host.refresh();
      const listed = (await host.rpc.call('agents.actions', {}, { caller: 'test' })) as { actions: Array<{ id: string; allowed: boolean }> };
      assert.deepEqual(listed.actions.map((a) => [a.id, a.allowed]), [['xt.add', false], ['xt.read', false], ['xt.wipe', true]]);
      // agents.record: agent.call on the bus as the host, with the tool, extension, action and outcome only.
      await host.rpc.call('agents.record', { tool: 'xt_wipe', action: 'xt.wipe', outcome: 'ok', args: { secret: 1 } }, { caller: 'test' });
      const event = host.bus.query({ types: ['agent.call'] }).at(-1);
      assert.equal(event?.source, 'outboard');
      assert.deepEqual(event?.attributes, { tool: 'xt_wipe', extension: 'xt', action: 'xt.wipe', outcome: 'ok' });
      await assert.rejects(host.rpc.call('agents.record', { tool: 't', action: 'x.wipe', outcome: 'great' }, { caller: 'test' }), /outcome must be one of ok, failed, refused, declined, cancelled/);
      await assert.rejects(host.rpc.call('agents.record', { tool: 't', action: 'x.wipe', outcome: 'ok' }, { caller: 'extension y', grants: { capabilities: ['rpc.call'] } }), /not for extensions/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
