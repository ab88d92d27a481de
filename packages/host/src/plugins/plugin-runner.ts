import type { Disposable } from '@outboard/protocol/disposable';
import type { BusEvent } from '../bus/bus-event.js';
import type { EventBus } from '../bus/event-bus.js';
import { compileTypeGlob } from '../bus/type-glob.js';
import { OutboardError } from '../errors/outboard-error.js';
import type { RpcRegistry } from '../calls/rpc-registry.js';
import type { HostPlugin, PluginContext, PluginEventHandler } from './host-plugin.js';
import { historyEvents } from './plugin-history.js';

/** Options of {@link PluginRunner}. */
export interface PluginRunnerOptions {
  bus: EventBus;
  rpc: RpcRegistry;
  home: string;
  /** The host id: the source of the runner's own events. */
  hostId: string;
  /** Where failures are logged. Default: dropped. */
  log?: (line: string) => void;
  /** Consecutive failed deliveries after which a plugin is disabled. Default 5. */
  maxConsecutiveFailures?: number;
  /** A plugin failing without a success in between for this long (at least twice) is disabled too, in ms. Default 100. */
  failingForMs?: number;
  /** Queue bound of the plugins' bus subscription. Default: the bus's. */
  queueSize?: number;
  /** Whether payloads may leave the process (`ctx.telemetry.payloads()`, see TelemetryPolicy). Default: never. */
  payloads?: () => boolean;
}

interface Entry {
  readonly plugin: string;
  readonly matches: (type: string) => boolean;
  readonly handler: PluginEventHandler;
  disposed: boolean;
}

interface PluginState {
  failures: number;
  /** When the current run of failures began (performance.now()). */
  failingSince: number;
  disabled: boolean;
  readonly disposables: Disposable[];
}

/**
 * Runs the host's in-process plugins: one bus subscription for them all, so every event reaches their
 * handlers in declaration order (plugin order, then `ctx.on` order). A throwing or rejecting handler is
 * caught and logged; a plugin whose handlers fail `maxConsecutiveFailures` times in a row, or keep failing
 * without a success for `failingForMs`, is disabled (its handlers and RPC methods removed) and reported as a
 * `host.plugin.disabled` event.
 */
export class PluginRunner implements Disposable {
  readonly #options: PluginRunnerOptions;
  readonly #entries: Entry[] = [];
  readonly #states = new Map<string, PluginState>();
  readonly #maxFailures: number;
  readonly #failingForMs: number;
  #subscription: Disposable | undefined;
  #ready: Promise<void> = Promise.resolve();
  readonly #plugins: HostPlugin[] = [];
  #closed: Promise<void> | undefined;

  constructor(options: PluginRunnerOptions) {
    this.#options = options;
    this.#maxFailures = options.maxConsecutiveFailures ?? 5;
    this.#failingForMs = options.failingForMs ?? 100;
  }

