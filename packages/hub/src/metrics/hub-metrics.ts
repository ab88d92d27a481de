import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BusEvent, Disposable, Host, RpcCallRecord } from '@outboard/host';
import { metricPrefix, statusClass } from './metric-name.js';
import { PeerTally } from './peer-tally.js';

/** Latency buckets of actions and RPC calls, in seconds (1 ms to 1 min). */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Options of {@link HubMetrics}. */
export interface HubMetricsOptions {
  /** The hub's host: its bus, RPC registry and inventory are what is measured. Required. */
  host: Host;
  /** Also export the process's default metrics (CPU, memory, event loop, GC). Default true. */
  processMetrics?: boolean;
}

/**
 * The hub's Prometheus metrics (DESIGN §7 `/metrics`), in a registry of its own (never prom-client's global
 * one): extension states, peer crashes and restarts, sidecar starts and crashes, events dropped per subscriber,
 * actions and RPC calls by outcome with latency histograms, proxied requests by status class, open WebSockets
 * and event streams, and the process's default metrics. Facts come from the bus (`extension.peer.state`,
 * `sidecar.state`, `action.finished`), the RPC registry's observer and the requests the server hands it.
 * Labels carry only ids, names, outcomes and codes (DESIGN §9), never arguments, params or bodies.
 */
export class HubMetrics implements Disposable {
  /** The registry `/metrics` renders. */
  readonly registry = new Registry();
  readonly #host: Host;
  readonly #disposables: Disposable[] = [];
  readonly #streams = new Set<ServerResponse>();
  readonly #sockets = new Map<Duplex, 'api' | 'proxy'>();
  readonly #tally = new PeerTally();
  readonly #actions: Counter<'extension' | 'action' | 'outcome'>;
  readonly #actionSeconds: Histogram<'extension' | 'outcome'>;
  readonly #rpc: Counter<'method' | 'outcome'>;
  readonly #rpcSeconds: Histogram<'method' | 'outcome'>;
  readonly #peerCrashes: Counter<'extension'>;
  readonly #peerRestarts: Counter<'extension'>;
  readonly #sidecarStarts: Counter<'extension'>;
  readonly #sidecarCrashes: Counter<'extension'>;
  readonly #proxied: Counter<'extension' | 'status_class'>;

