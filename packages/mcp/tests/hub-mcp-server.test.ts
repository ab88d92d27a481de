import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { AgentAction } from '@outboard/host';
import { HubMcpServer, type HubLink } from '../src/index.js';

/** A hub in memory: answers the methods the server calls, records every call, and sends notifications on demand. */
class FakeHub implements HubLink {
  readonly calls: Array<{ method: string; params: Record<string, unknown> }> = [];
  readonly handlers = new Map<string, Set<(params: unknown) => void>>();
  actions: AgentAction[] = [];
  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    this.calls.push({ method, params });
    if (method === 'agents.actions') return { actions: this.actions };
    if (method === 'actions.invoke') return { notifications: [], hostActions: [], view: { type: 'markdown', markdown: `ran ${String(params.id)}` }, warnings: [] };
    if (method === 'events.recent') return { events: [], lastSeq: 0 };
    if (method === 'host.info') return { id: 'ndx' };
    return {};
  }
  onNotification(method: string, handler: (params: unknown) => void): { dispose(): void } {
    const set = this.handlers.get(method) ?? new Set();
    set.add(handler);
    this.handlers.set(method, set);
    return { dispose: () => set.delete(handler) };
  }
  emit(method: string, params: unknown): void {
    for (const h of this.handlers.get(method) ?? []) h(params);
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const DEFAULTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

async function session(hub: FakeHub): Promise<{ client: Client; server: HubMcpServer; close(): Promise<void> }> {
  const server = new HubMcpServer({ hub, hostId: 'ndx', version: '9.9.9', resourceUpdateMs: 10 });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(b);
  return { client, server, close: async () => { await client.close(); await server.close(); } };
}

describe('HubMcpServer over a hub in memory', () => {
  it('names its tools and resources after the host id, never a fixed one', async () => {
    const hub = new FakeHub();
    const s = await session(hub);
    try {
      assert.equal(s.client.getServerVersion()?.name, 'ndx');
      const names = (await s.client.listTools()).tools.map((t) => t.name);
      assert.ok(names.every((n) => n.startsWith('ndx_')), names.join());
      assert.deepEqual((await s.client.listResources()).resources.map((r) => r.uri).sort(), ['ndx://events/recent', 'ndx://status']);
      assert.deepEqual(hub.calls[0], { method: 'events.subscribe', params: {} });
    } finally {
      await s.close();
    }
  });

  it('runs an offered action through actions.invoke and records it; a withheld one is refused and recorded', async () => {
    const hub = new FakeHub();
    hub.actions = [
      { id: 'x.read', extension: 'x', title: 'Read', targets: ['global'], annotations: READ_ONLY, access: 'read-only', allowed: true, destructive: false },
      { id: 'x.wipe', extension: 'x', title: 'Wipe', targets: ['global'], annotations: DEFAULTS, access: 'read-only', allowed: false, destructive: true, refusal: { reason: 'not read-only', fix: 'ndx extensions enable x --agents x.wipe (or --agents all)' } },
    ];
    const s = await session(hub);
    try {
      const ran = await s.client.callTool({ name: 'x_read', arguments: {} });
      assert.deepEqual(ran.content, [{ type: 'text', text: 'ran x.read' }]);
      const refused = await s.client.callTool({ name: 'x_wipe', arguments: {} });
      assert.equal(refused.isError, true);
      assert.match(JSON.stringify(refused.content), /ndx extensions enable x --agents x.wipe/);
      const records = hub.calls.filter((c) => c.method === 'agents.record').map((c) => c.params);
      assert.deepEqual(records, [{ tool: 'x_read', action: 'x.read', outcome: 'ok' }, { tool: 'x_wipe', action: 'x.wipe', outcome: 'refused' }]);
      assert.ok(!hub.calls.some((c) => c.method === 'actions.invoke' && c.params.id === 'x.wipe'), 'a withheld action never reaches the hub');
    } finally {
      await s.close();
    }
  });

  it('extension.changed sends tools/list_changed; events send resources/updated to subscribers only, paced', async () => {
    const hub = new FakeHub();
    const s = await session(hub);
    try {
      let changed = 0;
      const updated: string[] = [];
      s.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
      s.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
      hub.emit('events.event', { event: { type: 'extension.changed' } });
      await s.client.subscribeResource({ uri: 'ndx://status' });
      for (let i = 0; i < 5; i++) hub.emit('events.event', { event: { type: 'host.status.changed' } });
      const deadline = Date.now() + 2000;
      while ((changed === 0 || updated.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(changed, 1);
      assert.deepEqual(updated, ['ndx://status'], 'five changes, one update; the unsubscribed events resource none');
    } finally {
      await s.close();
    }
  });

  it('call_rpc refuses actions.invoke and passes other methods through', async () => {
    const hub = new FakeHub();
    const s = await session(hub);
    try {
      const refused = await s.client.callTool({ name: 'ndx_call_rpc', arguments: { method: 'actions.invoke', params: { id: 'x.wipe' } } });
      assert.equal(refused.isError, true);
      const info = await s.client.callTool({ name: 'ndx_call_rpc', arguments: { method: 'host.info' } });
      assert.deepEqual(info.structuredContent, { id: 'ndx' });
    } finally {
      await s.close();
    }
  });

  it('refuses a host id that is not a slug', () => {
    assert.throws(() => new HubMcpServer({ hub: new FakeHub(), hostId: 'Bad Id', version: '1' }), TypeError);
  });
});
