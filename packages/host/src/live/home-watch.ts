import { watch, type FSWatcher } from 'node:fs';
import type { Disposable } from '@outboard/protocol/disposable';
import { currentIdentity } from '../package-facts/stat-inputs.js';

/** One folder to watch: every change in it counts, or only changes to the entries named in `names`. */
export interface WatchedFolder {
  /** Absolute path of the folder (it may be absent: its stat identity is then polled). */
  dir: string;
  /** When set, only these entry names count (a home folder also holds logs, caches and locks). */
  names?: readonly string[];
  /** Files in it whose stat identity the poll compares too (an edited bin moves no folder). */
  files?: readonly string[];
}

/** Options of {@link HomeWatch}. */
export interface HomeWatchOptions {
  /** The folders to watch now; asked again after every {@link HomeWatch.rearm}. Required. */
  folders: () => readonly WatchedFolder[];
  /** Called synchronously on every change seen (a watch event or a poll that found a difference). Required. */
  onChange: (why: string) => void;
  /** Poll interval while every folder is watched (a safety net), in ms. Default 5000. */
  safetyPollMs?: number;
  /** Poll interval while some folder cannot be watched (absent, a watch error, no watch here), in ms. Default 500. */
  fallbackPollMs?: number;
  /** Whether to use fs.watch at all (false: polling only, as on a file system without notifications). Default true. */
  useWatch?: boolean;
}

/**
 * Sees changes to the folders of a home (approvals, config, links, installed packages, projects) made by any
 * process: an fs.watch per folder, and a poll of the folders' and named entries' stat identities as the
 * fallback where a watch cannot be kept (at `fallbackPollMs`) and as a safety net otherwise (at
 * `safetyPollMs`). Costs nothing per request: callers learn of changes through `onChange` only.
 */
export class HomeWatch implements Disposable {
  readonly #options: Required<HomeWatchOptions>;
  readonly #watchers = new Map<string, FSWatcher>();
  #folders: readonly WatchedFolder[] = [];
  #stamp = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;

  constructor(options: HomeWatchOptions) {
    if (typeof options?.folders !== 'function') throw new TypeError('HomeWatch folders must be a function returning the folders to watch');
    if (typeof options.onChange !== 'function') throw new TypeError('HomeWatch onChange must be a function');
    for (const key of ['safetyPollMs', 'fallbackPollMs'] as const) {
      const v = options[key];
      if (v !== undefined && !(Number.isFinite(v) && v >= 10)) throw new TypeError(`HomeWatch ${key} must be a number of ms >= 10, got ${String(v)}`);
    }
    this.#options = { safetyPollMs: 5000, fallbackPollMs: 500, useWatch: true, ...options };
    this.rearm();
  }

  /** Whether every folder is watched by the system (else polling at the fallback interval covers them). */
  get watching(): boolean {
    return this.#folders.length > 0 && this.#folders.every((f) => this.#watchers.has(f.dir));
  }

  /** Asks for the folders again (after the inventory changed) and watches those not yet watched. */
  rearm(): void {
    if (this.#disposed) return;
    this.#folders = dedupe(this.#options.folders());
    const wanted = new Set(this.#folders.map((f) => f.dir));
    for (const [dir, watcher] of this.#watchers) {
      if (!wanted.has(dir)) {
        watcher.close();
        this.#watchers.delete(dir);
      }
    }
    if (this.#options.useWatch) for (const folder of this.#folders) if (!this.#watchers.has(folder.dir)) this.#watch(folder);
    this.#stamp = this.#currentStamp();
    this.#schedule();
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    clearTimeout(this.#timer);
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  #watch(folder: WatchedFolder): void {
    try {
      const names = folder.names ? new Set(folder.names) : undefined;
      const watcher = watch(folder.dir, { persistent: false }, (_event, name) => {
        // A null name (some platforms) may be anything: it counts.
        if (names && typeof name === 'string' && !names.has(name)) return;
        this.#changed(`${folder.dir}${typeof name === 'string' ? `/${name}` : ''} changed`);
      });
      watcher.on('error', () => {
        // The folder went away (or the watch broke): polling covers it until the next rearm.
        watcher.close();
        if (this.#watchers.get(folder.dir) === watcher) this.#watchers.delete(folder.dir);
        this.#changed(`${folder.dir} is no longer watched`);
      });
      this.#watchers.set(folder.dir, watcher);
    } catch {
      // Absent or unwatchable: the poll at the fallback interval covers it.
    }
  }

  #changed(why: string): void {
    if (this.#disposed) return;
    this.#options.onChange(why);
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    if (this.#disposed) return;
    const ms = this.watching ? this.#options.safetyPollMs : this.#options.fallbackPollMs;
    this.#timer = setTimeout(() => this.#poll(), ms);
    this.#timer.unref();
  }

  #poll(): void {
    if (this.#disposed) return;
    const stamp = this.#currentStamp();
    if (stamp !== this.#stamp) {
      this.#stamp = stamp;
      this.#changed('a watched folder changed (seen by polling)');
    }
    // A folder that appeared since (a first `extensions add`) gets its watch now.
    if (this.#options.useWatch && !this.watching) for (const folder of this.#folders) if (!this.#watchers.has(folder.dir)) this.#watch(folder);
    this.#schedule();
  }

  /** The stat identities of every folder and named entry, in one string. */
  #currentStamp(): string {
    const parts: string[] = [];
    for (const folder of this.#folders) {
      parts.push(currentIdentity(folder.dir) ?? '-');
      for (const name of folder.names ?? []) parts.push(currentIdentity(`${folder.dir}/${name}`) ?? '-');
      for (const file of folder.files ?? []) parts.push(currentIdentity(file) ?? '-');
    }
    return parts.join('|');
  }
}

/** One entry per folder: two wanting names of it merge, one wanting every change wins. */
function dedupe(folders: readonly WatchedFolder[]): WatchedFolder[] {
  const byDir = new Map<string, WatchedFolder>();
  for (const f of folders) {
    const seen = byDir.get(f.dir);
    const files = [...new Set([...(seen?.files ?? []), ...(f.files ?? [])])];
    const names = !seen ? f.names : seen.names && f.names ? [...new Set([...seen.names, ...f.names])] : undefined;
    byDir.set(f.dir, { dir: f.dir, ...(names ? { names: [...names] } : {}), ...(files.length ? { files } : {}) });
  }
  return [...byDir.values()];
}
