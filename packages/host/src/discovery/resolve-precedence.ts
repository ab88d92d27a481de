import { SOURCE_PRECEDENCE } from '../package-facts/types.js';
import type { ScannedExtension, ShadowedCopy } from '../package-facts/types.js';

/** A winning copy of an extension after precedence and conflicts are applied. */
export interface ResolvedExtension extends ScannedExtension {
  /** The name users type: the slug, or the package name when the manifest gives no readable slug. */
  key: string;
  /** Copies of the same package in lower-precedence sources. */
  shadowed: ShadowedCopy[];
  /** Folders of other packages claiming the same name (non-empty means `conflict`). */
  conflictsWith: string[];
}

/** Completed in place: every scanned record is this discovery's own object. */
function resolved(copy: ScannedExtension, key: string): ResolvedExtension {
  const r = copy as ResolvedExtension;
  r.key = key;
  r.shadowed = [];
  r.conflictsWith = [];
  return r;
}

/**
 * Applies DESIGN.md §3: the same package in several sources → the highest wins and names the others;
 * different packages claiming one name → every one of them is in conflict.
 */
export function resolvePrecedence(scanned: readonly ScannedExtension[]): ResolvedExtension[] {
  // A stable bucket per source in precedence order: the same order as a sort by rank, without a sort.
  // A source outside the list ranked -1 in that sort, so it comes first here too.
  const bySource = [scanned.filter((e) => !SOURCE_PRECEDENCE.includes(e.source)), ...SOURCE_PRECEDENCE.map((source) => scanned.filter((e) => e.source === source))];
  const byKey = new Map<string, ScannedExtension[]>();
  for (const e of bySource.flat()) {
    const key = e.name ?? e.packageName;
    const list = byKey.get(key);
    if (list) list.push(e);
    else byKey.set(key, [e]);
  }
  const out: ResolvedExtension[] = [];
  // forEach, not for-of: no [key, value] pair made per extension.
  byKey.forEach((copies, key) => {
    if (copies.length === 1) {
      // The usual case, one copy of one package: no bookkeeping of winners.
      out.push(resolved(copies[0] as ScannedExtension, key));
      return;
    }
    const winners = new Map<string, ResolvedExtension>();
    for (const copy of copies) {
      const winner = winners.get(copy.packageName);
      if (winner) {
        // The same real folder reached twice (a global root that is also linked elsewhere) is one copy.
        if (winner.realDir !== copy.realDir || winner.source !== copy.source) winner.shadowed.push({ source: copy.source, path: copy.dir, version: copy.version });
        continue;
      }
      winners.set(copy.packageName, resolved(copy, key));
    }
    const list = [...winners.values()];
    if (list.length > 1) for (const w of list) w.conflictsWith = list.filter((o) => o !== w).map((o) => o.dir);
    out.push(...list);
  });
  // Code-unit order: slugs and package names are ASCII, and localeCompare was a tenth of a cold discovery.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return out.sort((a, b) => (a.key === b.key ? order(a.packageName, b.packageName) : order(a.key, b.key)));
}
