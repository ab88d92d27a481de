import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentAction } from '@outboard/host';
import type { Disposable } from '@outboard/protocol/disposable';
import type { HubLink } from './hub-link.js';
import { actionTools, type ActionTool } from './action-tools.js';
import { builtInTools, type BuiltInTool } from './builtin-tools.js';
import { callActionTool, refuseActionTool } from './action-call.js';
import { HubResources } from './hub-resources.js';
import { actionToolName } from './tool-names.js';
import { errorParts, errorToolResult } from './tool-results.js';

/** Options of {@link HubMcpServer}. */
export interface HubMcpServerOptions {
  /** The running hub. Required. */
  hub: HubLink;
  /** The host id (`outboard`): tool and resource names and the commands named in fixes. Required. */
  hostId: string;
  /** The host version, as the server's version. Required. */
  version: string;
  /** Writes one line for the person running the server (stderr: stdout is the MCP wire). Default: nothing. */
  log?: (line: string) => void;
  /** Least time between two `resources/updated` of one resource, in ms. Default 250. */
  resourceUpdateMs?: number;
}

/** The session's tools now: the built-ins, then the offered actions. */
interface ToolSet {
  builtIns: BuiltInTool[];
  actions: ActionTool[];
  /** Every action of enabled extensions, offered or not (to refuse the others with the command that allows them). */
  all: AgentAction[];
}

/**
 * An MCP server (the official SDK's) over a running hub (DESIGN §11): a tool per action agents may use, tools
 * to list extensions, actions and projects, read status, events, search and diagnostics, and call RPC methods;
 * status and events as resources with `resources/updated`; `notifications/tools/list_changed` when an
 * extension changes. Every answer comes from the hub when asked, never from a copy kept here.
 */
export class HubMcpServer {
  /** The SDK's server (its `connect`, `close` and notifications). */
  readonly server: Server;
  readonly #hub: HubLink;
  readonly #hostId: string;
  readonly #resources: HubResources;
  readonly #subscribed = new Set<string>();
  readonly #pending = new Map<string, NodeJS.Timeout>();
  readonly #disposables: Disposable[] = [];
  readonly #updateMs: number;
  readonly #log: (line: string) => void;
  #connected = false;

