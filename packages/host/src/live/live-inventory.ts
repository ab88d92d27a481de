import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { runnablePaths } from '@outboard/manifest';
import type { Disposable } from '@outboard/protocol/disposable';
import type { ApprovalRecord } from '../approvals/approval-record.js';
import type { EventBus } from '../bus/event-bus.js';
import type { ExtensionRecord } from '../extension-record.js';
import { diffSummaries, summarize, type ExtensionChange, type ExtensionSummary } from './extension-changes.js';
import { HomeWatch, type WatchedFolder } from './home-watch.js';

/** What the live inventory needs from its host (a `Host` provides it). */
export interface LiveInventoryHost {
  readonly home: string;
  readonly identity: { readonly id: string };
  extensions(): Promise<{ readonly extensions: readonly ExtensionRecord[] }>;
  /** Starts a new generation (the next `extensions()` rediscovers). */
  refresh(): void;
  readonly approvals: { find(ext: ExtensionRecord): ApprovalRecord | undefined };
  sourceRoots(): { user: string; global: readonly string[]; dev: readonly string[] };
  /** The organisation policy file (it may not exist): a change to it changes every extension's verdict. */
  readonly policyFile?: string;
}

/** Options of {@link LiveInventory.watch}. */
export interface WatchHomeOptions {
  /** Poll interval while every folder is watched, in ms (a safety net). Default 5000. */
  safetyPollMs?: number;
  /** Poll interval where a folder cannot be watched, in ms. Default 500. */
  fallbackPollMs?: number;
  /** False: poll only, as on a file system without change notifications. Default true. */
  useWatch?: boolean;
  /** How long changes are gathered before the new inventory is computed and published, in ms. Default 25. */
  settleMs?: number;
}

/** The entries of the home that hold facts of the inventory (the rest are logs, caches, locks and state). */
const HOME_FACTS = ['approvals.json', 'config.json', 'projects.json', 'extensions'];

/**
 * The one owner of "what changed" in a host's inventory. Every new inventory (whoever asked for it) is
 * compared with the last one: each extension that changed is published on the bus as `extension.changed`
 * (attributes `extension`/`name`, `changed`, `state`, `reason`, `fix`) and handed to the listeners
 * ({@link onChange}: the peers and sidecars stop or restart what no longer matches). With {@link watch}, a
 * change to the home made by any process starts a new generation at once and is published within about
 * `settleMs`; registered projects are synced then too (`project.registered`/`project.removed`).
 */
export class LiveInventory {
  readonly #host: LiveInventoryHost;
  readonly #bus: EventBus;
  readonly #syncProjects: () => void;
  readonly #listeners = new Set<(changes: readonly ExtensionChange[]) => void>();
  #known: Map<string, ExtensionSummary> | undefined;
  #records: readonly ExtensionRecord[] = [];
  #applied = -1;

  constructor(options: { host: LiveInventoryHost; bus: EventBus; syncProjects: () => void }) {
    this.#host = options.host;
    this.#bus = options.bus;
    this.#syncProjects = options.syncProjects;
  }

