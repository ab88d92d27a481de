// Shared by the run tests: fixture paths, temp dirs and bounded waits. Not a test file itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of a plain-JS fixture program under tests/fixtures/run (resolved from dist/tests/run). */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../../../tests/fixtures/run/${name}`, import.meta.url));
}

/** Absolute path of a file at the repository root (resolved from packages/host/dist/tests/run). */
export function repoFile(relative: string): string {
  return fileURLToPath(new URL(`../../../../../${relative}`, import.meta.url));
}

/** A fresh temp dir; `dispose()` removes it. */
export function makeTempDir(): { dir: string; dispose(): void } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'outboard-run-')));
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves or rejects like `promise`, but rejects after `ms` milliseconds naming `what`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** process.env without undefined values, as runForegroundCommand wants it. */
export function currentEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return env;
}
