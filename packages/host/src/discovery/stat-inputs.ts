import { statSync } from 'node:fs';

/** A file or folder whose modification time a cached scan depends on; `mtimeMs` null means it was absent. */
export interface StatInput {
  path: string;
  mtimeMs: number | null;
}

/** The current mtime of `path` (following symlinks, so an edited linked package is seen), or null. */
export function statInput(path: string): StatInput {
  return { path, mtimeMs: currentMtime(path) };
}

function currentMtime(path: string): number | null {
  try {
    return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;
  } catch {
    return null;
  }
}

/** True when every input still has the recorded mtime. */
export function inputsUnchanged(inputs: readonly StatInput[]): boolean {
  for (const input of inputs) if (currentMtime(input.path) !== input.mtimeMs) return false;
  return true;
}
