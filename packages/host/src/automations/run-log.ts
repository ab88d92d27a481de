import type { AutomationStore } from './automation-store.js';
import type { AutomationRun } from './automation-types.js';

/**
 * Persists run traces without a write per state change: traces recorded within `delayMs` are written
 * together (one locked update of automations.json), in order, never concurrently. `flush()` writes what is
 * pending now and resolves when it is on disk.
 */
export class RunLog {
  readonly #store: AutomationStore;
  readonly #delayMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #pending = new Map<string, AutomationRun>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(options: { store: AutomationStore; delayMs?: number; onError: (error: unknown) => void }) {
    this.#store = options.store;
    this.#delayMs = options.delayMs ?? 50;
    this.#onError = options.onError;
  }

  /** Keeps a copy of `run` (its latest state wins) for the next write. */
  record(run: AutomationRun): void {
    this.#pending.set(run.id, structuredClone(run));
    this.#timer ??= setTimeout(() => void this.flush(), this.#delayMs);
    this.#timer.unref?.();
  }

  /** Writes every pending trace; resolves once written (a failure goes to `onError`, never rejects). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const runs = [...this.#pending.values()];
    this.#pending.clear();
    this.#writing = this.#writing.then(() => this.#store.recordRuns(runs)).catch(this.#onError);
    return this.#writing;
  }
}
