import { randomUUID } from 'node:crypto';
import type { Disposable } from '@outboard/protocol/disposable';
import type { BusEvent } from '../bus/bus-event.js';
import type { EventBus } from '../bus/event-bus.js';
import { HomeWatch } from '../live/home-watch.js';
import type { CatalogAction } from './automation-catalog.js';
import { AutomationMatcher } from './automation-matcher.js';
import type { AutomationStore } from './automation-store.js';
import { AUTOMATION_DEFAULTS, type Automation, type AutomationRun } from './automation-types.js';
import { renderArgs } from './arg-template.js';
import { RunLog } from './run-log.js';

/** What the runner needs from its host. */
export interface AutomationRunnerOptions {
  hostId: string;
  home: string;
  bus: EventBus;
  store: AutomationStore;
  /** The action of `automation` when it can run now, else why not (checked against the live catalogue). */
  resolve(automation: Automation): Promise<{ action: CatalogAction } | { problem: string }>;
  /** Runs an action through the host's one action path (verdict, input checks, grants, peer). */
  invoke(actionId: string, input: { projectId?: string; args: unknown }, signal: AbortSignal): Promise<unknown>;
  /** Runs in a row started by the automation's own runs before it is paused. Default 5. */
  loopLimit?: number;
  /** How long after a run ends an event of the action's extension still counts as caused by it, in ms. Default 1000. */
  loopWindowMs?: number;
  /** Watch automations.json for changes made by other processes. Default true. */
  watch?: boolean;
  log?: (line: string) => void;
}

/** One run in progress. */
interface Active {
  run: AutomationRun;
  abort: AbortController;
  /** Set when the run was stopped: the status it ends with. */
  stoppedAs?: 'cancelled' | 'interrupted';
}

/** What the runner keeps per automation between events (never persisted: live state). */
interface RunState {
  active: Set<Active>;
  queue: BusEvent[];
  starts: number[];
  inARow: number;
  lastEnd: number;
  extension: string | undefined;
}

/**
 * Runs automations (DESIGN §10): subscribes to the bus, matches each event through the index by type,
 * applies the automation's mode (`single`, `restart`, `queued` up to `max` waiting, `parallel` up to `max`),
 * its rate limit and the loop breaker, and runs the action through the one action path. Every run leaves a
 * trace (newest 100 per automation, persisted) and publishes `automation.ran` or `automation.failed`. Events
 * published while the runner is not running are never replayed. Dispose to stop: runs in progress end as
 * `interrupted` and are written before it resolves.
 */
export class AutomationRunner {
  readonly #o: AutomationRunnerOptions;
  readonly #log: RunLog;
  readonly #states = new Map<string, RunState>();
  readonly #disposables: Disposable[] = [];
  #automations = new Map<string, Automation>();
  #matcher = new AutomationMatcher([]);
  #reloadTimer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;

  constructor(options: AutomationRunnerOptions) {
    this.#o = options;
    this.#log = new RunLog({ store: options.store, onError: (e) => this.#say(`automation traces could not be written: ${(e as Error).message}`) });
  }

