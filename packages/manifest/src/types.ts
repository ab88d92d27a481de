/**
 * TypeScript types of the manifest block, apiVersion 1 (`package.json#<hostId>.extension`). They mirror
 * `schema/extension-manifest.v1.schema.json` field for field; a test fails when the two disagree.
 * A checked manifest is the block as declared: unknown fields are kept, defaults are not filled in.
 */

/** A JSON Schema document, kept opaque: the host checks it with a full validator when it uses it. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/**
 * Something the host can start: exactly one of `bin` or `exec` (the validator enforces it).
 * `bin` runs with the host's own Node; `exec` is an argv array, never a shell string.
 */
export interface Runnable {
  /** Package-relative `.js`/`.mjs`/`.cjs` file run with the host's Node (`process.execPath`). */
  bin?: string;
  /** Argv array run without a shell; an element starting with `./` is a package path passed as an absolute path. */
  exec?: string[];
}

/** One CLI command: `<host> <name> ...args` runs this runnable with the remaining arguments. */
export interface CommandEntry extends Runnable {
  /** Command name: a slug, not a built-in command, alias or reserved word. */
  name: string;
  /** One line shown under the Extensions heading of `<host> --help`. */
  summary?: string;
}

/** A web server the hub starts lazily and mounts at `/x/<name>/`. */
export interface SidecarEntry extends Runnable {
  /** Path the hub polls until it answers 200 (default `/`). */
  health?: string;
  /** Minutes without requests or open WebSockets before the hub stops it (default 15). */
  idleStopMinutes?: number;
  /** Seconds the hub waits for its response headers before a 504 (default 30); a started body is never timed. */
  headersTimeoutSeconds?: number;
}

/** A long-lived JSON-RPC peer on stdio that contributes actions, status, RPC methods and events. */
export interface PeerEntry extends Runnable {
  /** When the host starts the peer (default `onAction`, `onRpc`, `onProvider`). */
  activation?: string[];
}

/** The extension's card on the hub home. */
export interface HubEntry {
  /** Card title. */
  label: string;
  /** One line under the card title. */
  description?: string;
}

/** A link shown on each project's page, resolved by the hub to `/x/<name>/<path>`. */
export interface ProjectLink {
  /** Link text. */
  label: string;
  /** Path inside the sidecar, starting with `/`; `{projectId}` and `{repoRoot}` are filled in. */
  path: string;
}

/** Where an action applies: with no project, or for one project (`--project <id>`). */
export type ActionTarget = 'global' | 'project';

/** An action the peer contributes: listed by `<host> actions list` and exposed to agents. */
export interface ActionContribution {
  /** Action id, unique within the manifest (e.g. `git.log`). */
  id: string;
  /** Short human title. */
  title: string;
  /** What the action does, for users and agents. */
  description?: string;
  /** Contexts the action applies to (default `["global"]`). */
  targets?: ActionTarget[];
  /** JSON Schema of the action's arguments. */
  argsSchema?: JsonSchema;
  /** Hints for agents with MCP's tool annotation names; absent means MCP's defaults (not read-only, destructive). */
  annotations?: ActionAnnotations;
}

/** MCP's tool annotations, as an action declares them (DESIGN §11). */
export interface ActionAnnotations {
  /** The action changes nothing (default false). */
  readOnlyHint?: boolean;
  /** Its changes may delete or overwrite (default true; meaningful when not read-only). */
  destructiveHint?: boolean;
  /** Running it again with the same arguments has no further effect (default false). */
  idempotentHint?: boolean;
  /** It reaches outside services (default true). */
  openWorldHint?: boolean;
}

/** A status item the peer keeps current. */
export interface StatusContribution {
  /** Status id, unique within the manifest (e.g. `git.branch`). */
  id: string;
  /** Short human title. */
  title: string;
}

/** What a provider answers; the host checks each answer against its kind. */
export type ProviderKind = 'search' | 'diagnostics' | 'workspaces' | 'completions';

/** A provider the peer answers through `providers/query`. */
export interface ProviderContribution {
  /** Provider id, unique within the manifest (e.g. `notes.search`). */
  id: string;
  /** What it answers. */
  kind: ProviderKind;
  /** Short human title. */
  title: string;
}

/** Where a view shows: the hub's home, its extension's page, or a project's page. */
export type ViewPlace = 'home' | 'extension' | 'project';

/**
 * A view the extension contributes: rendered by its peer on request (`views/render`, a typed view), or, with
 * `path`, a page of its sidecar shown in a sandboxed frame.
 */
