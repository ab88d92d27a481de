// Grants hold from the moment `activate` is sent (DESIGN §8): a peer calls every host service its grants
// allow, for every contribution it declared, while its `activate` is pending — a bare NDJSON peer and an SDK
// peer (whose `activate` callback runs then), 50 starts each, privately through the host API. What it set
// during activation reaches consumers only once it is ready.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { peerHome } from './peer-fixtures.js';
import type { PeerFixture } from './peer-fixtures.js';

const RUNS = 50;
const fast = { heartbeat: false as const, stopStepMs: 1000, handshakeTimeoutMs: 20_000 };

/** A fixture peer extension that calls the host while activating (see activate-calls-*.mjs). */
export function activatingFixture(name: string, script: 'activate-calls-bare.mjs' | 'activate-calls-sdk.mjs'): PeerFixture {
  return {
    name,
    script,
    contributes: { actions: [{ id: `${name}.report`, title: 'Report' }], status: [{ id: `${name}.status`, title: 'Status' }], events: [`${name}.happened`] },
    capabilities: { required: ['ui.action.contribute'], optional: ['ui.status.contribute', 'ui.notification', 'events.publish', 'storage.private'] },
  };
}

/** What every call made while activating must have got. */
export const ALL_OK = [
  ['status/set', 'ok'],
  ['notifications/show', 'ok'],
  ['events/publish', 'ok'],
  ['storage/set', 'ok'],
  ['status/set (unawaited)', 'ok'],
];

for (const [kind, script] of [['bare', 'activate-calls-bare.mjs'], ['sdk', 'activate-calls-sdk.mjs']] as const) {
  describe(`a ${kind} peer calling the host while activate is pending`, { timeout: 300_000 }, () => {
    it(`every call its grants allow is served, ${RUNS} starts in a row, and consumers see its status only once it is ready`, async () => {
      const name = `act${kind}`;
      const env = await peerHome([activatingFixture(name, script)]);
      try {
        const peers = await env.host.peers({ supervisor: fast });
        const supervisor = await peers.supervisor(name);
        assert.ok(supervisor);
        // What consumers hear, with the status value they would read at that moment.
        let heard: string[] = [];
        peers.contributions.onChange((change) => {
          const value = peers.contributions.statusItems().find((s) => s.id === `${name}.status`)?.values['']?.text;
          heard.push(`${change.kind} ${value ?? '-'}`);
        });
        for (let run = 1; run <= RUNS; run++) {
          const result = await peers.invokeAction(`${name}.report`, {});
          const rows = result.view?.type === 'table' ? result.view.rows : undefined;
          assert.deepEqual(rows, ALL_OK, `run ${run}: ${JSON.stringify(result)}`);
          assert.equal(supervisor.state, 'ready', `run ${run}: the peer is still running (${supervisor.status().lastError ?? ''})`);
          const item = peers.contributions.statusItems().find((s) => s.id === `${name}.status`);
          assert.equal(item?.values['']?.text, 'set while activating', `run ${run}`);
          assert.ok(peers.notifications.current().some((n) => n.extension === name && n.message === 'shown while activating'), `run ${run}`);
          await supervisor.stop();
          assert.deepEqual(peers.contributions.statusItems(), [], `run ${run}: a stopped peer's status goes`);
          // Nothing was heard while activate was pending; on ready, the contributions and the status set meanwhile;
          // on stop, the item cleared (announced once more, with no value) before the contributions are removed.
          assert.deepEqual(heard, ['added set while activating', 'status set while activating', 'status -', 'removed -'], `run ${run}`);
          heard = [];
        }
        assert.equal(supervisor.status().recentCrashes, 0);
        const published = env.host.bus.query({ types: [`${name}.happened`] });
        assert.equal(published.length, RUNS, 'every run published its event while activating');
      } finally {
        await env.cleanup();
      }
    });
  });
}