  constructor(options: HubMcpServerOptions) {
    if (typeof options.hostId !== 'string' || !/^[a-z][a-z0-9-]*$/.test(options.hostId)) throw new TypeError(`HubMcpServer: hostId must be a host id slug, got ${JSON.stringify(options.hostId)}`);
    this.#hub = options.hub;
    this.#hostId = options.hostId;
    this.#updateMs = options.resourceUpdateMs ?? 250;
    this.#log = options.log ?? (() => undefined);
    this.#resources = new HubResources(options.hostId);
    this.server = new Server(
      { name: options.hostId, title: `${options.hostId} extensions`, version: options.version },
      {
        capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: false } },
        instructions: `Tools run the actions of the user's ${options.hostId} extensions that the user allowed agents to use (read-only ones unless they allowed more), and read their status, events, search results and diagnostics. A tool that may change or delete things asks the user first when this client can ask.`,
      },
    );
    this.#handle();
  }

  /**
   * Follows the hub's events (extension changes, status, the stream itself), then serves on `transport`.
   * Rejects when the hub refuses the subscription.
   */
  async connect(transport: Transport): Promise<void> {
    this.#disposables.push(this.#hub.onNotification('events.event', (params) => this.#onEvent((params as { event?: { type?: unknown } } | undefined)?.event)));
    this.#disposables.push(this.#hub.onNotification('events.reset', () => this.#onEvent(undefined)));
    await this.#hub.call('events.subscribe', {});
    await this.server.connect(transport);
    this.#connected = true;
  }

  /** Stops following the hub and closes the MCP session. Idempotent. */
  async close(): Promise<void> {
    for (const d of this.#disposables.splice(0)) d.dispose();
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
    this.#connected = false;
    await this.server.close();
  }

  #handle(): void {
    this.server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
      const set = await this.#toolSet(extra.signal);
      return { tools: [...set.builtIns.map((b) => b.tool), ...set.actions.map((a) => a.tool)] satisfies Tool[] };
    });
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const input = (request.params.arguments ?? {}) as Record<string, unknown>;
      const name = request.params.name;
      let set: ToolSet;
      try {
        set = await this.#toolSet(extra.signal);
      } catch (error) {
        return this.#failure(error);
      }
      const builtIn = set.builtIns.find((b) => b.tool.name === name);
      if (builtIn) {
        const result = await builtIn.run(input, this.#hub, extra.signal).catch((error: unknown) => this.#failure(error));
        // Every agent call is recorded (tool and outcome, never the arguments), the host's own tools too.
        await this.#hub.call('agents.record', { tool: name, outcome: result.isError === true ? 'failed' : 'ok' }).catch(() => undefined);
        return result;
      }
      const offered = set.actions.find((a) => a.tool.name === name);
      const token = request.params._meta?.progressToken;
      if (offered) {
        let progress = 0;
        return callActionTool(offered, input, {
          hub: this.#hub,
          hostId: this.#hostId,
          signal: extra.signal,
          confirm: this.server.getClientCapabilities()?.elicitation?.form ? (message) => this.#confirm(message, extra.signal) : undefined,
          ...(token !== undefined ? { onProgress: (value: unknown) => void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: ++progress, ...progressMessage(value) } }).catch(() => undefined) } : {}),
        });
      }
      const withheld = set.all.find((a) => !a.allowed && actionToolName(a.extension, a.id) === name);
      if (withheld) return refuseActionTool(this.#hub, name, withheld);
      return errorToolResult(`There is no tool "${name}" (its extension may have been disabled or changed).`, `list the tools again; ${this.#hostId}_list_actions shows every action and whether agents may use it`);
    });
    this.server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: this.#resources.list() }));
    this.server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
      const uri = request.params.uri;
      const text = await this.#resources.read(uri, this.#hub, extra.signal);
      if (text === undefined) throw new McpError(ErrorCode.InvalidParams, `no resource ${uri}; resources/list names them`);
      return { contents: [{ uri, mimeType: 'application/json', text }] };
    });
    this.server.setRequestHandler(SubscribeRequestSchema, (request) => {
      if (!this.#resources.has(request.params.uri)) throw new McpError(ErrorCode.InvalidParams, `no resource ${request.params.uri}; resources/list names them`);
      this.#subscribed.add(request.params.uri);
      return {};
    });
    this.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
      this.#subscribed.delete(request.params.uri);
      return {};
    });
  }

  async #toolSet(signal: AbortSignal): Promise<ToolSet> {
    const { actions } = (await this.#hub.call('agents.actions', {}, { signal })) as { actions: AgentAction[] };
    let offered: ActionTool[] = [];
    const builtIns = builtInTools(this.#hostId, (action) => offered.find((t) => t.action.id === action.id)?.tool.name);
    offered = actionTools(actions, new Set(builtIns.map((b) => b.tool.name)), this.#hostId);
    return { builtIns, actions: offered, all: actions };
  }

  /** Asks the user through the client (form elicitation with no fields: accept runs, anything else does not). */
  async #confirm(message: string, signal: AbortSignal): Promise<boolean> {
    const answer = await this.server.elicitInput({ mode: 'form', message, requestedSchema: { type: 'object', properties: {} } }, { signal });
    return answer.action === 'accept';
  }

  #failure(error: unknown): CallToolResult {
    const { message, fix } = errorParts(error);
    return errorToolResult(message, fix);
  }

  #onEvent(event: { type?: unknown } | undefined): void {
    if (!this.#connected) return;
    if (event?.type === 'extension.changed') {
      this.server.sendToolListChanged().catch((error: unknown) => this.#log(`could not send tools/list_changed: ${(error as Error).message}`));
    }
    for (const uri of this.#resources.changedBy(event)) if (this.#subscribed.has(uri)) this.#scheduleUpdate(uri);
  }

  /** At most one `resources/updated` per resource per {@link HubMcpServerOptions.resourceUpdateMs}. */
  #scheduleUpdate(uri: string): void {
    if (this.#pending.has(uri)) return;
    const timer = setTimeout(() => {
      this.#pending.delete(uri);
      if (this.#connected && this.#subscribed.has(uri)) this.server.sendResourceUpdated({ uri }).catch(() => undefined);
    }, this.#updateMs);
    timer.unref();
    this.#pending.set(uri, timer);
  }
}

function progressMessage(value: unknown): { message?: string; total?: number } {
  const v = (typeof value === 'object' && value !== null ? value : {}) as { message?: unknown; total?: unknown };
  return { ...(typeof v.message === 'string' ? { message: v.message } : {}), ...(typeof v.total === 'number' ? { total: v.total } : {}) };
}