export interface ViewContribution {
  /** View id, unique within the manifest (e.g. `notes.recent`). */
  id: string;
  /** Short human title. */
  title: string;
  /** Where it shows (default `["extension"]`). */
  where?: ViewPlace[];
  /** A sidecar view: the path inside the sidecar (`{projectId}` is filled in). Absent: a peer view. */
  path?: string;
}

/** Everything a peer may register at runtime; anything else is refused. */
export interface Contributes {
  /** Actions the peer handles through `actions/invoke`. */
  actions?: ActionContribution[];
  /** Status items the peer sets through `status/set`. */
  status?: StatusContribution[];
  /** Providers the peer answers through `providers/query`. */
  providers?: ProviderContribution[];
  /** Views: rendered by the peer (`views/render`) or pages of the sidecar. */
  views?: ViewContribution[];
  /** RPC method names the peer registers, dotted (e.g. `git.getLog`). */
  rpc?: string[];
  /** Event types the peer publishes, dotted (e.g. `git.changed`). */
  events?: string[];
  /** Event types the peer publishes that automations start on, with editor wording (DESIGN §10). */
  listeners?: ListenerContribution[];
  /** Ready-made automations users start from. */
  automationTemplates?: AutomationTemplateContribution[];
}

/** An event type a peer publishes that automations can start on, with the wording a generic editor shows. */
export interface ListenerContribution {
  /** Dotted event type owned by the extension (e.g. `git.dirty`). */
  type: string;
  /** Short human name of the event. */
  label: string;
  description?: string;
  /** JSON Schema of the event's attributes. */
  attributes?: JsonSchema;
  /** Editor wording: where it comes from, how to narrow it, how a sentence starts. */
  source?: string;
  filter?: string;
  starter?: string;
}

/** The run modes of an automation (after Home Assistant). */
export type AutomationMode = 'single' | 'restart' | 'queued' | 'parallel';

/** A ready-made automation: trigger, action with its argument template, guard and setup notes. */
export interface AutomationTemplateContribution {
  /** Template id owned by the extension (e.g. `git.note-dirty`). */
  id: string;
  title: string;
  description?: string;
  trigger: { type: string; filter?: Record<string, string | number | boolean> };
  action: { id: string; args?: Record<string, unknown> };
  mode?: AutomationMode;
  guard?: string;
  setup?: string;
}

/** Capabilities the extension asks for; nothing is granted until the user approves. */
export interface CapabilityRequest {
  /** Without these the extension cannot work; refusing one leaves it unactivated. */
  required?: string[];
  /** Used when granted; the extension degrades without them. */
  optional?: string[];
}

/** Routes of host APIs the extension may call through the host. */
export interface Permissions {
  /** Hub routes as `METHOD /path` (e.g. `GET /api/hub/projects`); the host adds the token. */
  hub?: string[];
}

/** The manifest block, apiVersion 1. */
export interface ExtensionManifest {
  /** URL or path of the manifest JSON Schema, for editor completion; ignored by the host. */
  $schema?: string;
  /** Contract version the manifest is written for: `1`. */
  apiVersion: number;
  /** Extension slug: commands, mount, state folder and config section use it. */
  name: string;
  /** Publisher slug; identity shown to users is `publisher.name`. */
  publisher?: string;
  /** Human name. */
  displayName?: string;
  /** One-line description. */
  description?: string;
  /** CLI commands. */
  commands?: CommandEntry[];
  /** Web server mounted by the hub at `/x/<name>/`. */
  sidecar?: SidecarEntry;
  /** Long-lived JSON-RPC peer. */
  peer?: PeerEntry;
  /** Card on the hub home. */
  hub?: HubEntry;
  /** Links on each project's page. */
  projectLinks?: ProjectLink[];
  /** Package-relative path of the JSON Schema of the extension's config section. */
  configSchema?: string;
  /** What the peer may register at runtime. */
  contributes?: Contributes;
  /** Capabilities the extension asks for. */
  capabilities?: CapabilityRequest;
  /** Host API routes the extension may call. */
  permissions?: Permissions;
  /** Resource limits of the peer and sidecar processes; the user may lower them in config, never raise them. */
  limits?: ManifestLimits;
}

/** `limits`: defaults for the extension's peer and sidecar processes (DESIGN §12). */
export interface ManifestLimits {
  /** Resident memory of a process and what it started, in MiB (at least 16); over it the process is stopped. */
  memoryMb?: number;
  /** CPU share in percent of one core (at least 1); enforced with a cgroup only. */
  cpuPercent?: number;
  /** Open file descriptors per process (at least 16). */
  openFiles?: number;
  /** Processes and threads alive at once (at least 1). */
  processes?: number;
}
