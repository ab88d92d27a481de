import type { Disposable } from '@outboard/protocol';
import type { Ledger } from '../ledger.js';
import type { Poll, PollOptions } from '../poll.js';
import type { PeerScope } from '../scope.js';

/** A project as the host describes it. */
export interface Project {
  readonly id: string;
  readonly name: string;
  /** Absolute real path of the project's folder. */
  readonly root: string;
  readonly registeredAt?: string;
}

/** An event from the host's bus. */
export interface HostEvent {
  readonly type: string;
  readonly projectId?: string;
  readonly attributes?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly [key: string]: unknown;
}

export type Severity = 'info' | 'ok' | 'warning' | 'error';

/** What an action answers (docs/peers.md): notifications, host actions and one view, all optional. */
export interface ActionResult {
  readonly notifications?: readonly { severity: Severity; message: string; detail?: string }[];
  readonly hostActions?: readonly ({ type: 'openUrl'; url: string } | { type: 'openProjectLink'; projectId: string; path: string })[];
  /** One view, discriminated by `type` (the reference design's name; `kind` is accepted as its alias). */
  readonly view?: ({ type: 'text'; text: string } | { type: 'markdown'; markdown: string } | { type: 'table'; columns: readonly string[]; rows: readonly (readonly string[])[] }) & { title?: string };
}

/** What a handler gets besides its arguments. */
export interface HandlerContext {
  /** Aborted when the caller cancels, its deadline passes or the host goes away. */
  readonly signal: AbortSignal;
  /** Reports progress (any JSON); coalesced, a no-op when the caller did not ask for it. */
  progress(value: unknown): void;
  /** The project the action runs for (`--project`), when it has one. */
  readonly projectId: string | undefined;
}

export type ActionHandler = (args: unknown, context: HandlerContext) => ActionResult | void | Promise<ActionResult | void>;
export type RpcHandler = (params: unknown, context: HandlerContext) => unknown;

/** What the host asks a provider (`providers/query`, docs/providers.md). */
export interface ProviderQuery {
  readonly query: string;
  /** At most this many items are kept (the host cuts the rest). */
  readonly limit: number;
  readonly cursor?: string;
}

/** A provider's answer: items typed by its kind, `truncated` when there are more, `cursor` to get them. */
export interface ProviderAnswer {
  readonly items: readonly Record<string, unknown>[];
  readonly truncated?: boolean;
  readonly cursor?: string;
}

/** Answers a provider declared in `contributes.providers`; `context.signal` aborts when the host cancels. */
export type ProviderHandler = (query: ProviderQuery, context: HandlerContext) => ProviderAnswer | Promise<ProviderAnswer>;

/**
 * What a view renders (docs/views.md): text, markdown (shown as text in a terminal, rendered safely in a page)
 * or a table. The host cleans control characters and caps the size (64 KiB of text, 1000 rows, 20 columns).
 */
export type ViewContent = (
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'markdown'; readonly markdown: string }
  | { readonly type: 'table'; readonly columns: readonly string[]; readonly rows: readonly (readonly unknown[])[] }
) & { readonly title?: string };

/** Renders a view declared in `contributes.views`; `context.projectId` is the project shown, if any. */
export type ViewHandler = (context: HandlerContext) => ViewContent | Promise<ViewContent>;

/** A status item's value. */
export interface StatusValue {
  readonly text: string;
  readonly severity?: Severity;
  /** Shown on this project (omit for a global item). */
  readonly projectId?: string;
  /** Longer text shown on hover or below the item. */
  readonly tooltip?: string;
  /** An action of this extension (`contributes.actions`) the item runs when chosen. */
  readonly actionId?: string;
}

/** What a notification may carry beyond its message (reference design 002). */
export interface NotificationOptions {
  /** More text, shown below the message. */
  readonly detail?: string;
  /** Action ids of this extension the user may run from the notification (at most 3). */
  readonly actions?: readonly string[];
  /** When it stops being shown (ISO time); the host caps it at one hour. */
  readonly expiresAt?: string;
}

/**
 * The host, as a peer sees it. Every call goes through the capability broker: a capability the user did
 * not grant is refused (`ResponseError` with `data.code` `denied`). Everything that registers something
 * returns a Disposable that is also on `context.subscriptions`.
 */
