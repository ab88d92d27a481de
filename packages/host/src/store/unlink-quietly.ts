import { unlinkSync } from 'node:fs';

/**
 * Removes a file, ignoring every failure (already gone, removed by a concurrent sweeper, a folder of that
 * name): for clean-up that must never fail the operation it follows. Returns true when this call removed it.
 */
export function unlinkQuietly(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}
