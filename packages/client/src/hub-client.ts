import { ClientError, isClientError } from './client-errors.js';
import type { HubEndpoint } from './hub-endpoint.js';
import { HubConnection, type CallOptions } from './hub-connection.js';
import type { HubIdentity } from './hub-identity.js';
import type { ActionEntry, ActionResult, BuiltinMethod, BuiltinMethods, ExtensionEntry, ProjectEntry, ProviderOutcome, StatusEntry } from './hub-methods.js';
import { EventStream, type EventsOptions } from './event-stream.js';
import { withBackoff, type ResolvedBackoff } from './reconnect-backoff.js';

/** How a {@link HubClient} reaches its hub again: find the endpoint (hub.json may name a new port) and check it. */
export interface HubReach {
  /** The host id, for the fixes errors name. */
  hostId: string;
  /** The hub API version agreed at connect. */
  apiVersion: number;
  /** Finds and checks the hub; rejects with a ClientError. */
  locate(): Promise<{ endpoint: HubEndpoint; identity: HubIdentity }>;
  backoff: ResolvedBackoff;
}

/** Options of {@link HubClient.actions}`.run`. */
export interface RunActionOptions {
  /** The registered project to run it on. */
  project?: string;
  /** Receives each progress value the action reports. */
  onProgress?: (value: unknown) => void;
  /** Aborting it cancels the action (in the hub and in its peer); the call rejects with `CLIENT_CANCELLED`. */
  signal?: AbortSignal;
}

/** A failure worth trying again after a pause: the hub is away (restarting), not refusing. */
const retryable = (error: unknown): boolean => isClientError(error, 'CLIENT_UNREACHABLE') || isClientError(error, 'CLIENT_HUB_NOT_RUNNING') || isClientError(error, 'CLIENT_DISCONNECTED');

/**
 * A client of one running hub (what `connect()` returns). Calls share one `/api/ws` connection; when it ends
 * (the hub restarted), the next call reconnects with backoff, finding the hub again through its home. A call
 * in flight when the connection ends rejects with `CLIENT_DISCONNECTED` (it is not repeated: it may have run).
 * Each `events()` iteration has a connection of its own. Every error is a ClientError with a code.
 */
export class HubClient {
  #connection: Promise<HubConnection> | undefined;
  /** The connection `#connection` resolved to, once it did: calls on it skip the wait. */
  #current: HubConnection | undefined;
  #identity: HubIdentity;
  #endpoint: HubEndpoint;
  readonly #lifetime = new AbortController();
  readonly #streams = new Set<EventStream>();

  constructor(
    private readonly reach: HubReach,
    first: { endpoint: HubEndpoint; identity: HubIdentity; connection: HubConnection },
  ) {
    this.#endpoint = first.endpoint;
    this.#identity = first.identity;
    this.#connection = Promise.resolve(first.connection);
    this.#current = first.connection;
  }

  /** The hub's base URL (as last connected). */
  get url(): string {
    return this.#endpoint.url;
  }

  /** What the hub said about itself at the last (re)connect: host id, version, home, API versions. */
  get identity(): HubIdentity {
    return this.#identity;
  }

