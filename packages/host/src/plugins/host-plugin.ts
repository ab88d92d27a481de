import type { Disposable } from '@outboard/protocol/disposable';
import type { BusEvent, PublishInput } from '../bus/bus-event.js';
import type { RpcHandler } from '../rpc/rpc-registry.js';

/**
 * An in-process plugin: trusted code of the host's author, passed to `createHost({ plugins })` (like a Vite
 * plugin). Its `setup` runs once, in declaration order, when the host is created.
 */
export interface HostPlugin {
  /** Names the plugin in errors, logs and events (`plugin:<name>` owns its RPC methods). Non-empty, unique. */
  readonly name: string;
  /** Wires the plugin in; a throw (or a rejection, for `host.ready()`) fails the host's start-up naming the plugin. */
  setup(ctx: PluginContext): void | Promise<void>;
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
}
