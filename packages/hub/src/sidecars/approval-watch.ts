import { watch, lstatSync, type FSWatcher } from 'node:fs';
import { dirname } from 'node:path';
import type { Disposable } from '@outboard/host';

/** A verdict vouched for by the watch is re-checked with a fresh read at least this often anyway, in ms. */
export const WATCHED_VERDICT_MAX_AGE_MS = 1_000;

/**
 * Says whether the approvals file may have changed since a moment, without a `stat` per request: its
 * folder is watched (inotify on Linux), and every event there — any name, an attribute change, the folder
 * itself moved — starts a new generation. A verdict computed from a fresh read is good while the
 * generation it was computed in is still the current one. The kernel queues the event when the file is
 * written, before the writer exits, so a request sent after a change finds the generation moved on.
 * That ordering holds for inotify (Linux) only: elsewhere (FSEvents, ReadDirectoryChangesW deliver later),
 * and where no watch can be kept (no folder, a watch error, a file that is a symbolic link whose target the
 * watch would not see), {@link generation} is undefined and callers read afresh every time.
 */
export class ApprovalFileWatch implements Disposable {
  private watcher: FSWatcher | undefined;
  private current = 0;

  constructor(private readonly file: string, platform: NodeJS.Platform = process.platform) {
    if (platform !== 'linux') return;
    try {
      this.watcher = watch(dirname(file), { persistent: false }, () => {
        this.current++;
      });
      this.watcher.on('error', () => this.dispose());
    } catch {
      this.watcher = undefined;
    }
  }

  /**
   * The current generation, to be read BEFORE the fresh check whose verdict it will vouch for (a change
   * during the check then moves it on); undefined when changes cannot be seen, or the file is a link.
   */
  generation(): number | undefined {
    if (!this.watcher) return undefined;
    const generation = this.current;
    try {
      if (lstatSync(this.file, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
    } catch {
      return undefined;
    }
    return generation;
  }

  /** Whether a verdict computed in `generation` at `since` (ms, Date.now) still stands without a fresh read. */
  vouches(generation: number, since: number, now: number): boolean {
    return this.watcher !== undefined && generation === this.current && now - since < WATCHED_VERDICT_MAX_AGE_MS;
  }

  dispose(): void {
    const watcher = this.watcher;
    this.watcher = undefined;
    this.current++;
    watcher?.close();
  }
}
