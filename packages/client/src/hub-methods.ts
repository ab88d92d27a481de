/**
 * The shapes of the hub's built-in RPC methods (hub API version 1), as plain JSON: what `HubClient.rpc` is
 * typed with. Fields are only ever added within a version; read what you need and ignore the rest.
 */

/** One event of the hub's bus (shaped after the OpenTelemetry log record). */
export interface HubEvent {
  /** Position on the hub's bus, from 1, strictly increasing within one hub run. */
  seq: number;
  /** ISO 8601 UTC. */
  time: string;
  type: string;
  source: string;
  scope?: { projectId: string };
  attributes: Record<string, string | number | boolean>;
  body?: unknown;
}

/** `host.info`. */
export interface HostInfo {
  id: string;
  version: string;
  home: string;
  wireVersion: number;
  lastSeq: number;
  pid: number;
  /** Identifies this hub run's bus: seq restarts at 1 in each. Absent from hubs older than the client. */
  instanceId?: string;
}

/**
 * One installed extension of `extensions.list`: the host's stable list entry (`extensions list --json`, see
 * docs/cli.md), field for field; tests/e2e/client-shapes.test.ts fails when the two drift apart.
 */
export interface ExtensionEntry {
  name: string;
  packageName: string;
  version: string;
  source: string;
  /** `enabled`, `disabled`, `unapproved`, `incompatible`, `invalid`, `conflict`, `blocked` or `missing`. */
  state: string;
  reason: string;
  /** The command that fixes its state, or null. */
  fix: string | null;
  path: string;
  /** False for a folder linked for development, whose edits run at once ("linked: code not pinned"). */
  codePinned: boolean;
  /** The organisation policy rule that blocks it, or null when none does. */
  policy: PolicyRuleEntry | null;
}

/** The organisation policy rule that blocks an extension (DESIGN §12). */
export interface PolicyRuleEntry {
  /** The policy file. */
  file: string;
  /** Which key of the file: `blocked`, `allowed`, `neverGrant`, or `invalid` (the file could not be used). */
  rule: 'blocked' | 'allowed' | 'neverGrant' | 'invalid';
  /** The entry or capability concerned (`@shady/*`, `hub.request`), or the file's problem. */
  entry: string;
}

/** A registered project. */
export interface ProjectEntry {
  id: string;
  name: string;
  root: string;
  [key: string]: unknown;
}

/** An action an enabled extension declares. */
export interface ActionEntry {
  id: string;
  title: string;
  extension: string;
  targets: string[];
}

/** What an action answered, bounded and cleaned by the host. */
export interface ActionResult {
  notifications: Array<{ severity: string; message: string; detail?: string; actions?: string[] }>;
  hostActions: Array<Record<string, unknown>>;
  view: ({ type: 'text'; text: string } | { type: 'markdown'; markdown: string } | { type: 'table'; columns: string[]; rows: string[][]; truncated?: boolean }) & { title?: string } | null;
  warnings: string[];
}

/** A status item and its value per scope (`''` host-wide, else a project id). */
export interface StatusEntry {
  extension: string;
  id: string;
  title: string;
  values: Record<string, { text: string; severity: string; tooltip?: string; actionId?: string; updatedAt: string }>;
}

/** One provider's outcome of `providers.search`. */
export interface ProviderOutcome {
  outcome: 'answered' | string;
  provider?: string;
  items?: unknown[];
  [key: string]: unknown;
}

/** Params and result of each built-in method. */
export interface BuiltinMethods {
  'host.info': { params: Record<string, never>; result: HostInfo };
  'rpc.methods': { params: Record<string, never>; result: { methods: Array<{ method: string; owner: string }> } };
  'extensions.list': { params: Record<string, never>; result: { extensions: ExtensionEntry[]; diagnostics: unknown[] } };
  'projects.list': { params: Record<string, never>; result: { projects: ProjectEntry[] } };
  'projects.register': { params: { root: string; id?: string; name?: string }; result: { project: ProjectEntry; created: boolean } };
  'events.recent': { params: { types?: string[]; projectIds?: string[]; includeUnscoped?: boolean; sinceSeq?: number; limit?: number }; result: { events: HubEvent[]; lastSeq: number } };
  'actions.list': { params: Record<string, never>; result: ActionEntry[] };
  'actions.resolve': { params: { id: string }; result: ActionEntry };
  'actions.invoke': { params: { id: string; projectId?: string; args?: unknown }; result: ActionResult };
  'status.list': { params: { projectId?: string }; result: StatusEntry[] };
  'notifications.list': { params: Record<string, never>; result: { notifications: Array<Record<string, unknown>> } };
  'providers.query': { params: { id: string; query: string; projectId?: string; limit?: number; cursor?: string; deadlineMs?: number }; result: Record<string, unknown> };
  'providers.search': { params: { kind?: 'search' | 'diagnostics' | 'workspaces' | 'completions'; query?: string; projectId?: string; limit?: number; deadlineMs?: number; consumer?: string }; result: { answered: ProviderOutcome[]; missed: ProviderOutcome[] } };
}

/** A built-in method name. */
export type BuiltinMethod = keyof BuiltinMethods;
