// The manager's seams as the CLI and embedders see them: host.peers() options, action verdicts, the
// wording of peer-originated failures, and a peer written from DESIGN §8 by hand (activate answered {}).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ActionRefusedError, PeerActionError, createHost, isOutboardError } from '../../src/index.js';
import { peerHome } from './peer-fixtures.js';
import { readMarks, rejectionOf } from './peer-probes.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 300, handshakeTimeoutMs: 5000 };

describe('the peer manager', { timeout: 40_000 }, () => {
  it('host.peers(options) refuses options once the peers exist instead of ignoring them', async () => {
    const env = await peerHome([{ name: 'one' }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      assert.equal(await env.host.peers(), peers, 'no options: the same manager');
      assert.throws(() => env.host.peers({ supervisor: fast }), TypeError);
    } finally {
      await env.cleanup();
    }
  });

  it('a peer answering activate with {} is ready (any successful answer is)', async () => {
    const env = await peerHome([{ name: 'plain', mode: 'activate-empty' }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      const result = await peers.invokeAction('plain.hello', { args: { n: 1 } });
      assert.deepEqual(result.notifications, [{ severity: 'info', message: 'hello {"n":1}' }]);
      assert.equal((await peers.peerStatus('plain'))?.state, 'ready');
      assert.ok(readMarks(env.marks, 'plain').some((l) => l.startsWith('activated')));
    } finally {
      await env.cleanup();
    }
  });

  it('an error answered by the peer reads "<extension>: action <id> failed: <message>"', async () => {
    const env = await peerHome([{ name: 'asker' }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      // asker.denied asks the hub for a route its manifest does not list; the peer passes the refusal on.
      const error = await rejectionOf(peers.invokeAction('asker.denied', {}));
      assert.ok(error instanceof PeerActionError, String(error));
      assert.ok(isOutboardError(error));
      assert.equal(error.code, 'PEER_ACTION_FAILED');
      assert.equal(error.extension, 'asker');
      assert.equal(error.action, 'asker.denied');
      assert.equal(error.reason, 'denied');
      assert.match(error.message, /^asker: action asker\.denied failed: GET \/api\/hub\/projects is not in the manifest's permissions\.hub/);
    } finally {
      await env.cleanup();
    }
  });

  it("after a manifest change the action is withheld, naming the change and the command that approves it again", async () => {
    const env = await peerHome([{ name: 'shifty' }]);
    try {
      const pkgFile = join(env.root, 'ext', 'shifty', 'package.json');
      const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
      pkg.outboard.extension.contributes.actions.push({ id: 'shifty.extra', title: 'Extra' });
      writeFileSync(pkgFile, JSON.stringify(pkg));
      const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home: env.home, cwd: env.root, env: env.hostEnv, globalRoots: [] });
      const peers = await host.peers({ supervisor: fast });
      try {
        const verdict = await peers.resolveAction('shifty.hello');
        assert.equal(verdict.kind, 'refused');
        assert.ok(verdict.kind === 'refused');
        assert.equal(verdict.action.extension, 'shifty');
        assert.equal(verdict.action.changed, true);
        assert.equal(verdict.action.state, 'unapproved');
        assert.match(verdict.action.reason, /^not approved: manifest/);
        assert.equal(verdict.action.fix, 'outboard extensions enable shifty');
        const listed = await peers.listActions();
        assert.deepEqual(listed.actions, []);
        assert.ok(listed.withheld.some((a) => a.id === 'shifty.extra' && a.changed));
        const error = await rejectionOf(peers.invokeAction('shifty.hello', {}));
        assert.ok(error instanceof ActionRefusedError, String(error));
        assert.equal(error.code, 'PEER_NEEDS_APPROVAL');
        assert.match(error.message, /^action shifty\.hello cannot run: extension shifty is not approved: manifest/);
        assert.equal(error.hint, 'outboard extensions enable shifty');
        assert.deepEqual(readMarks(env.marks), [], 'nothing was started');
        assert.deepEqual(await peers.resolveAction('shifty.nope'), { kind: 'unknown', known: ['shifty.big', 'shifty.call', 'shifty.denied', 'shifty.extra', 'shifty.hello', 'shifty.notify', 'shifty.slow'], suggestions: [] });
      } finally {
        await peers.dispose();
      }
    } finally {
      await env.cleanup();
    }
  });
});