  constructor(options: HubMetricsOptions) {
    this.#host = options.host;
    const p = metricPrefix(options.host.identity.id);
    const registers = [this.registry];
    this.#actions = new Counter({ name: `${p}_actions_total`, help: 'Action invocations that finished, by extension, action and outcome (ok, error, cancelled).', labelNames: ['extension', 'action', 'outcome'], registers });
    this.#actionSeconds = new Histogram({ name: `${p}_action_duration_seconds`, help: 'Time from an action request to its end, by extension and outcome.', labelNames: ['extension', 'outcome'], buckets: LATENCY_BUCKETS, registers });
    this.#rpc = new Counter({ name: `${p}_rpc_calls_total`, help: 'RPC calls through the host registry, by method ("(unknown)" for a name nobody serves) and outcome.', labelNames: ['method', 'outcome'], registers });
    this.#rpcSeconds = new Histogram({ name: `${p}_rpc_duration_seconds`, help: 'Time an RPC call took, by method and outcome.', labelNames: ['method', 'outcome'], buckets: LATENCY_BUCKETS, registers });
    this.#peerCrashes = new Counter({ name: `${p}_peer_crashes_total`, help: 'Peers that ended without being asked to stop.', labelNames: ['extension'], registers });
    this.#peerRestarts = new Counter({ name: `${p}_peer_restarts_total`, help: 'Peer starts that followed a crash.', labelNames: ['extension'], registers });
    this.#sidecarStarts = new Counter({ name: `${p}_sidecar_starts_total`, help: 'Sidecar starts.', labelNames: ['extension'], registers });
    this.#sidecarCrashes = new Counter({ name: `${p}_sidecar_crashes_total`, help: 'Sidecars that crashed.', labelNames: ['extension'], registers });
    this.#proxied = new Counter({ name: `${p}_proxy_requests_total`, help: 'Requests proxied to sidecars, by extension and status class (2xx... or aborted).', labelNames: ['extension', 'status_class'], registers });
    const host = this.#host;
    new Gauge({
      name: `${p}_extension_state`,
      help: 'Each installed extension: 1 for its current state (enabled, disabled, unapproved, incompatible, invalid, conflict, blocked, missing).',
      labelNames: ['extension', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const ext of (await host.extensions()).extensions) this.set({ extension: ext.key, state: ext.state }, 1);
      },
    });
    new Counter({
      name: `${p}_events_dropped_total`,
      help: 'Bus events dropped because a subscriber\'s queue was full, by kind of subscriber (sse, ws, plugins, peer:<name>...).',
      labelNames: ['subscriber'],
      registers,
      collect() {
        this.reset();
        for (const [subscriber, dropped] of Object.entries(host.bus.stats().droppedBySubscriber)) this.inc({ subscriber }, dropped);
      },
    });
    new Counter({ name: `${p}_events_published_total`, help: 'Events published on the bus.', registers, collect() {
      this.reset();
      this.inc(host.bus.stats().published);
    } });
    const sockets = this.#sockets;
    new Gauge({ name: `${p}_open_websockets`, help: 'Open WebSockets: the API\'s (/api/ws) and those proxied to sidecars.', labelNames: ['kind'], registers, collect() {
      this.reset();
      this.set({ kind: 'api' }, 0);
      this.set({ kind: 'proxy' }, 0);
      for (const kind of sockets.values()) this.inc({ kind });
    } });
    const streams = this.#streams;
    new Gauge({ name: `${p}_open_event_streams`, help: 'Open /api/events streams (SSE or NDJSON).', registers, collect() {
      this.set(streams.size);
    } });
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.#disposables.push(host.bus.subscribe({ types: ['action.finished', 'extension.peer.state', 'sidecar.state'] }, (event) => this.#onEvent(event), { name: 'metrics' }));
    this.#disposables.push(host.rpc.observe((call) => this.#onRpc(call)));
  }

  /** The registry's content type (Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** The metrics as Prometheus text. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** Counts an admitted request the server sends on: a proxied one by status class when it ends, an event stream while open. */
  trackRequest(req: IncomingMessage, res: ServerResponse, target: { kind: 'sidecar'; name: string } | { kind: 'hub'; path: string }): void {
    if (target.kind === 'sidecar') {
      res.once('close', () => this.#proxied.inc({ extension: target.name, status_class: res.headersSent ? statusClass(res.statusCode) : 'aborted' }));
      return;
    }
    if (target.path !== '/api/events' && target.path !== '/api/v1/events') return;
    this.#streams.add(res);
    res.once('close', () => this.#streams.delete(res));
  }

  /** Counts an upgraded socket as an open WebSocket until it closes. */
  trackSocket(socket: Duplex, kind: 'api' | 'proxy'): void {
    if (socket.destroyed) return;
    this.#sockets.set(socket, kind);
    socket.once('close', () => this.#sockets.delete(socket));
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
    this.registry.clear();
  }

  #onEvent(event: BusEvent): void {
    const a = event.attributes;
    const extension = typeof a['extension'] === 'string' ? a['extension'] : '';
    if (event.type === 'action.finished') {
      const outcome = String(a['outcome'] ?? (a['ok'] === true ? 'ok' : 'error'));
      this.#actions.inc({ extension, action: String(a['action'] ?? ''), outcome });
      if (typeof a['durationMs'] === 'number') this.#actionSeconds.observe({ extension, outcome }, a['durationMs'] / 1000);
    } else if (event.type === 'extension.peer.state') {
      const kind = this.#tally.classify({ extension, from: String(a['from'] ?? ''), to: String(a['to'] ?? '') });
      if (kind === 'crash') this.#peerCrashes.inc({ extension });
      else if (kind === 'restart') this.#peerRestarts.inc({ extension });
    } else if (event.type === 'sidecar.state') {
      if (a['to'] === 'starting') this.#sidecarStarts.inc({ extension });
      else if (a['to'] === 'crashed') this.#sidecarCrashes.inc({ extension });
    }
  }

  #onRpc(call: RpcCallRecord): void {
    // A name nobody serves is a caller's text: never a label (unbounded, and not ours to publish).
    const labels = { method: call.owner === undefined ? '(unknown)' : call.method, outcome: call.outcome };
    this.#rpc.inc(labels);
    this.#rpcSeconds.observe(labels, call.durationMs / 1000);
  }
}
