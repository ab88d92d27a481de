import assert from 'node:assert/strict';
import { chmodSync, cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli } from './fixture-home.js';

/** The fixture extension packages of the dispatch tests. */
export const DISPATCH_FIXTURES = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'dispatch');

/**
 * Copies fixture package `name` into the user source of `home`, its bin files without a run bit (Outboard
 * runs them with its own Node, so they need none), and returns the installed folder.
 */
export function installFixture(home: string, name: string): string {
  const dir = join(home, 'extensions', 'node_modules', `outboard-ext-${name}`);
  cpSync(join(DISPATCH_FIXTURES, name), dir, { recursive: true });
  for (const file of readdirSync(join(dir, 'bin'))) chmodSync(join(dir, 'bin', file), 0o644);
  return dir;
}

/** Approves an extension without a prompt, failing the test when that does not work. */
export function enable(home: string, name: string): void {
  const r = runCli(['extensions', 'enable', name, '--yes'], { home });
  assert.equal(r.code, 0, r.stderr);
}
