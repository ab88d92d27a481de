// Shared by the storage tests: temp homes, refusal matchers, folder listings. Not a test file itself.
import { mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ServiceError } from '../../src/broker/index.js';

/** A fresh real temp dir removed after the test. */
export function tempHome(t: { after(fn: () => void): void }): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'storage-')));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A predicate for assert.rejects: a ServiceError with `code` whose message matches `pattern`. */
export function refusal(code: string, pattern: RegExp = /./): (error: unknown) => boolean {
  return (error) => {
    if (!(error instanceof ServiceError)) throw error;
    assert(error.code === code, `expected ${code}, got ${error.code}: ${error.message}`);
    assert(pattern.test(error.message), `message ${JSON.stringify(error.message)} does not match ${pattern}`);
    return true;
  };
}

function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Every file under `root`, as paths relative to it, sorted. */
export function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}
