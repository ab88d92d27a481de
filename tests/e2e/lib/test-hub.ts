// The hub of one `describe` block of the hub tests: the home of hubHome() and a hub server for it in this
// process (startTestHub), made before its tests and closed and removed after them.
import { after, before } from 'node:test';
import { hubHome, startTestHub, type RecordingRouter } from '../hub-home.js';

/** What {@link useTestHub} gives; its fields are set by its `before` hook, so read them inside tests. */
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
  const fixture = {} as { -readonly [K in keyof TestHub]: TestHub[K] };
  fixture.auth = () => ({ 'x-outboard-token': fixture.token });
  let stop: (() => Promise<void>) | undefined;
  before(async () => {
    const h = hubHome();
    stop = async () => h.cleanup();
    const hub = await startTestHub(h.home);
    stop = async () => {
      await hub.close();
      h.cleanup();
    };
    Object.assign(fixture, { root: h.root, home: h.home, project: h.project, port: hub.port, token: hub.token, router: hub.router });
  });
  after(async () => stop?.());
  return fixture;
}
