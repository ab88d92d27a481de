import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentAction, BusEvent, ExtensionListEntry, ProviderOutcome } from '@outboard/host';
import type { HubLink } from './hub-link.js';
import { errorToolResult, markdownTable, tableToolResult } from './tool-results.js';

/** A tool of the server itself (not an extension's action), with what calling it does. */
export interface BuiltInTool {
  tool: Tool;
  run(input: Record<string, unknown>, hub: HubLink, signal: AbortSignal): Promise<CallToolResult>;
}

/**
 * RPC methods `<host>_call_rpc` refuses: each would act beyond what the user let agents do (run any action
 * without the agent verdict and the question, record agent calls, register projects).
 */
export const RPC_METHODS_NOT_FOR_AGENTS: ReadonlySet<string> = new Set(['actions.invoke', 'agents.record', 'projects.register']);

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const PROJECT = { type: 'string', description: 'A registered project id; leave it out for every project.' } as const;

/** The tools every session has, named `<hostId>_<what>` (an extension's tool never takes one of these names). */
export function builtInTools(hostId: string, toolNameOf: (action: AgentAction) => string | undefined): BuiltInTool[] {
  const name = (what: string): string => `${hostId}_${what}`;
  return [
    {
      tool: { name: name('list_extensions'), title: 'List extensions', description: `Every installed ${hostId} extension with its version, source, state and the reason (and fix) when it is not enabled.`, inputSchema: { type: 'object' }, annotations: READ_ONLY },
      run: async (_input, hub, signal) => {
        const { extensions } = (await hub.call('extensions.list', {}, { signal })) as { extensions: ExtensionListEntry[] };
        const rows = extensions.map((e) => [e.name, e.version, e.source, e.state, [e.reason, e.fix ? `fix: ${e.fix}` : ''].filter(Boolean).join('; ')]);
        return tableToolResult({ extensions }, ['name', 'version', 'source', 'state', 'reason'], rows, 'No extension is installed.');
      },
    },
    {
      tool: { name: name('list_actions'), title: 'List actions', description: 'Every action of the enabled extensions: its tool (when agents may use it), whether it is read-only or destructive, and for the others the command that lets agents use it.', inputSchema: { type: 'object' }, annotations: READ_ONLY },
      run: async (_input, hub, signal) => {
        const { actions } = (await hub.call('agents.actions', {}, { signal })) as { actions: AgentAction[] };
        const listed = actions.map((a) => ({ ...a, tool: toolNameOf(a) ?? null }));
        const rows = listed.map((a) => [a.id, a.title, a.tool ?? `not for agents: ${a.refusal?.fix ?? ''}`, a.annotations.readOnlyHint ? 'read-only' : a.destructive ? 'destructive' : 'changes things']);
        return tableToolResult({ actions: listed }, ['action', 'title', 'tool', 'kind'], rows, 'No enabled extension offers an action.');
      },
    },
    {
      tool: { name: name('list_projects'), title: 'List projects', description: `The projects registered with ${hostId} (their ids are what projectId takes).`, inputSchema: { type: 'object' }, annotations: READ_ONLY },
      run: async (_input, hub, signal) => {
        const { projects } = (await hub.call('projects.list', {}, { signal })) as { projects: Array<{ id: string; name?: string; root: string }> };
        return tableToolResult({ projects }, ['id', 'name', 'root'], projects.map((p) => [p.id, p.name ?? '', p.root]), 'No project is registered.');
      },
    },
    {
      tool: { name: name('read_status'), title: 'Read status items', description: 'The status items extensions keep current (text, severity, per project).', inputSchema: { type: 'object', properties: { projectId: PROJECT } }, annotations: READ_ONLY },
      run: async (input, hub, signal) => {
        const items = (await hub.call('status.list', optional(input, ['projectId']), { signal })) as Array<{ extension: string; id: string; title: string; values: Record<string, { text: string; severity: string }> }>;
        const rows = items.flatMap((item) => Object.entries(item.values).map(([scope, v]) => [item.id, item.title, scope || '(global)', v.severity, v.text]));
        return tableToolResult({ items }, ['id', 'title', 'project', 'severity', 'text'], rows, 'No status item has a value.');
      },
    },
    {
      tool: {
        name: name('read_events'),
        title: 'Read recent events',
        description: 'Recent events of the hub\'s bus, oldest first, filtered by type globs (e.g. "git.*") and projects.',
        inputSchema: {
          type: 'object',
          properties: {
            types: { type: 'array', items: { type: 'string' }, description: 'Event type globs, e.g. ["action.*", "git.changed"].' },
            projectIds: { type: 'array', items: { type: 'string' }, description: 'Only events of these projects.' },
            sinceSeq: { type: 'integer', minimum: 0, description: 'Only events after this seq.' },
            limit: { type: 'integer', minimum: 1, maximum: 500, description: 'At most this many of the latest (default 50).' },
          },
        },
        annotations: READ_ONLY,
      },
      run: async (input, hub, signal) => {
        const limit = typeof input.limit === 'number' ? input.limit : 50;
        const { events, lastSeq } = (await hub.call('events.recent', { ...optional(input, ['types', 'projectIds', 'sinceSeq']), limit: 10_000 }, { signal })) as { events: BusEvent[]; lastSeq: number };
        const latest = events.slice(-limit);
        const rows = latest.map((e) => [String(e.seq), e.time, e.type, e.source, JSON.stringify(e.attributes)]);
        return tableToolResult({ events: latest, lastSeq }, ['seq', 'time', 'type', 'source', 'attributes'], rows, 'No event matches.');
      },
    },
    {
      tool: { name: name('search'), title: 'Search', description: 'Asks every search provider of the enabled extensions at once.', inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for.' }, projectId: PROJECT }, required: ['query'] }, annotations: READ_ONLY },
      run: (input, hub, signal) => fanOut(hub, 'search', { query: String(input.query ?? ''), ...optional(input, ['projectId']) }, signal),
    },
    {
      tool: { name: name('diagnostics'), title: 'Read diagnostics', description: 'Asks every diagnostics provider of the enabled extensions at once (errors, warnings, with file and line).', inputSchema: { type: 'object', properties: { projectId: PROJECT } }, annotations: READ_ONLY },
      run: (input, hub, signal) => fanOut(hub, 'diagnostics', { query: '', ...optional(input, ['projectId']) }, signal),
    },
    {
      tool: {
        name: name('call_rpc'),
        title: 'Call an RPC method',
        description: `Calls an RPC method of ${hostId}, a plugin or an extension ("rpc.methods" lists them) and returns its JSON result. Actions are run through their own tools, not here.`,
        inputSchema: { type: 'object', properties: { method: { type: 'string', description: 'The method, e.g. "rpc.methods".' }, params: { type: 'object', description: 'Its params (default {}).' } }, required: ['method'] },
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      },
      run: async (input, hub, signal) => {
        const method = String(input.method ?? '');
        if (RPC_METHODS_NOT_FOR_AGENTS.has(method)) return errorToolResult(`${method} is not offered to agents through ${name('call_rpc')}`, method === 'actions.invoke' ? `run the action through its own tool (${name('list_actions')} names it)` : `ask the user to run \`${hostId} rpc ${method}\``);
        const params = typeof input.params === 'object' && input.params !== null && !Array.isArray(input.params) ? (input.params as Record<string, unknown>) : {};
        const result = await hub.call(method, params, { signal });
        const structured = typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : { result };
        return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) ?? 'null' }], structuredContent: structured };
      },
    },
  ];
}

