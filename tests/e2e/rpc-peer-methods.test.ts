// `outboard rpc <peer method>` serves a peer's declared RPC method with or without a hub (docs/rpc.md): without
// one, the CLI's host wires its peers into the one RPC registry, starts the peer for the call and stops it after.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { actionsHome, CliJob, isRunning, peerPids, type ActionsHome } from './actions-home.js';
import { startBusHub, type TestBusHub } from './events-hub.js';

async function cli(args: string[], h: ActionsHome): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const job = new CliJob(args, h);
  const { code } = await job.done(30_000);
  return { code, stdout: job.stdout, stderr: job.stderr };
}

describe('outboard rpc: peers\' methods with and without a hub', { timeout: 90_000 }, () => {
  let h: ActionsHome;
  let hub: TestBusHub | undefined;
  before(() => {
    h = actionsHome([{ name: 'echo', rpc: ['echo.say'] }]);
  });
  after(async () => {
    await hub?.close();
    h.cleanup();
  });

  it('without a hub: rpc.methods lists it and the call reaches a private peer, stopped afterwards', async () => {
    const methods = await cli(['rpc', 'rpc.methods'], h);
    assert.equal(methods.code, 0, methods.stderr);
    assert.ok((JSON.parse(methods.stdout).methods as Array<{ method: string; owner: string }>).some((m) => m.method === 'echo.say' && m.owner === 'extension:echo'), methods.stdout);
    const said = await cli(['rpc', 'echo.say', '{"words": "hi"}'], h);
    assert.equal(said.code, 0, said.stderr);
    assert.deepEqual(JSON.parse(said.stdout), { echoed: { words: 'hi' }, method: 'echo.say' });
    const pids = peerPids(h, 'echo');
    assert.equal(pids.length, 1, 'one private peer served it');
    assert.ok(!isRunning(pids[0] as number), 'and it was stopped with the command');
  });

  it('through the hub: the hub\'s peer serves the same call', async () => {
    hub = await startBusHub({ home: h.home, env: h.env, advertise: true });
    // As the hub daemon does at start: its peers join the registry.
    await hub.host.peers();
    const said = await cli(['rpc', 'echo.say', '{"words": "hub"}'], h);
    assert.equal(said.code, 0, said.stderr);
    assert.deepEqual(JSON.parse(said.stdout), { echoed: { words: 'hub' }, method: 'echo.say' });
    const status = await (await hub.host.peers()).peerStatus('echo');
    assert.equal(status?.state, 'ready', 'the hub\'s peer answered it');
  });
});
