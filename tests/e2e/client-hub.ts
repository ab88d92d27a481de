// A real hub daemon (started by the built CLI) for a home with the fixture peer extension `demo` approved, for
// the tests of the hub clients (TypeScript and Python): start, stop and restart it, register projects.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { actionsHome, type ActionsHome } from './actions-home.js';
import { runCli } from './lib/fixture-home.js';

/** The home, and its hub daemon's controls. */
export interface ClientHubHome extends ActionsHome {
  startHub(): void;
  stopHub(): void;
  /** A new folder under the temporary root, to register as a project. */
  folder(name: string): string;
}

/** A home with `demo` (actions demo.hello, demo.slow with progress) approved; its hub is not started yet. */
export function clientHubHome(): ClientHubHome {
  const h = actionsHome([{ name: 'demo' }]);
  return {
    ...h,
    startHub: () => {
      const r = runCli(['hub', 'start', '--port', '0'], { home: h.home, cwd: h.root, env: h.env });
      assert.equal(r.code, 0, r.stderr);
    },
    stopHub: () => {
      const r = runCli(['hub', 'stop'], { home: h.home, cwd: h.root, env: h.env });
      assert.equal(r.code, 0, r.stderr);
    },
    folder: (name) => {
      const dir = join(h.root, 'projects', name);
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    cleanup: () => {
      runCli(['hub', 'stop'], { home: h.home, cwd: h.root, env: h.env });
      h.cleanup();
    },
  };
}
