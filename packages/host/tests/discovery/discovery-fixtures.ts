import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits until every file under `root` changed longer ago than one timestamp tick (the discovery cache does
 * not trust an identity taken within that window), polling the newest ctime; bounded to 2 s.
 */
export async function pastTimestampTick(root: string, windowMs = 60): Promise<void> {
  const newest = newestCtime(root);
  const deadline = Date.now() + 2000;
  while (Date.now() <= newest + windowMs && Date.now() < deadline) await delay(10);
}

function newestCtime(dir: string, depth = 0): number {
  let newest = statSync(dir).ctimeMs;
  if (depth > 8) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestCtime(full, depth + 1) : statSync(full, { throwIfNoEntry: false })?.ctimeMs ?? 0);
  }
  return newest;
}