  /** Calls `listener` with the changes of each new inventory (after the first), before they are published. */
  onChange(listener: (changes: readonly ExtensionChange[]) => void): Disposable {
    this.#listeners.add(listener);
    return { dispose: () => void this.#listeners.delete(listener) };
  }

  /** Takes the inventory computed in `generation`: an older one than the last taken is ignored. */
  update(extensions: readonly ExtensionRecord[], generation: number): void {
    if (generation < this.#applied) return;
    this.#applied = generation;
    this.#records = extensions;
    const next = new Map<string, ExtensionSummary>();
    for (const ext of extensions) next.set(ext.key, summarize(ext, ext.state === 'missing' ? undefined : this.#host.approvals.find(ext), this.#host.identity.id));
    const before = this.#known;
    this.#known = next;
    if (!before) return;
    const changes = diffSummaries(before, next);
    if (changes.length === 0) return;
    for (const listener of this.#listeners) {
      try {
        listener(changes);
      } catch {
        // One listener's failure must not keep the others (or the events) from the change.
      }
    }
    const source = this.#host.identity.id;
    for (const c of changes) {
      this.#bus.publish({
        type: 'extension.changed',
        source,
        attributes: { extension: c.name, name: c.name, changed: c.changed.join(','), state: c.state, reason: c.reason, ...(c.previousState ? { previousState: c.previousState } : {}), ...(c.fix ? { fix: c.fix } : {}) },
      });
    }
  }

  /**
   * Watches the home (see {@link HomeWatch}): a change starts a new generation at once, and the new
   * inventory is computed, compared and published `settleMs` later. Dispose to stop watching.
   */
  watch(options: WatchHomeOptions = {}): Disposable {
    const settleMs = options.settleMs ?? 25;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    const settle = async (): Promise<void> => {
      timer = undefined;
      try {
        await this.#host.extensions();
      } catch {
        // A failed discovery is tried again at the next change.
      }
      try {
        this.#syncProjects();
      } catch {
        // An unreadable projects.json is reported by the projects API; the watch goes on.
      }
      if (!disposed) watch.rearm();
    };
    const watch = new HomeWatch({
      folders: () => this.#folders(),
      onChange: () => {
        this.#host.refresh();
        timer ??= setTimeout(() => void settle(), settleMs);
      },
      ...(options.safetyPollMs !== undefined ? { safetyPollMs: options.safetyPollMs } : {}),
      ...(options.fallbackPollMs !== undefined ? { fallbackPollMs: options.fallbackPollMs } : {}),
      ...(options.useWatch !== undefined ? { useWatch: options.useWatch } : {}),
    });
    // The starting state: the inventory and projects as they are now (nothing is published for them).
    void settle();
    return {
      dispose: () => {
        disposed = true;
        clearTimeout(timer);
        watch.dispose();
      },
    };
  }

  /** The folders whose changes can change the inventory: the home's facts, every source and every long-lived runnable. */
  #folders(): WatchedFolder[] {
    const home = this.#host.home;
    const roots = this.#host.sourceRoots();
    const folders: WatchedFolder[] = [
      { dir: home, names: HOME_FACTS },
      { dir: join(home, 'extensions'), names: ['node_modules', 'package.json'] },
      { dir: roots.user },
      ...roots.global.map((dir) => ({ dir })),
    ];
    for (const p of roots.dev) folders.push({ dir: p }, { dir: dirname(p), names: [basename(p)] });
    if (this.#host.policyFile !== undefined) folders.push(policyWatch(this.#host.policyFile));
    for (const ext of this.#records) {
      if (ext.source === 'project' || ext.state === 'missing') continue;
      // A scoped package's folder (node_modules/@scope) gains and loses packages too.
      const parent = dirname(ext.dir);
      if (basename(parent).startsWith('@')) folders.push({ dir: parent });
      folders.push({ dir: ext.realDir, files: [join(ext.realDir, 'package.json')] });
      if (!ext.manifest || (!ext.manifest.peer && !ext.manifest.sidecar)) continue;
      for (const r of runnablePaths(ext.manifest, this.#host.identity.id)) {
        const file = join(ext.realDir, r.file);
        folders.push({ dir: dirname(file), files: [file] });
      }
    }
    return folders;
  }
}

/**
 * What to watch for the policy file: its folder (that entry only), or, while the folder does not exist, the
 * nearest existing ancestor's entry on the way to it (the watch is re-armed once it appears).
 */
function policyWatch(file: string): WatchedFolder {
  let dir = dirname(file);
  let name = basename(file);
  while (!existsSync(dir) && dirname(dir) !== dir) {
    name = basename(dir);
    dir = dirname(dir);
  }
  return name === basename(file) && dir === dirname(file) ? { dir, names: [name], files: [file] } : { dir, names: [name] };
}
