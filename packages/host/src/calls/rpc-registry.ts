import { ResponseError } from '@outboard/protocol';
import type { Disposable } from '@outboard/protocol/disposable';
import { OutboardError } from '../errors/outboard-error.js';

/** What a method handler learns besides its params. */
export interface RpcCallContext {
  /** Aborts when the caller goes away (HTTP client closed, WebSocket closed, peer cancelled). */
  readonly signal: AbortSignal;
  /** Who calls: `peer:<name>`, `ws`, `http`, `cli`... (for logs and events; never an authorisation). */
  readonly caller: string;
  /** Streams progress to callers that can receive it (the WebSocket driver); a no-op elsewhere. */
  readonly progress: (value: unknown) => void;
  /**
   * The grants of a peer caller (`rpc/call`): methods gated by a capability check it, and project lists are
   * narrowed to `grants.projects`. Undefined for the host's own callers (hub clients holding the user's
   * token, the CLI, plugins), which act as the user.
   */
  readonly grants?: Readonly<{ capabilities: readonly string[]; projects?: readonly string[] | undefined }> | undefined;
}

/** Options of one {@link RpcRegistry.register}. */
export interface RpcMethodOptions {
  /** The capability a peer caller must hold (e.g. `projects.read`); callers without grants are not checked. */
  capability?: string;
}

/** One RPC method: params in, JSON result out. Throw a `ResponseError` (or OutboardError) to refuse. */
export type RpcHandler = (params: Record<string, unknown>, context: RpcCallContext) => unknown;

/** Serves the methods peers declare (`contributes.rpc`), when the host runs peers. */
export interface PeerRpcRoute {
  /** The enabled extensions that declare `method` (for collision checks), without starting anything. */
  declarers(method: string): Promise<string[]>;
  /** Every method declared by enabled extensions, with its extension. */
  declared(): Promise<Array<{ method: string; owner: string }>>;
  /** Calls it on the owning peer (routing refuses collisions and unowned names). */
  call(method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
}

/** A method of the registry, as listed by `rpc.methods`. */
export interface RpcMethodInfo {
  readonly method: string;
  /** `host`, `plugin:<name>` or `extension:<name>`. */
  readonly owner: string;
}

/**
 * One finished RPC call, as {@link RpcRegistry.observe} reports it: what may leave the process in telemetry
 * (DESIGN §9), so never its params or result.
 */
export interface RpcCallRecord {
  readonly method: string;
  /** Who served it: `host`, `plugin:<name>`, `extension:<name>` (a peer); undefined when nobody serves the name. */
  readonly owner: string | undefined;
  /** Who called (see {@link RpcCallContext.caller}). */
  readonly caller: string;
  /** When the call began, in ms since the epoch. */
  readonly startTime: number;
  /** How long it took, in ms. */
  readonly durationMs: number;
  readonly outcome: 'ok' | 'error';
  /** The error's code (`ResponseError` reason, `OutboardError` code...), on error only. */
  readonly code?: string;
}

/** A dotted method name with at least two segments, e.g. `projects.list` or `git.getLog`. */
export const RPC_METHOD_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z][A-Za-z0-9_-]*)+$/;

const NO_PROGRESS = (): void => undefined;

/** A short code for an error: a `ResponseError`'s reason, an `OutboardError`'s code, else `internal`. */
function errorCode(error: unknown): string {
  if (error instanceof ResponseError) return error.reason;
  if (error instanceof OutboardError) return error.code;
  return 'internal';
}

/**
 * The host's one RPC registry: its built-ins, its plugins' methods and its peers' declared methods, reached
 * the same way from a peer (`rpc/call`), the hub (`/api/ws`, `/api/rpc`) and `outboard rpc`. A name is served
 * by exactly one owner: registering a taken name throws naming both owners, and a method both registered here
 * and declared by an extension is refused at call time naming both (never silently won).
 */
export class RpcRegistry {
  readonly #methods = new Map<string, { owner: string; handler: RpcHandler; capability: string | undefined }>();
  #peers: PeerRpcRoute | undefined;
  readonly #observers = new Set<{ listener: (call: RpcCallRecord) => void }>();

