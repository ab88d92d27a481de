// The host owns freshness: a disable or enable written by anyone (here another host object, as another process
// would) starts a new inventory generation through the host's watch of the home, seen by the very next request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHostCore } from '@outboard/host';
import { fetchText, outboardIdentity, sidecarHome, startSidecarHub, type SidecarHub } from './hub-sidecar-home.js';

describe('sidecar approval re-check on requests', () => {
  let home: { home: string; cleanup(): void };
  let hub: SidecarHub;
  before(async () => {
    home = sidecarHome(['recorder']);
    hub = await startSidecarHub(home.home, { stopStepMs: 300 });
  });
  after(async () => {
    await hub.close();
    home.cleanup();
  });

  it('refuses the request right after a disable, and serves the one right after an enable', async () => {
    // Another writer of approvals.json (as `extensions disable` in another process).
    const writer = createHostCore({ identity: outboardIdentity(), home: home.home, cwd: home.home, env: { ...process.env, OUTBOARD_HOME: home.home } });
    const ext = await writer.findExtension('recorder');
    assert.ok(ext && ext.name === 'recorder');
    for (let round = 0; round < 3; round++) {
      // Several answered requests: the verdict is now held for the inventory's generation.
      for (let i = 0; i < 5; i++) assert.equal((await fetchText(hub.url('recorder', '/pids'))).status, 200);
      await writer.approvals.setEnabled(ext as typeof ext & { name: string }, false);
      const refused = await fetchText(hub.url('recorder', '/pids'));
      assert.equal(refused.status, 404, `round ${round}: ${refused.body}`);
      assert.match(JSON.parse(refused.body).error, /extension recorder is disabled/);
      await writer.approvals.setEnabled(ext as typeof ext & { name: string }, true);
      assert.equal((await fetchText(hub.url('recorder', '/pids'))).status, 200, `round ${round}: served again once enabled`);
    }
  });
});
