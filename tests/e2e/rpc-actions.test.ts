// The driver role over /api/ws: actions.invoke streams the action's progress and events, then answers with the
// result; and a peer's rpc/call (gated by rpc.call) reaches the host's one registry.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { actionsHome, type ActionsHome } from './actions-home.js';
import { startBusHub, WsClient, type TestBusHub } from './events-hub.js';

describe('actions.invoke and rpc/call through the registry', { timeout: 60_000 }, () => {
  let h: ActionsHome;
  let hub: TestBusHub;
  before(async () => {
    h = actionsHome([{ name: 'fx', capabilities: { required: ['ui.action.contribute', 'rpc.call'], optional: [] } }]);
    hub = await startBusHub({ home: h.home, env: h.env });
  });
  after(async () => {
    await hub.close();
    h.cleanup();
  });

  it('actions.invoke over /api/ws streams progress and the action\'s events, then the result', async () => {
    const ws = await WsClient.connect(hub.port, hub.token);
    const answer = await ws.call('actions.invoke', { id: 'fx.slow', args: { steps: 3, stepMs: 20 } });
    assert.equal(answer.result.view.text, 'slow done', JSON.stringify(answer));
    const progress = ws.notifications.filter((n) => n.method === '$/progress');
    assert.deepEqual(progress.map((n) => n.params.value.done), [1, 2, 3]);
    assert.ok(progress.every((n) => n.params.id === answer.id));
    const types = ws.notifications.filter((n) => n.method === 'actions.event').map((n) => n.params.event.type);
    // Both reached the client before the answer.
    assert.ok(types.includes('action.invoked') && types.includes('action.finished'), types.join());
    const finished = hub.host.bus.query({ types: ['action.finished'] }).at(-1);
    assert.equal(finished?.attributes['ok'], true);
    assert.equal(finished?.attributes['action'], 'fx.slow');
    ws.close();
  });

  it('a peer\'s rpc/call reaches the host built-ins through the registry', async () => {
    const ws = await WsClient.connect(hub.port, hub.token);
    const answer = await ws.call('actions.invoke', { id: 'fx.call', args: { method: 'rpc/call', params: { method: 'host.info' } } });
    const outcome = JSON.parse(answer.result.view.text);
    assert.equal(outcome.ok.id, 'outboard', answer.result.view.text);
    const unknown = await ws.call('actions.invoke', { id: 'fx.call', args: { method: 'rpc/call', params: { method: 'no.such' } } });
    assert.equal(JSON.parse(unknown.result.view.text).error.code, 'method_not_found');
    // rpc.call opens no door the peer's other grants keep shut: listing projects still needs projects.read.
    const gated = await ws.call('actions.invoke', { id: 'fx.call', args: { method: 'rpc/call', params: { method: 'projects.list' } } });
    const refusal = JSON.parse(gated.result.view.text).error;
    assert.equal(refusal.code, 'denied');
    assert.match(refusal.message, /projects\.read/);
    ws.close();
  });
});