  /** Marks runs a stopped runner left `running` as `interrupted`, indexes the automations and subscribes. */
  async start(): Promise<void> {
    await this.#o.store.update((file) => {
      for (const runs of Object.values(file.runs)) for (const run of runs) if (run.status === 'running') Object.assign(run, { status: 'interrupted', reason: 'the hub stopped during the run', finishedAt: run.finishedAt ?? run.startedAt });
    });
    this.reload();
    this.#disposables.push(this.#o.bus.subscribe({ types: ['*'] }, (event) => this.#onEvent(event), { queueSize: 10_000 }));
    if (this.#o.watch !== false) this.#disposables.push(new HomeWatch({ folders: () => [{ dir: this.#o.home, names: ['automations.json'] }], onChange: () => this.#reloadSoon() }));
  }

  /** Reads the automations again and rebuilds the index (after a change; other processes' changes are watched). */
  reload(): void {
    if (this.#disposed) return;
    try {
      const { automations } = this.#o.store.read();
      this.#automations = new Map(Object.entries(automations));
      this.#matcher = new AutomationMatcher(this.#automations.values());
    } catch (error) {
      this.#say(`automations could not be read: ${(error as Error).message}`);
    }
    for (const [id, state] of this.#states) {
      const a = this.#automations.get(id);
      if (!a || !a.enabled || a.paused) for (const active of state.active) this.#stop(active, 'cancelled');
      if (!a) this.#states.delete(id);
    }
  }

  /** The runs in progress now, by automation id. */
  running(): Record<string, AutomationRun[]> {
    return Object.fromEntries([...this.#states].filter(([, s]) => s.active.size > 0).map(([id, s]) => [id, [...s.active].map((a) => a.run)]));
  }

  /** Stops: runs in progress end `interrupted` and every trace is written. Idempotent. */
  async dispose(): Promise<void> {
    if (this.#disposed) return this.#log.flush();
    this.#disposed = true;
    clearTimeout(this.#reloadTimer);
    for (const d of this.#disposables.splice(0)) d.dispose();
    for (const state of this.#states.values()) {
      state.queue = [];
      for (const active of state.active) this.#stop(active, 'interrupted');
    }
    await this.#log.flush();
  }

  #reloadSoon(): void {
    clearTimeout(this.#reloadTimer);
    this.#reloadTimer = setTimeout(() => this.reload(), 30);
    this.#reloadTimer.unref?.();
  }

  #onEvent(event: BusEvent): void {
    if (this.#disposed) return;
    for (const automation of this.#matcher.match(event)) this.#trigger(automation, event);
  }

  #state(id: string): RunState {
    let state = this.#states.get(id);
    if (!state) this.#states.set(id, (state = { active: new Set(), queue: [], starts: [], inARow: 0, lastEnd: 0, extension: undefined }));
    return state;
  }

  #trigger(automation: Automation, event: BusEvent): void {
    const state = this.#state(automation.id);
    const now = Date.now();
    if (this.#causedByOwnRun(automation, state, event, now)) state.inARow++;
    else state.inARow = 0;
    if (state.inARow > (this.#o.loopLimit ?? AUTOMATION_DEFAULTS.loopLimit)) return void this.#pause(automation, state, event);
    const window = automation.rateLimit.perSeconds * 1000;
    state.starts = state.starts.filter((t) => now - t < window);
    if (state.starts.length >= automation.rateLimit.count) return this.#skip(automation, event, `rate limit: ${automation.rateLimit.count} runs per ${automation.rateLimit.perSeconds} s`);
    const busy = state.active.size + state.queue.length;
    if (automation.mode === 'single' && busy > 0) return this.#skip(automation, event, 'mode single: a run is in progress');
    if (automation.mode === 'parallel' && state.active.size >= automation.max) return this.#skip(automation, event, `mode parallel: ${automation.max} runs in progress`);
    if (automation.mode === 'queued' && state.active.size > 0) {
      if (state.queue.length >= automation.max) return this.#skip(automation, event, `mode queued: ${automation.max} runs waiting`);
      state.starts.push(now);
      state.queue.push(event);
      return;
    }
    if (automation.mode === 'restart') for (const active of state.active) this.#stop(active, 'cancelled');
    state.starts.push(now);
    void this.#run(automation, state, event);
  }

  /** An event of the action's extension while a run is in progress or just after, or this automation's own trace event. */
  #causedByOwnRun(automation: Automation, state: RunState, event: BusEvent, now: number): boolean {
    if (event.type.startsWith('automation.') && event.attributes['automation'] === automation.id) return true;
    const recent = state.active.size > 0 || now - state.lastEnd <= (this.#o.loopWindowMs ?? 1000);
    return recent && state.extension !== undefined && event.source === state.extension;
  }

  async #pause(automation: Automation, state: RunState, event: BusEvent): Promise<void> {
    const reason = `looped: ${state.inARow} runs in a row were started by events of its own runs (last: ${event.type})`;
    state.queue = [];
    state.inARow = 0;
    for (const active of state.active) this.#stop(active, 'cancelled');
    // Out of the index at once; the file says so for every surface.
    this.#matcher = new AutomationMatcher([...this.#automations.values()].filter((a) => a.id !== automation.id));
    this.#o.bus.publish({ type: 'automation.looped', source: this.#o.hostId, attributes: { automation: automation.id, action: automation.action.id, trigger: event.type } });
    try {
      await this.#o.store.update((file) => {
        const stored = file.automations[automation.id];
        if (stored) stored.paused = reason;
      });
    } catch (error) {
      this.#say(`automation ${automation.id} could not be paused on disk: ${(error as Error).message}`);
    }
    this.reload();
  }

  #skip(automation: Automation, event: BusEvent, reason: string): void {
    const at = new Date().toISOString();
    this.#log.record({ id: randomUUID(), automation: automation.id, status: 'skipped', event: eventTrace(event), reason, startedAt: at, finishedAt: at, durationMs: 0 });
  }

  #stop(active: Active, as: 'cancelled' | 'interrupted'): void {
    if (active.stoppedAs) return;
    active.stoppedAs = as;
    active.abort.abort(new Error(as === 'interrupted' ? 'the hub stopped during the run' : 'the run was cancelled'));
    // Recorded now: a stopping hub may not wait for the peer to answer.
    if (as === 'interrupted') this.#log.record(finished(active.run, 'interrupted', { reason: 'the hub stopped during the run' }));
  }

  async #run(automation: Automation, state: RunState, event: BusEvent): Promise<void> {
    const started = Date.now();
    const run: AutomationRun = { id: randomUUID(), automation: automation.id, status: 'running', event: eventTrace(event), startedAt: new Date(started).toISOString() };
    const active: Active = { run, abort: new AbortController() };
    state.active.add(active);
    try {
      const resolved = await this.#o.resolve(automation);
      if ('problem' in resolved) {
        this.#log.record(finished(run, 'skipped', { reason: `broken: ${resolved.problem}` }));
        return;
      }
      state.extension = resolved.action.extension;
      const args = renderArgs(automation.action.args ?? {}, event);
      const projectId = resolved.action.targets.includes('project') ? event.scope?.projectId : undefined;
      run.args = args;
      if (projectId !== undefined) run.projectId = projectId;
      this.#log.record(run);
      const result = await this.#o.invoke(automation.action.id, { ...(projectId !== undefined ? { projectId } : {}), args }, active.abort.signal);
      if (active.stoppedAs === 'interrupted') return;
      this.#end(automation, finished(run, active.stoppedAs ?? 'ok', { result }));
    } catch (error) {
      if (active.stoppedAs === 'interrupted') return;
      const e = error as { code?: unknown; message?: unknown };
      const failure = { ...(typeof e?.code === 'string' ? { code: e.code } : {}), message: typeof e?.message === 'string' ? e.message : String(error) };
      this.#end(automation, finished(run, active.stoppedAs ?? 'failed', { error: failure }));
    } finally {
      state.active.delete(active);
      state.lastEnd = Date.now();
      const next = state.queue.shift();
      if (next && !this.#disposed) void this.#run(automation, state, next);
    }
  }

  #end(automation: Automation, run: AutomationRun): void {
    this.#log.record(run);
    const ok = run.status === 'ok';
    this.#o.bus.publish({
      type: ok ? 'automation.ran' : 'automation.failed',
      source: this.#o.hostId,
      ...(run.projectId !== undefined ? { scope: { projectId: run.projectId } } : {}),
      attributes: { automation: automation.id, action: automation.action.id, run: run.id, status: run.status, durationMs: run.durationMs ?? 0 },
    });
  }

  #say(line: string): void {
    this.#o.log?.(line);
  }
}

function eventTrace(event: BusEvent): AutomationRun['event'] {
  return { seq: event.seq, type: event.type, source: event.source, time: event.time, ...(event.scope ? { projectId: event.scope.projectId } : {}), attributes: { ...event.attributes } };
}

function finished(run: AutomationRun, status: AutomationRun['status'], extra: Partial<AutomationRun>): AutomationRun {
  const end = Date.now();
  return Object.assign(run, { status, ...extra, finishedAt: new Date(end).toISOString(), durationMs: end - Date.parse(run.startedAt) });
}
