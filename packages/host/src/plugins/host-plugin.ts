import type { Disposable } from '@outboard/protocol/disposable';
import type { BusEvent, PublishInput } from '../bus/bus-event.js';
import type { RpcCallRecord, RpcHandler } from '../calls/rpc-registry.js';

/**
 * An in-process plugin: trusted code of the host's author, passed to `createHost({ plugins })` (like a Vite
 * plugin). Its `setup` runs once, in declaration order, when the host is created.
 */
export interface HostPlugin {
  /** Names the plugin in errors, logs and events (`plugin:<name>` owns its RPC methods). Non-empty, unique. */
  readonly name: string;
  /** Wires the plugin in; a throw (or a rejection, for `host.ready()`) fails the host's start-up naming the plugin. */
  setup(ctx: PluginContext): void | Promise<void>;
  /**
   * Optional: releases what `setup` started (flushes an exporter...), when the host's plugins are closed. Its
   * handlers and RPC methods are removed by then. A throw or rejection is logged, never rethrown.
   */
  dispose?(): void | Promise<void>;
}

/** A query of {@link PluginContext.history}: every field narrows; an omitted one does not. */
export interface HistoryQuery {
  /** Events published at or after this time (a `Date`, ms since the epoch, or an ISO 8601 string). */
  since?: Date | number | string;
  /** Events published before this time (same forms as `since`). */
  until?: Date | number | string;
  /** A type glob (bus/type-glob.ts) or a list of them, e.g. `action.*`. Default: every type. */
  type?: string | readonly string[];
}

/** A plugin's event handler: called in declaration order with the other plugins, one event at a time. */
export type PluginEventHandler = (event: BusEvent) => void | PromiseLike<void>;

/** What `setup` receives. */
export interface PluginContext {
  /** The plugin's name. */
  readonly name: string;
  /** The host's home folder. */
  readonly home: string;
  /** Calls `handler` for every later event whose type matches the glob (bus/type-glob.ts); dispose to stop. */
  on(typeGlob: string, handler: PluginEventHandler): Disposable;
  /** Publishes an event on the host's bus (`source` defaults to `plugin:<name>`); returns its seq. */
  publish(input: Omit<PublishInput, 'source'> & { source?: string }): number;
  /** The host's RPC registry, as seen by this plugin (its methods are owned by `plugin:<name>`). */
  readonly rpc: {
    register(method: string, handler: RpcHandler): Disposable;
    call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  };
  /** Writes one line to the host's log (the embedder's `log` option; dropped by default). */
  log(line: string): void;
  /**
   * Recent history from the bus's ring buffer (the latest events only, its size bounds how far back), oldest
   * first. Throws a `TypeError` naming a malformed field.
   */
  readonly history: {
    events(query?: HistoryQuery): BusEvent[];
  };
  /**
   * Whether payloads (action arguments, RPC params, results, event bodies) may leave the process, by the
   * user's `telemetry.payloads` (DESIGN §9). A plugin that exports anything asks it (it follows the config).
   */
  readonly telemetry: {
    payloads(): boolean;
  };
  /** Calls `listener` after each RPC call ends (method, owner, caller, outcome, code, timing; never params or results). */
  observeRpc(listener: (call: RpcCallRecord) => void): Disposable;
}
