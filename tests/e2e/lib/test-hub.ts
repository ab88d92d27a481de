// The hub of one `describe` block of the hub tests: the home of hubHome() and a hub server for it in this
// process (startTestHub), made before its tests and closed and removed after them.
import { after, before } from 'node:test';
import { hubHome, startTestHub, type RecordingRouter } from '../hub-home.js';

/** What {@link useTestHub} gives; every field is read inside a test (it exists once `before` has run). */
export interface TestHub {
  /** The temporary folder holding the home and the project. */
  readonly root: string;
  readonly home: string;
  /** The root of the registered project p1. */
  readonly project: string;
  readonly port: number;
  readonly token: string;
  /** The recording fake that stands in for the sidecars. */
  readonly router: RecordingRouter;
  /** The token header of an authenticated request. */
  auth(): Record<string, string>;
}

/**
 * Registers `before` and `after` hooks in the calling `describe`: a home with `web`, `off` and `plain` and
 * project p1 (see hubHome), served by a hub on an ephemeral port; closed and removed afterwards.
 */
export function useTestHub(): TestHub {
  let made: { h: ReturnType<typeof hubHome>; hub: Awaited<ReturnType<typeof startTestHub>> } | undefined;
  before(async () => {
    const h = hubHome();
    made = { h, hub: await startTestHub(h.home) };
  });
  after(async () => {
    await made?.hub.close();
    made?.h.cleanup();
  });
  const current = () => {
    if (!made) throw new Error('useTestHub: read inside a test, once its before hook has run');
    return made;
  };
  return {
    get root() {
      return current().h.root;
    },
    get home() {
      return current().h.home;
    },
    get project() {
      return current().h.project;
    },
    get port() {
      return current().hub.port;
    },
    get token() {
      return current().hub.token;
    },
    get router() {
      return current().hub.router;
    },
    auth: () => ({ 'x-outboard-token': current().hub.token }),
  };
}
