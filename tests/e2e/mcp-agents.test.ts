// `outboard mcp` as an agent's client sees it (DESIGN §11): the SDK's own Client over stdio, spawning the built
// CLI against a real hub. Tools from the actions agents may use, with their schemas and annotations; a
// destructive action refused until `--agents` allows it; the user asked through elicitation; the list following
// enable/disable from the CLI; every call recorded as `agent.call` without its arguments.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ElicitRequestSchema, ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { agentCalls, approvals, BUNDLED_MAIN, connectMcp, mcpHome, textOf, until, type McpHome, type McpSession } from './mcp-home.js';

describe('outboard mcp: tools, consent and live lists', { timeout: 120_000 }, () => {
  let h: McpHome;
  let s: McpSession;
  before(async () => {
    h = await mcpHome();
    s = await connectMcp(h);
  });
  after(async () => {
    await s?.close();
    await h?.close();
  });

  it('initializes as the host, with tools that follow the live state and subscribable resources', () => {
    assert.equal(s.client.getServerVersion()?.name, 'outboard');
    const caps = s.client.getServerCapabilities();
    assert.equal(caps?.tools?.listChanged, true);
    assert.equal(caps?.resources?.subscribe, true);
    assert.match(s.stderr(), /serving agents on stdio through the hub at http:\/\/127\.0\.0\.1:/);
  });

  it('lists the built-in tools and one tool per action agents may use, with schema and annotations as declared', async () => {
    const { tools } = await s.client.listTools();
    const names = tools.map((t) => t.name);
    for (const builtIn of ['list_extensions', 'list_actions', 'list_projects', 'read_status', 'read_events', 'search', 'diagnostics', 'call_rpc']) assert.ok(names.includes(`outboard_${builtIn}`), names.join());
    const hello = tools.find((t) => t.name === 'mx_hello');
    assert.ok(hello, `mx_hello is offered: ${names.join()}`);
    assert.equal(hello.title, 'Say hello');
    assert.match(hello.description ?? '', /^Greets, changing nothing\./);
    assert.deepEqual(hello.annotations, { title: 'Say hello', readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    assert.equal(hello.inputSchema.type, 'object');
    assert.deepEqual(hello.inputSchema.properties?.name, { type: 'string' });
    // It runs on projects too: the tool takes the project besides the action's own arguments.
    assert.equal((hello.inputSchema.properties?.projectId as { type?: string } | undefined)?.type, 'string');
    assert.equal(hello.inputSchema.required, undefined, 'it may also run with no project');
    // Default consent is read-only: neither the destructive action nor the one that only adds is offered.
    assert.ok(!names.includes('mx_wipe') && !names.includes('mx_append'), names.join());
  });

  it('calls an action and returns its structured result (a table as text and as structuredContent)', async () => {
    const result = await s.client.callTool({ name: 'mx_hello', arguments: { name: 'ada', projectId: 'p1' } });
    assert.notEqual(result.isError, true, textOf(result));
    const structured = result.structuredContent as { view: { type: string; columns: string[]; rows: string[][] }; notifications: Array<{ message: string }> };
    assert.equal(structured.view.type, 'table');
    assert.deepEqual(structured.view.columns, ['key', 'value']);
    assert.deepEqual(structured.view.rows[0], ['project', 'p1']);
    assert.match(textOf(result), /\| key \| value \|/);
    assert.match(textOf(result), /\| project \| p1 \|/);
    assert.match(structured.notifications[0]?.message ?? '', /hello \{"name":"ada"\}/);
    const call = await until('agent.call ok for mx.hello', () => agentCalls(h).find((c) => c.action === 'mx.hello' && c.outcome === 'ok'));
    assert.deepEqual(Object.keys(call).sort(), ['action', 'extension', 'outcome', 'tool']);
    assert.equal(call.tool, 'mx_hello');
    assert.equal(call.extension, 'mx');
    assert.doesNotMatch(JSON.stringify(h.hub.host.bus.query({ types: ['agent.call'] })), /ada/, 'no arguments in agent.call');
    // The extension's page shows what agents may use and the audit of their calls.
    const token = readFileSync(join(h.home, 'token'), 'utf8').trim();
    const page = await fetch(`${h.hub.url}extensions/mx`, { headers: { 'x-outboard-token': token } });
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /<dt>Agents<\/dt><dd>read-only/);
    assert.match(html, /<h2 id="agents-h">Agent calls<\/h2><table tabindex="0">.*<td>mx_hello<\/td><td><code>mx\.hello<\/code><\/td><td>ok<\/td>/s);
  });

  it('an argument the schema refuses is an error result saying what to pass', async () => {
    const result = await s.client.callTool({ name: 'mx_hello', arguments: { name: 42 } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /name/);
  });

  it('refuses a destructive action without consent, naming the command that allows it', async () => {
    const result = await s.client.callTool({ name: 'mx_wipe', arguments: { force: true } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /mx\.wipe is not offered to agents: mx lets agents use read-only actions only, and mx\.wipe is not read-only/);
    assert.match(textOf(result), /outboard extensions enable mx --agents mx\.wipe \(or --agents all\)/);
    await until('agent.call refused for mx.wipe', () => agentCalls(h).find((c) => c.action === 'mx.wipe' && c.outcome === 'refused'));
  });

  it('`extensions enable --agents all` from the CLI: tools/list_changed, then the destructive tool is offered and runs', async () => {
    let changed = 0;
    s.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const said = h.cli('extensions', 'enable', 'mx', '--yes', '--agents', 'all');
    assert.match(said, /Agents: +every action \(mx\.hello, mx\.wipe, mx\.append; --agents changes it\)/);
    assert.equal(approvals(h).extensions.mx?.agents, 'all');
    assert.equal(approvals(h).format, 1, 'a new optional field keeps the file format');
    await until('notifications/tools/list_changed', () => changed > 0);
    const { tools } = await s.client.listTools();
    const wipe = tools.find((t) => t.name === 'mx_wipe');
    assert.ok(wipe, tools.map((t) => t.name).join());
    // No annotations declared: MCP's defaults (not read-only, destructive).
    assert.deepEqual(wipe.annotations, { title: 'Wipe the cache', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    assert.match(wipe.description ?? '', /asked first/);
    const append = tools.find((t) => t.name === 'mx_append');
    assert.equal(append?.annotations?.destructiveHint, false);
    // This client cannot be asked: the user's `--agents all` is the consent.
    const result = await s.client.callTool({ name: 'mx_wipe', arguments: { force: true } });
    assert.notEqual(result.isError, true, textOf(result));
    await until('agent.call ok for mx.wipe', () => agentCalls(h).find((c) => c.action === 'mx.wipe' && c.outcome === 'ok'));
    const info = JSON.parse(h.cli('extensions', 'info', 'mx', '--json')) as { approval: { agents: unknown } };
    assert.equal(info.approval.agents, 'all');
  });

  it('asks the user through elicitation when the client can: "decline" does not run it, "accept" does', async () => {
    const asking = await connectMcp(h, { elicitation: { form: {} } });
    try {
      const asked: string[] = [];
      let answer: 'accept' | 'decline' = 'decline';
      asking.client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params.message);
        return { action: answer, ...(answer === 'accept' ? { content: {} } : {}) };
      });
      const declined = await asking.client.callTool({ name: 'mx_wipe', arguments: { force: true } });
      assert.equal(declined.isError, true);
      assert.match(textOf(declined), /The user declined to run mx\.wipe; it did not run/);
      assert.equal(asked.length, 1);
      assert.match(asked[0] ?? '', /"Wipe the cache" \(mx\.wipe\) of extension mx/);
      assert.match(asked[0] ?? '', /Arguments: \{"force":true\}/);
      await until('agent.call declined', () => agentCalls(h).find((c) => c.action === 'mx.wipe' && c.outcome === 'declined'));
      answer = 'accept';
      const accepted = await asking.client.callTool({ name: 'mx_wipe', arguments: { force: true } });
      assert.notEqual(accepted.isError, true, textOf(accepted));
      assert.equal(asked.length, 2);
      // A read-only action is never asked about.
      await asking.client.callTool({ name: 'mx_hello', arguments: {} });
      assert.equal(asked.length, 2);
    } finally {
      await asking.close();
    }
  });

  it('disable from the CLI takes its tools away (list_changed); a call then says what to do', async () => {
    let changed = 0;
    s.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    h.cli('extensions', 'disable', 'mx');
    await until('notifications/tools/list_changed after disable', () => changed > 0);
    const names = (await s.client.listTools()).tools.map((t) => t.name);
    assert.ok(!names.some((n) => n.startsWith('mx_')), names.join());
    const result = await s.client.callTool({ name: 'mx_hello', arguments: {} });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /There is no tool "mx_hello"/);
    h.cli('extensions', 'enable', 'mx');
    await until('mx_hello offered again', async () => (await s.client.listTools()).tools.some((t) => t.name === 'mx_hello'));
  });

  it('the built-in tools read extensions, actions, events and refuse to run actions through call_rpc', async () => {
    const extensions = await s.client.callTool({ name: 'outboard_list_extensions', arguments: {} });
    assert.match(textOf(extensions), /\| mx \| 1\.0\.0 \| user \| enabled \|/);
    const actions = await s.client.callTool({ name: 'outboard_list_actions', arguments: {} });
    const listed = (actions.structuredContent as { actions: Array<{ id: string; tool: string | null; allowed: boolean }> }).actions;
    assert.deepEqual(listed.map((a) => [a.id, a.tool]), [['mx.append', 'mx_append'], ['mx.hello', 'mx_hello'], ['mx.wipe', 'mx_wipe']]);
    const events = await s.client.callTool({ name: 'outboard_read_events', arguments: { types: ['agent.call'], limit: 2 } });
    const got = (events.structuredContent as { events: Array<{ type: string }> }).events;
    assert.equal(got.length, 2);
    assert.ok(got.every((e) => e.type === 'agent.call'));
    const rpc = await s.client.callTool({ name: 'outboard_call_rpc', arguments: { method: 'host.info' } });
    assert.equal((rpc.structuredContent as { id: string }).id, 'outboard');
    const sneaky = await s.client.callTool({ name: 'outboard_call_rpc', arguments: { method: 'actions.invoke', params: { id: 'mx.wipe' } } });
    assert.equal(sneaky.isError, true);
    assert.match(textOf(sneaky), /run the action through its own tool/);
    const unknown = await s.client.callTool({ name: 'outboard_call_rpc', arguments: { method: 'no.such' } });
    assert.equal(unknown.isError, true);
    // Every call is recorded, the host's own tools too: no action, the host as the extension, the outcome.
    const own = await until('three agent.call for outboard_call_rpc', () => {
      const calls = agentCalls(h).filter((c) => c.tool === 'outboard_call_rpc');
      return calls.length >= 3 ? calls : undefined;
    });
    assert.deepEqual(own.map((c) => [c.extension, c.action, c.outcome]), [['outboard', undefined, 'ok'], ['outboard', undefined, 'failed'], ['outboard', undefined, 'failed']]);
    assert.ok(agentCalls(h).some((c) => c.tool === 'outboard_list_extensions' && c.outcome === 'ok'));
  });

  it('the bundled bin serves the same tools, the adapter and its SDK loaded from the installed @outboard/mcp (never copied into the bundle)', async () => {
    const bundleDir = dirname(BUNDLED_MAIN);
    for (const file of readdirSync(bundleDir).filter((f) => f.endsWith('.cjs'))) {
      assert.doesNotMatch(readFileSync(join(bundleDir, file), 'utf8'), /@modelcontextprotocol\/sdk/, `${file} holds the MCP SDK, which @outboard/mcp owns`);
    }
    const bundled = await connectMcp(h, {}, BUNDLED_MAIN);
    try {
      const names = (await bundled.client.listTools()).tools.map((t) => t.name).sort();
      const unbundled = (await s.client.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(names, unbundled);
      const result = await bundled.client.callTool({ name: 'mx_hello', arguments: { name: 'bundle' } });
      assert.notEqual(result.isError, true, `${textOf(result)}\n${bundled.stderr()}`);
    } finally {
      await bundled.close();
    }
  });

  it('resources: status items and recent events, with resources/updated after a subscribed change', async () => {
    const { resources } = await s.client.listResources();
    assert.deepEqual(resources.map((r) => r.uri).sort(), ['outboard://events/recent', 'outboard://status']);
    const read = await s.client.readResource({ uri: 'outboard://events/recent' });
    const body = JSON.parse((read.contents[0] as { text: string }).text) as { events: Array<{ type: string }> };
    assert.ok(body.events.some((e) => e.type === 'agent.call'));
    const updated: string[] = [];
    s.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await s.client.subscribeResource({ uri: 'outboard://events/recent' });
    await s.client.callTool({ name: 'mx_hello', arguments: {} });
    await until('resources/updated for the events', () => updated.includes('outboard://events/recent'));
  });
});