async function fanOut(hub: HubLink, kind: 'search' | 'diagnostics', params: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
  const result = (await hub.call('providers.search', { kind, ...params, consumer: `mcp-${kind}` }, { signal })) as { answered: Array<Extract<ProviderOutcome, { outcome: 'answered' }>>; missed: Array<{ provider: { id: string; extension: string }; outcome: string; reason: string }> };
  const parts: string[] = [];
  for (const a of result.answered) {
    const items = a.items as unknown as Array<Record<string, unknown>>;
    const heading = `## ${a.provider.extension}: ${a.provider.title}`;
    if (items.length === 0) parts.push(`${heading}\n(nothing)`);
    else if (kind === 'search') parts.push(`${heading}\n${markdownTable(['title', 'where', 'detail'], items.map((i) => [String(i.title ?? ''), String(i.uri ?? i.path ?? i.actionId ?? ''), String(i.detail ?? '')]))}`);
    else parts.push(`${heading}\n${markdownTable(['severity', 'where', 'message'], items.map((i) => [String(i.severity ?? ''), [i.path, i.line, i.column].filter((x) => x !== undefined).join(':'), String(i.message ?? '')]))}`);
    if (a.truncated) parts.push('(more results exist)');
  }
  for (const m of result.missed) parts.push(`${m.provider.extension} (${m.provider.id}) did not answer (${m.outcome}): ${m.reason}`);
  if (parts.length === 0) parts.push(`No enabled extension offers a ${kind} provider.`);
  return { content: [{ type: 'text', text: parts.join('\n\n') }], structuredContent: result as unknown as Record<string, unknown> };
}

function optional(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
}