export interface PeerApi {
  readonly projects: {
    /** The projects the peer may see (`projects.read`). */
    list(): Promise<Project[]>;
    /**
     * The project itself (`{ id, name, root, registeredAt }`), not the wire's `{ project }`. Rejects with a
     * `ResponseError`: `data.code` `not_found` when no such project is registered, `invalid_scope` when the peer
     * is approved for other projects only, `denied` without `projects.read`.
     */
    get(id: string): Promise<Project>;
  };
  readonly events: {
    /** Receives events whose type matches one of `types` (globs), optionally of some projects only (`events.subscribe`). */
    on(types: string | readonly string[], listener: (event: HostEvent) => void, options?: { projectIds?: readonly string[] }): Disposable;
    /**
     * Publishes an event of a type declared in `contributes.events` or `contributes.listeners` (`events.publish`);
     * `options.projectId` scopes it to a registered project (automations may filter on it).
     */
    publish(type: string, attributes?: Record<string, unknown>, body?: unknown, options?: { projectId?: string }): Promise<void>;
  };
  readonly status: {
    /** Sets a status item declared in `contributes.status` (`ui.status.contribute`). */
    set(id: string, value: StatusValue): Promise<void>;
  };
  /** Shows a notification (`ui.notification`); the third argument is its detail, or its options. */
  notify(severity: Severity, message: string, detailOrOptions?: string | NotificationOptions): Promise<void>;
  readonly storage: {
    /** Private storage by default; `projectId` for per-project storage (`storage.private`, `storage.project`). */
    get<T = unknown>(key: string, options?: { projectId?: string }): Promise<T | undefined>;
    set(key: string, value: unknown, options?: { projectId?: string }): Promise<void>;
    delete(key: string, options?: { projectId?: string }): Promise<void>;
    list(options?: { projectId?: string }): Promise<string[]>;
  };
  readonly actions: {
    /** Handles an action declared in `contributes.actions`. */
    register(id: string, handler: ActionHandler): Disposable;
  };
  readonly providers: {
    /** Answers a provider declared in `contributes.providers`. */
    register(id: string, handler: ProviderHandler): Disposable;
  };
  readonly views: {
    /** Renders a peer view declared in `contributes.views` (one without `path`). */
    register(id: string, handler: ViewHandler): Disposable;
    /** Tells the host the view's content changed (`views/changed`): pages showing it render it again. */
    changed(id: string, options?: { projectId?: string }): void;
  };
  readonly rpc: {
    /** Calls an RPC method of the host, its plugins or other extensions (`rpc.call`). */
    call<T = unknown>(method: string, params?: unknown): Promise<T>;
    /** Serves an RPC method declared in `contributes.rpc`. */
    register(method: string, handler: RpcHandler): Disposable;
  };
  readonly hub: {
    /** Calls a hub route listed in `permissions.hub`; the host adds the token (`hub.request`). */
    request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  };
}

/** What `activate` gets besides the api. */
export interface PeerContext {
  /** Push every Disposable here: they are disposed, last first, on deactivate, shutdown or a lost host. */
  readonly subscriptions: Disposable[];
  /** The extension's name and version. */
  readonly extension: { readonly name: string; readonly version: string };
  /** The capabilities the user granted. */
  readonly grants: readonly string[];
  /** What the host passed at activation (e.g. `projectId`). */
  readonly host: Readonly<Record<string, unknown>>;
  /** The extension's persistent folder (also the peer's working directory). */
  readonly stateDir: string;
  /** The checked config section. */
  readonly config: Readonly<Record<string, unknown>>;
  /** The project this peer serves now, with state reset and answers discarded when it changes (docs/sdk.md). */
  readonly scope: PeerScope;
  /** A value kept current in the background, on this peer's one read lane (see `PollLane.poll`). */
  poll<T>(options: PollOptions<T>): Poll<T>;
  /** What the user has already seen, in a JSON file (relative to `stateDir`), bound to {@link scope}. */
  ledger(path: string): Ledger;
}

/** A peer: what {@link runPeer} runs. */
export interface PeerDefinition {
  /** Registers what the peer offers; runs while the host's `activate` is pending (grants already hold), and the peer answers it when this returns. Throwing fails the activation. */
  activate?(api: PeerApi, context: PeerContext): void | Promise<void>;
  /** Called before the subscriptions are unwound. */
  deactivate?(): void | Promise<void>;
  /** Action handlers by id (each must be in `contributes.actions`). */
  readonly actions?: Readonly<Record<string, ActionHandler>>;
  /** Provider handlers by id (each must be in `contributes.providers`). */
  readonly providers?: Readonly<Record<string, ProviderHandler>>;
  /** View renderers by id (each must be a peer view in `contributes.views`). */
  readonly views?: Readonly<Record<string, ViewHandler>>;
  /** RPC handlers by method (each must be in `contributes.rpc`). */
  readonly rpc?: Readonly<Record<string, RpcHandler>>;
}