  /** Calls an RPC method (typed for the built-ins) and resolves with its result. */
  rpc<M extends BuiltinMethod>(method: M, params?: BuiltinMethods[M]['params'], options?: CallOptions): Promise<BuiltinMethods[M]['result']>;
  rpc(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<unknown>;
  rpc(method: string, params: Record<string, unknown> = {}, options?: CallOptions): Promise<unknown> {
    const current = this.#current;
    if (current?.open && !this.#lifetime.signal.aborted) return current.call(method, params, options);
    return this.#open().then((connection) => connection.call(method, params, options));
  }

  /** Events as they are published (see {@link EventStream}): `for await (const item of hub.events({ types: ['git.*'] }))`. */
  events(options: EventsOptions = {}): EventStream {
    this.#throwIfClosed();
    const lifetime = new AbortController();
    this.#lifetime.signal.addEventListener('abort', () => lifetime.abort(), { once: true });
    const stream = new EventStream((signal) => this.#reconnect(signal), options, lifetime);
    this.#streams.add(stream);
    lifetime.signal.addEventListener('abort', () => this.#streams.delete(stream), { once: true });
    return stream;
  }

  /** The actions enabled extensions offer, and running one with its progress. */
  readonly actions = {
    list: (): Promise<ActionEntry[]> => this.rpc('actions.list', {}),
    run: (id: string, args: unknown = {}, options: RunActionOptions = {}): Promise<ActionResult> =>
      this.rpc('actions.invoke', { id, args, ...(options.project !== undefined ? { projectId: options.project } : {}) }, { ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) }),
  };

  /** The installed extensions, with their state and why. */
  readonly extensions = {
    list: async (): Promise<ExtensionEntry[]> => (await this.rpc('extensions.list', {})).extensions,
  };

  /** The registered projects. */
  readonly projects = {
    list: async (): Promise<ProjectEntry[]> => (await this.rpc('projects.list', {})).projects,
    /** Registers the folder `root` (absolute) as a project; resolves with it and whether it was new. */
    add: (root: string, options: { id?: string; name?: string } = {}): Promise<{ project: ProjectEntry; created: boolean }> => this.rpc('projects.register', { root, ...options }),
  };

  /** The status items peers contribute. */
  readonly status = {
    list: (options: { project?: string } = {}): Promise<StatusEntry[]> => this.rpc('status.list', options.project !== undefined ? { projectId: options.project } : {}),
  };

  /** Asks every provider of a kind at once (search by default). */
  readonly providers = {
    search: (query: string, options: { kind?: 'search' | 'diagnostics' | 'workspaces' | 'completions'; project?: string; limit?: number; signal?: AbortSignal; onOutcome?: (outcome: ProviderOutcome) => void } = {}): Promise<{ answered: ProviderOutcome[]; missed: ProviderOutcome[] }> =>
      this.rpc(
        'providers.search',
        { query, ...(options.kind ? { kind: options.kind } : {}), ...(options.project !== undefined ? { projectId: options.project } : {}), ...(options.limit !== undefined ? { limit: options.limit } : {}) },
        { ...(options.signal ? { signal: options.signal } : {}), ...(options.onOutcome ? { onProgress: (v: unknown) => options.onOutcome?.(v as ProviderOutcome) } : {}) },
      ),
  };

  /** Closes the connection and ends every event iteration. Idempotent. */
  close(): void {
    if (this.#lifetime.signal.aborted) return;
    this.#lifetime.abort();
    for (const stream of [...this.#streams]) void stream.return();
    void this.#connection?.then((c) => c.close(), () => undefined);
    this.#connection = undefined;
    this.#current = undefined;
  }

  [Symbol.dispose](): void {
    this.close();
  }

  /** The shared connection, reconnecting (with backoff) when it ended. */
  async #open(): Promise<HubConnection> {
    this.#throwIfClosed();
    const current = this.#connection ? await this.#connection.catch(() => undefined) : undefined;
    if (current?.open) return current;
    const next = this.#reconnect(this.#lifetime.signal);
    this.#connection = next;
    // A failed attempt is not kept: the next call tries again.
    next.catch(() => {
      if (this.#connection === next) this.#connection = undefined;
    });
    const connection = await next;
    if (this.#lifetime.signal.aborted) {
      connection.close();
      this.#throwIfClosed();
    }
    if (this.#connection === next) this.#current = connection;
    return connection;
  }

  /** A new connection to the hub, found and checked again, retried with backoff while the hub is away. */
  #reconnect(signal: AbortSignal): Promise<HubConnection> {
    return withBackoff(
      async () => {
        const { endpoint, identity } = await this.reach.locate();
        const connection = await HubConnection.open(endpoint, { hostId: this.reach.hostId, apiVersion: this.reach.apiVersion, signal });
        this.#endpoint = endpoint;
        this.#identity = identity;
        return connection;
      },
      this.reach.backoff,
      retryable,
      signal,
    );
  }

  #throwIfClosed(): void {
    if (this.#lifetime.signal.aborted) throw new ClientError('CLIENT_CLOSED', 'this hub client was closed', { hostId: this.reach.hostId });
  }
}
