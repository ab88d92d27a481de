import { join } from 'node:path';
import { JsonFileStore } from '../store/json-file-store.js';
import { RUN_HISTORY_LIMIT, type Automation, type AutomationRun } from './automation-types.js';

/** The format of `<home>/automations.json` this version writes (and the newest it reads). */
export const AUTOMATIONS_FORMAT = 1;

/** The content of `<home>/automations.json`. */
export interface AutomationsFile {
  automations: Record<string, Automation>;
  /** Each automation's newest runs, oldest first, at most {@link RUN_HISTORY_LIMIT}. */
  runs: Record<string, AutomationRun[]>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The automations and their run history, one file in the home (`automations.json`, 0600: traces keep
 * arguments). Atomic and locked like every home file (JsonFileStore): concurrent writers lose nothing, a
 * newer format is refused untouched. Reads go to the disk every time: the file is the one owner.
 */
export class AutomationStore {
  readonly #file: JsonFileStore<AutomationsFile>;

  constructor(options: { home: string }) {
    this.#file = new JsonFileStore<AutomationsFile>({
      path: join(options.home, 'automations.json'),
      empty: () => ({ automations: {}, runs: {} }),
      mode: 0o600,
      format: { current: AUTOMATIONS_FORMAT },
      check: (v) => (!isObject(v) ? 'the top level must be an object' : v['automations'] !== undefined && !isObject(v['automations']) ? '"automations" must be an object' : v['runs'] !== undefined && !isObject(v['runs']) ? '"runs" must be an object' : undefined),
    });
  }

  /** Absolute path of the file. */
  get path(): string {
    return this.#file.path;
  }

  /** What is stored now (missing fields defaulted); throws `STORE_CORRUPT` / `STORE_NEWER_FORMAT`. */
  read(): AutomationsFile {
    return normalise(this.#file.read());
  }

  /** Read-modify-write under the lock. */
  async update(mutate: (file: AutomationsFile) => void): Promise<AutomationsFile> {
    const { value } = await this.#file.update((draft) => {
      const file = normalise(draft);
      mutate(file);
      return file;
    });
    return normalise(value);
  }

  /** Adds or replaces `runs` (by run id) in each automation's history, keeping the newest {@link RUN_HISTORY_LIMIT}. */
  async recordRuns(runs: readonly AutomationRun[]): Promise<void> {
    if (runs.length === 0) return;
    await this.update((file) => {
      for (const run of runs) {
        // A removed automation keeps no history.
        if (!file.automations[run.automation]) continue;
        const list = file.runs[run.automation] ?? [];
        const at = list.findIndex((r) => r.id === run.id);
        if (at === -1) list.push(run);
        else list[at] = run;
        file.runs[run.automation] = list.slice(-RUN_HISTORY_LIMIT);
      }
    });
  }
}

function normalise(value: AutomationsFile): AutomationsFile {
  return { ...value, automations: value.automations ?? {}, runs: value.runs ?? {} };
}
