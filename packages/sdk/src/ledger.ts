import { randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PeerScope } from './scope.js';

/** What makes an entry stale: the same key with another mark is news again. */
export type LedgerMark = string | number | boolean | null;

/** A JSON file recording what the user has already seen, as key → mark. */
export interface Ledger {
  /** The path of the file. */
  readonly path: string;
  /** What is acknowledged; a missing or mangled file means nothing. */
  read(): Promise<Record<string, LedgerMark>>;
  /** The keys of `entries` not acknowledged with the same mark. */
  unseen(entries: Readonly<Record<string, LedgerMark>>): Promise<string[]>;
  /**
   * Records `entries` as seen. Resolves true when the file was written; false when nothing moved (no write)
   * or the scope changed during the read-then-write (an acknowledgement never lands in another project).
   */
  acknowledge(entries: Readonly<Record<string, LedgerMark>>): Promise<boolean>;
}

/** Options of {@link ledger}. */
export interface LedgerOptions {
  /** The scope an acknowledgement belongs to: one that changes mid-write writes nothing. Default: none (never stale). */
  readonly scope?: PeerScope;
}

/**
 * A ledger in the JSON file at `path` (relative paths are resolved against the working directory: a peer's is
 * its state folder). In a peer, `context.ledger(path)` gives one bound to the peer's scope.
 */
export function ledger(path: string, options: LedgerOptions = {}): Ledger {
  const file = resolve(path);
  const read = async (): Promise<Record<string, LedgerMark>> => {
    try {
      const value: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
      return Object.fromEntries(Object.entries(value).filter(([, mark]) => mark === null || ['string', 'number', 'boolean'].includes(typeof mark))) as Record<string, LedgerMark>;
    } catch {
      return {};
    }
  };
  return {
    path: file,
    read,
    async unseen(entries) {
      const seen = await read();
      return Object.keys(entries).filter((key) => !Object.hasOwn(seen, key) || seen[key] !== entries[key]);
    },
    async acknowledge(entries) {
      const guard = options.scope?.guard() ?? { current: true };
      const seen = await read();
      const moved = Object.keys(entries).filter((key) => !Object.hasOwn(seen, key) || seen[key] !== entries[key]);
      if (moved.length === 0 || !guard.current) return false;
      const next = { ...seen };
      for (const key of moved) next[key] = entries[key] as LedgerMark;
      // Written whole then renamed: a reader never sees half a file. The name avoids the host's reserved `*.json.<pid>-<hex>.tmp`.
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.ledger-tmp`;
      try {
        await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`);
        if (!guard.current) return false;
        await rename(temp, file);
      } finally {
        await unlink(temp).catch(() => undefined);
      }
      return true;
    },
  };
}
