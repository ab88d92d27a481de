// Grants hold from the moment `activate` is sent (DESIGN §8), end to end: a bare NDJSON peer and an SDK peer
// that call the host services their grants allow while `activate` is pending (the host package's
// activate-calls-*.mjs fixtures), run privately by `outboard actions run` and through a real hub
// (`actions.invoke` over /api/ws, 50 fresh activations each, and `outboard actions run` routed to it).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir } from './lib/fixture-home.js';
import { HOST_FIXTURE_PEERS, userPackageDir, writePeerPackage } from './lib/peer-package.js';
import { cliAsync, startBusHub, WsClient, type TestBusHub } from './events-hub.js';

const HUB_RUNS = 50;
const CLI_RUNS = 3;
const KINDS = [
  ['actbare', 'activate-calls-bare.mjs'],
  ['actsdk', 'activate-calls-sdk.mjs'],
] as const;

/** What every call made while activating must have got. */
const ALL_OK = [
  ['status/set', 'ok'],
  ['notifications/show', 'ok'],
  ['events/publish', 'ok'],
  ['storage/set', 'ok'],
  ['status/set (unawaited)', 'ok'],
];

/** Installs both fixtures in the user source (the SDK one with @outboard/sdk in its node_modules) and approves them. */
function activatingHome(): { home: string; root: string; cleanup(): void } {
  const tmp = tempDir('outboard-activate-');
  const home = join(tmp.path, 'home');
  for (const [name, script] of KINDS) {
    const dir = writePeerPackage(
      userPackageDir(home, name),
      {
        name,
        activation: ['onAction'],
        contributes: { actions: [{ id: `${name}.report`, title: 'Report' }], status: [{ id: `${name}.status`, title: 'Status' }], events: [`${name}.happened`] },
        capabilities: { required: ['ui.action.contribute'], optional: ['ui.status.contribute', 'ui.notification', 'events.publish', 'storage.private'] },
      },
      { peerFrom: join(HOST_FIXTURE_PEERS, script) },
    );
    mkdirSync(join(dir, 'node_modules', '@outboard'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'packages', 'sdk'), join(dir, 'node_modules', '@outboard', 'sdk'), 'dir');
    const approved = runCli(['extensions', 'enable', name, '--yes', '--grant-all'], { home });
    assert.equal(approved.code, 0, approved.stderr);
  }
  return { home, root: tmp.path, cleanup: () => tmp.cleanup() };
}

describe('a peer calling the host while activate is pending, end to end', { timeout: 300_000 }, () => {
  let h: ReturnType<typeof activatingHome>;
  before(() => {
    h = activatingHome();
  });
  after(() => h.cleanup());

  it('privately: every `outboard actions run` starts the peer afresh, and every call it made while activating was served', () => {
    for (const [name] of KINDS) {
      for (let run = 1; run <= CLI_RUNS; run++) {
        const result = runCli(['actions', 'run', `${name}.report`, '--json'], { home: h.home, cwd: h.root });
        assert.equal(result.code, 0, `${name} run ${run}: ${result.stderr}`);
        assert.deepEqual(JSON.parse(result.stdout).view?.rows, ALL_OK, `${name} run ${run}: ${result.stdout}`);
      }
    }
  });

  it(`through a real hub: ${HUB_RUNS} fresh activations each over /api/ws, then \`outboard actions run\` routed to the hub`, async () => {
    const hub: TestBusHub = await startBusHub({ home: h.home, advertise: true });
    const ws = await WsClient.connect(hub.port, hub.token);
    try {
      const peers = await hub.host.peers();
      for (const [name] of KINDS) {
        const supervisor = await peers.supervisor(name);
        assert.ok(supervisor);
        for (let run = 1; run <= HUB_RUNS; run++) {
          const answer = await ws.call('actions.invoke', { id: `${name}.report` });
          assert.deepEqual(answer.result?.view?.rows, ALL_OK, `${name} run ${run}: ${JSON.stringify(answer)}`);
          assert.equal(supervisor.state, 'ready', `${name} run ${run}: ${supervisor.status().lastError ?? ''}`);
          // What it set while activating shows once it is ready, on the hub's own status list.
          const status = await ws.call('status.list');
          const item = (status.result as Array<{ id: string; values: Record<string, { text: string }> }>).find((s) => s.id === `${name}.status`);
          assert.equal(item?.values['']?.text, 'set while activating', `${name} run ${run}: ${JSON.stringify(status)}`);
          await supervisor.stop();
        }
        assert.equal(supervisor.status().recentCrashes, 0);
        // The CLI finds the hub (hub.json) and the action runs in the hub's peer, started by this request.
        const viaHub = await cliAsync(['actions', 'run', `${name}.report`, '--json'], hub.home, hub.root);
        assert.equal(viaHub.code, 0, viaHub.stderr);
        assert.deepEqual(JSON.parse(viaHub.stdout).view?.rows, ALL_OK, viaHub.stdout);
        assert.equal(supervisor.state, 'ready', 'the hub\'s peer served the CLI');
      }
    } finally {
      ws.close();
      await hub.close();
    }
  });
});
