// A real hub daemon (started by the built CLI) for a home with the fixture peer extension `demo` approved, for
// the tests of the hub clients (TypeScript and Python) and of docs/clients.md: start, stop and restart it,
// register projects; and the suite hooks that start it with a connected @outboard/client before a suite's tests.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { connect, type HubClient } from '@outboard/client';
import { actionsHome, type ActionsHome } from '../actions-home.js';
import { runCli } from './fixture-home.js';

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

/** What {@link useClientHub} sets up: read its fields inside tests (they are set by the suite's `before`). */
export interface ClientHubSuite {
  /** The home with its hub daemon running. */
  readonly h: ClientHubHome;
  /** A client connected to that hub (`connect({ home, env: {} })`). */
  readonly hub: HubClient;
}

/**
 * Registers the calling suite's hooks: before its tests, a {@link clientHubHome} with its hub started and a
 * client connected to it; after them, the client closed, the hub stopped and the home removed.
 */
export function useClientHub(): ClientHubSuite {
  let h: ClientHubHome | undefined;
  let hub: HubClient | undefined;
  before(async () => {
    h = clientHubHome();
    h.startHub();
    hub = await connect({ home: h.home, env: {} });
  });
  after(() => {
    hub?.close();
    h?.cleanup();
  });
  const set = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useClientHub: ${what} is read before the suite's before hook ran`);
    return value;
  };
  return {
    get h() {
      return set(h, 'h');
    },
    get hub() {
      return set(hub, 'hub');
    },
  };
}
