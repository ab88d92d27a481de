import { ResponseError } from '@outboard/protocol';
import type { Disposable } from '@outboard/protocol/disposable';
import type { ActionAnnotations } from '@outboard/manifest';
import type { EventBus } from '../bus/event-bus.js';
import type { ExtensionInventory } from '../host-core.js';
import type { ExtensionRecord } from '../extension-record.js';
import { agentVerdict, effectiveAnnotations, storedAgentAccess, type AgentAccess, type AgentPolicy, type AgentVerdict } from '../approvals/agent-access.js';
import type { RpcRegistry } from '../calls/rpc-registry.js';

/** One action of an enabled extension as agents see it (`agents.actions`), with the host's verdict. */
export interface AgentAction extends AgentVerdict {
  id: string;
  extension: string;
  title: string;
  description?: string;
  targets: readonly string[];
  /** The manifest's argsSchema, when it declares one. */
  argsSchema?: unknown;
  /** MCP's annotations with MCP's defaults filled in. */
  annotations: Required<ActionAnnotations>;
  /** What the extension's approval lets agents use. */
  access: AgentAccess;
}

/** How an agent's call ended, as `agent.call` events say it (never with its arguments). */
export const AGENT_CALL_OUTCOMES = ['ok', 'failed', 'refused', 'declined', 'cancelled'] as const;

/** The parts of a host the agent methods read. */
export interface AgentMethodDeps {
  hostId: string;
  bus: EventBus;
  extensions(): Promise<ExtensionInventory>;
  /** The approval of one extension copy now (re-read when the file changed). */
  approvals: { freshFind(ext: ExtensionRecord): { readonly agents?: AgentAccess } | undefined };
  /** The organisation policy in force, when there is one (it may forbid destructive actions to agents). */
  policy?(): AgentPolicy | undefined;
}

/** The actions of enabled extensions with the verdict about agents of each, sorted by id. */
export async function agentActions(deps: AgentMethodDeps): Promise<AgentAction[]> {
  const { extensions } = await deps.extensions();
  const actions: AgentAction[] = [];
  const policy = deps.policy?.();
  for (const ext of extensions) {
    if (ext.state !== 'enabled' || !ext.name || !ext.manifest) continue;
    const access = storedAgentAccess(deps.approvals.freshFind(ext)?.agents);
    for (const a of ext.manifest.contributes?.actions ?? []) {
      actions.push({
        id: a.id,
        extension: ext.name,
        title: a.title,
        ...(a.description !== undefined ? { description: a.description } : {}),
        targets: a.targets ?? ['global'],
        ...(a.argsSchema !== undefined ? { argsSchema: a.argsSchema } : {}),
        annotations: effectiveAnnotations(a.annotations),
        access,
        ...agentVerdict(a, ext.name, access, deps.hostId, policy),
      });
    }
  }
  return actions.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Registers `agents.actions` (every action of an enabled extension with the verdict about agents) and
 * `agents.record` (`{ tool, action?, outcome, projectId? }`: publishes `agent.call` on the bus, as the host, with
 * no arguments; a call of one of the adapter's own tools, which runs no action, is recorded with the host as its
 * extension). An agent adapter such as `outboard mcp` lists and records through them over the hub.
 */
export function registerAgentMethods(registry: RpcRegistry, deps: AgentMethodDeps, owner: string): Disposable {
  const list = registry.register('agents.actions', async () => ({ actions: await agentActions(deps) }), owner);
  const record = registry.register(
    'agents.record',
    async (params, context) => {
      // Agents act through the user's own clients (a hub connection with the token); a peer never records for them.
      if (context.grants !== undefined) throw new ResponseError('denied', 'agents.record is for the user\'s own clients (an agent adapter), not for extensions');
      const tool = shortString(params, 'tool');
      const action = params.action === undefined ? undefined : shortString(params, 'action');
      const outcome = params.outcome;
      if (!AGENT_CALL_OUTCOMES.includes(outcome as (typeof AGENT_CALL_OUTCOMES)[number])) throw new ResponseError('invalid_params', `outcome must be one of ${AGENT_CALL_OUTCOMES.join(', ')}`);
      const projectId = params.projectId === undefined ? undefined : shortString(params, 'projectId');
      const owned = action === undefined ? undefined : (await agentActions(deps)).find((a) => a.id === action);
      const extension = action === undefined ? deps.hostId : (owned?.extension ?? action.split('.', 1)[0] ?? action);
      const attributes = { tool, extension, ...(action !== undefined ? { action } : {}), outcome: outcome as string };
      const event = deps.bus.publish({ type: 'agent.call', source: deps.hostId, ...(projectId ? { scope: { projectId } } : {}), attributes });
      return { seq: event.seq };
    },
    owner,
  );
  return { dispose: () => [list, record].forEach((r) => r.dispose()) };
}

function shortString(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw new ResponseError('invalid_params', `${key} must be a non-empty string of at most 200 characters`);
  return value;
}