  /**
   * Registers `method` for `owner`; dispose the result to remove it. Throws an OutboardError `RPC_METHOD_INVALID`
   * for a malformed name or handler, `RPC_METHOD_TAKEN` (naming both owners) for a name already served.
   */
  register(method: string, handler: RpcHandler, owner: string, options: RpcMethodOptions = {}): Disposable {
    if (typeof method !== 'string' || !RPC_METHOD_PATTERN.test(method)) {
      throw new OutboardError('RPC_METHOD_INVALID', `${owner} cannot register RPC method ${JSON.stringify(method)}: a method is a dotted name such as "myplugin.doThing"`);
    }
    if (typeof handler !== 'function') throw new OutboardError('RPC_METHOD_INVALID', `${owner} registered RPC method ${method} without a handler function`);
    const taken = this.#methods.get(method);
    if (taken) {
      throw new OutboardError('RPC_METHOD_TAKEN', `RPC method ${method} is served by ${taken.owner}, so ${owner} cannot register it`, { hint: 'rename one of them; every method has exactly one owner' });
    }
    const entry = { owner, handler, capability: options.capability };
    this.#methods.set(method, entry);
    return {
      dispose: () => {
        if (this.#methods.get(method) === entry) this.#methods.delete(method);
      },
    };
  }

  /** Connects the peers' declared methods (once the host runs peers); dispose to disconnect. */
  routePeers(route: PeerRpcRoute): Disposable {
    this.#peers = route;
    return { dispose: () => void (this.#peers === route ? (this.#peers = undefined) : undefined) };
  }

  /** Every method: registered ones, then those peers declare, sorted by name. */
  async methods(): Promise<RpcMethodInfo[]> {
    const list: RpcMethodInfo[] = [...this.#methods].map(([method, { owner }]) => ({ method, owner }));
    for (const { method, owner } of (await this.#peers?.declared()) ?? []) list.push({ method, owner: `extension:${owner}` });
    return list.sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
  }

  /**
   * The capability a peer caller must hold to call `method` (its {@link RpcMethodOptions.capability}), or
   * `undefined` when it is ungated or not registered in process.
   */
  capabilityOf(method: string): string | undefined {
    return this.#methods.get(method)?.capability;
  }

  /** Whether a method of this name is registered in process (peers' methods are not counted). */
  has(method: string): boolean {
    return this.#methods.has(method);
  }

  /**
   * Calls `method`. Rejects with a `ResponseError`: `method_not_found` when nobody serves it, `unavailable`
   * with `data.owners` on a collision; otherwise with whatever the handler threw.
   */
  async call(method: string, params: unknown, context: Partial<RpcCallContext> = {}): Promise<unknown> {
    if (this.#observers.size === 0) return this.#dispatch(method, params, context);
    const startTime = Date.now();
    const started = performance.now();
    let outcome: RpcCallRecord['outcome'] = 'ok';
    let code: string | undefined;
    try {
      return await this.#dispatch(method, params, context);
    } catch (error) {
      outcome = 'error';
      code = errorCode(error);
      throw error;
    } finally {
      this.#report({ method: String(method), owner: this.#ownerOf(method, code), caller: context.caller ?? 'host', startTime, durationMs: performance.now() - started, outcome, ...(code !== undefined ? { code } : {}) });
    }
  }

  /**
   * Calls `listener` once after each call ends (see {@link RpcCallRecord}: ids, outcome, code and timing, never
   * params or results); dispose to stop. A throwing listener is ignored. Costs nothing while none listens.
   */
  observe(listener: (call: RpcCallRecord) => void): Disposable {
    const entry = { listener };
    this.#observers.add(entry);
    return { dispose: () => void this.#observers.delete(entry) };
  }

  #report(record: RpcCallRecord): void {
    for (const { listener } of this.#observers) {
      try {
        listener(record);
      } catch {
        // An observer's failure is its own: the call's answer stands.
      }
    }
  }

  /** Who served `method` (by name alone, after the call), or undefined when nobody did. */
  #ownerOf(method: unknown, code: string | undefined): string | undefined {
    if (code === 'method_not_found' || typeof method !== 'string') return undefined;
    // A peer's method is owned by its extension's namespace (`<name>.`).
    return this.#methods.get(method)?.owner ?? `extension:${method.split('.', 1)[0] ?? ''}`;
  }

  async #dispatch(method: string, params: unknown, context: Partial<RpcCallContext>): Promise<unknown> {
    if (typeof method !== 'string' || method.length === 0) throw new ResponseError('invalid_params', 'the method must be a non-empty string');
    if (params !== undefined && params !== null && (typeof params !== 'object' || Array.isArray(params))) {
      throw new ResponseError('invalid_params', `params of ${method} must be an object`);
    }
    const signal = context.signal ?? new AbortController().signal;
    const local = this.#methods.get(method);
    if (local) {
      const declarers = this.#peers ? await this.#peers.declarers(method) : [];
      if (declarers.length > 0) {
        const owners = [local.owner, ...declarers.map((name) => `extension:${name}`)];
        throw new ResponseError('unavailable', `RPC method ${method} is claimed by ${owners.join(' and ')}, so it runs on none; remove or rename one`, { owners });
      }
      if (local.capability !== undefined && context.grants && !context.grants.capabilities.includes(local.capability)) {
        throw new ResponseError('denied', `${method} needs the ${local.capability} capability, which ${context.caller ?? 'the caller'} was not granted`, { capability: local.capability });
      }
      return local.handler((params ?? {}) as Record<string, unknown>, { signal, caller: context.caller ?? 'host', progress: context.progress ?? NO_PROGRESS, grants: context.grants });
    }
    if (this.#peers && (await this.#peers.declarers(method)).length > 0) return this.#peers.call(method, params ?? null, signal);
    throw new ResponseError('method_not_found', `no RPC method ${JSON.stringify(method)}; \`rpc.methods\` lists those served`);
  }
}
