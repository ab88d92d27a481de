// The approval is re-checked on every request, also when the verdict is served from the watch of the approvals
// file: a disable or enable written by anyone is seen by the very next request, with no sweep running.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHostCore } from '@outboard/host';
import { fetchText, outboardIdentity, sidecarHome, startSidecarHub, type SidecarHub } from './hub-sidecar-home.js';

describe('sidecar approval re-check on requests', () => {
  let home: { home: string; cleanup(): void };
  let hub: SidecarHub;
  before(async () => {
    home = sidecarHome(['recorder']);
    // No sweep during the test: only the per-request check can refuse.
    hub = await startSidecarHub(home.home, { approvalSweepMs: 3_600_000, rediscoverySweepMs: 3_600_000, stopStepMs: 300 });
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
      // Several answered requests: the verdict is now held for the watch's generation.
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