  /** Resolves once every async `setup` finished; rejects with `PLUGIN_SETUP_FAILED` naming the first that failed. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /**
   * Runs each plugin's `setup` in order. Throws an OutboardError: `PLUGIN_INVALID` for a malformed or duplicate
   * plugin, `PLUGIN_SETUP_FAILED` naming the plugin whose `setup` threw.
   */
  start(plugins: readonly HostPlugin[]): void {
    const pending: Array<Promise<void>> = [];
    for (const plugin of plugins) {
      const name = (plugin as { name?: unknown } | undefined)?.name;
      if (typeof name !== 'string' || name.length === 0 || typeof plugin.setup !== 'function') {
        throw new OutboardError('PLUGIN_INVALID', `a plugin must be an object { name, setup(ctx) }, got ${describe(plugin)}`);
      }
      if (this.#states.has(name)) throw new OutboardError('PLUGIN_INVALID', `two plugins are named ${JSON.stringify(name)}; plugin names must be unique`);
      this.#states.set(name, { failures: 0, failingSince: 0, disabled: false, disposables: [] });
      this.#plugins.push(plugin);
      let result: unknown;
      try {
        result = plugin.setup(this.#context(name));
      } catch (error) {
        throw setupFailed(name, error);
      }
      if (isPromiseLike(result)) pending.push(Promise.resolve(result).then(() => undefined, (error: unknown) => Promise.reject(setupFailed(name, error))));
    }
    this.#ready = Promise.all(pending).then(() => undefined);
    // Kept observed: an embedder that never awaits host.ready() gets no unhandled rejection from here.
    this.#ready.catch(() => undefined);
  }

  /** Whether the plugin was disabled for failing. */
  isDisabled(name: string): boolean {
    return this.#states.get(name)?.disabled === true;
  }

  /**
   * {@link dispose}, then each plugin's own `dispose` (in reverse order), awaited; what one throws is logged.
   * Idempotent: every call gets the same promise.
   */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.dispose();
      for (const plugin of this.#plugins.slice().reverse()) {
        try {
          await plugin.dispose?.();
        } catch (error) {
          this.#log(`[plugin ${plugin.name}] dispose failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return this.#closed;
  }

  /** Stops the deliveries and removes every plugin's handlers, RPC methods and observers (not their own `dispose`: see {@link close}). */
  dispose(): void {
    this.#subscription?.dispose();
    this.#subscription = undefined;
    for (const state of this.#states.values()) for (const d of state.disposables.splice(0)) d.dispose();
    this.#entries.length = 0;
  }

  #context(name: string): PluginContext {
    const { bus, rpc, home } = this.#options;
    const state = this.#states.get(name)!;
    const owner = `plugin:${name}`;
    return {
      name,
      home,
      on: (typeGlob, handler) => {
        if (typeof handler !== 'function') throw new OutboardError('PLUGIN_INVALID', `plugin ${name}: ctx.on(${JSON.stringify(typeGlob)}, handler) needs a handler function`);
        let matches: (type: string) => boolean;
        try {
          matches = compileTypeGlob(typeGlob);
        } catch (error) {
          throw new OutboardError('PLUGIN_INVALID', `plugin ${name}: ${(error as Error).message}`);
        }
        const entry: Entry = { plugin: name, matches, handler, disposed: false };
        this.#entries.push(entry);
        this.#subscribe();
        const disposable = {
          dispose: () => {
            if (entry.disposed) return;
            entry.disposed = true;
            const at = this.#entries.indexOf(entry);
            if (at >= 0) this.#entries.splice(at, 1);
          },
        };
        state.disposables.push(disposable);
        return disposable;
      },
      publish: (input) => bus.publish({ ...input, source: input.source ?? owner }).seq,
      rpc: {
        register: (method, handler) => {
          const reg = rpc.register(method, handler, owner);
          state.disposables.push(reg);
          return reg;
        },
        call: (method, params) => rpc.call(method, params ?? {}, { caller: owner }),
      },
      log: (line) => this.#log(`[plugin ${name}] ${line}`),
      history: { events: (query) => historyEvents(bus, query) },
      telemetry: { payloads: () => this.#options.payloads?.() ?? false },
      observeRpc: (listener) => {
        const observer = rpc.observe(listener);
        state.disposables.push(observer);
        return observer;
      },
    };
  }

  #subscribe(): void {
    if (this.#subscription) return;
    const options = { name: 'plugins', ...(this.#options.queueSize !== undefined ? { queueSize: this.#options.queueSize } : {}) };
    this.#subscription = this.#options.bus.subscribe(undefined, (event) => this.#deliver(event), options);
  }

  #deliver(event: BusEvent): void {
    // A copy: a handler may dispose entries (its own or, by disabling, its plugin's) while we iterate.
    for (const entry of this.#entries.slice()) {
      if (entry.disposed || !entry.matches(event.type)) continue;
      const state = this.#states.get(entry.plugin)!;
      if (state.disabled) continue;
      try {
        const result = entry.handler(event);
        if (isPromiseLike(result)) {
          Promise.resolve(result).then(() => void (state.failures = 0), (error: unknown) => this.#failed(entry.plugin, error, event));
        } else state.failures = 0;
      } catch (error) {
        this.#failed(entry.plugin, error, event);
      }
    }
  }

  #failed(name: string, error: unknown, event: BusEvent): void {
    const state = this.#states.get(name)!;
    if (state.disabled) return;
    const now = performance.now();
    if (state.failures++ === 0) state.failingSince = now;
    this.#log(`[plugin ${name}] handler failed on ${event.type} #${event.seq}: ${error instanceof Error ? error.message : String(error)}`);
    // Many failures in a row, or failures only for a while (events may come slowly): it keeps throwing.
    const failingLong = state.failures >= 2 && now - state.failingSince >= this.#failingForMs;
    if (state.failures < this.#maxFailures && !failingLong) return;
    state.disabled = true;
    for (const d of state.disposables.splice(0)) d.dispose();
    const reason = `its event handlers failed ${state.failures} times in a row (last: ${error instanceof Error ? error.message : String(error)})`;
    this.#log(`[plugin ${name}] disabled: ${reason}`);
    this.#options.bus.publish({ type: 'host.plugin.disabled', source: this.#options.hostId, attributes: { plugin: name, failures: state.failures }, body: { reason } });
  }

  #log(line: string): void {
    try {
      this.#options.log?.(line);
    } catch {
      // A failing logger must not break delivery.
    }
  }
}

function setupFailed(name: string, error: unknown): OutboardError {
  return new OutboardError('PLUGIN_SETUP_FAILED', `plugin ${name} failed to set up: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? typeof value;
  return `an object with keys ${Object.keys(value).join(', ') || '(none)'}`;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
