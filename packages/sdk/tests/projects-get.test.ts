// `api.projects.get(id)` resolves with the project itself (the wire answers `{ project }`), and docs/sdk.md says
// so, with the refusals: a new user's `const { project } = await api.projects.get(id)` was undefined.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Connection, ResponseError, createLinkedTransports } from '@outboard/protocol';
import type { ExtensionManifest } from '@outboard/manifest';
import { runPeer } from '../src/peer/run-peer.js';
import type { PeerApi } from '../src/peer/peer-api.js';

const MANIFEST: ExtensionManifest = { apiVersion: 1, name: 'pj', peer: { bin: 'peer.js' }, capabilities: { required: ['projects.read'] } };
const WEB = { id: 'web', name: 'Web', root: '/home/me/web', registeredAt: '2026-01-01T00:00:00.000Z' };

/** A peer whose host answers projects.get as the broker does. */
async function peerApi(): Promise<{ api: PeerApi; host: Connection }> {
  const [hostSide, peerSide] = createLinkedTransports();
  const host = new Connection({ transport: hostSide, name: 'peer' });
  host.onRequest('projects.get', (params) => {
    const { projectId } = params as { projectId: string };
    if (projectId !== WEB.id) throw new ResponseError('not_found', `No project "${projectId}" is registered.`);
    return { project: WEB };
  });
  host.listen();
  let api!: PeerApi;
  const peer = runPeer({ activate: (a) => void (api = a) }, { connection: new Connection({ transport: peerSide, name: 'host' }), ownPackage: { dir: '/pkg', version: '1.0.0', manifest: MANIFEST }, onStopped: () => undefined, env: {} });
  await host.request('initialize', { protocol: { min: 1, max: 1 }, host: { name: 'outboard', version: '0' }, instanceId: 'i', features: {}, extension: { name: 'pj', version: '1.0.0' } });
  await host.request('activate', { grants: ['projects.read'], context: {} });
  await peer.ready;
  return { api, host };
}

describe('api.projects.get', () => {
  it('resolves with the project itself, and rejects an unknown id with data.code not_found', async () => {
    const { api, host } = await peerApi();
    assert.deepEqual(await api.projects.get('web'), WEB);
    await assert.rejects(api.projects.get('nope'), (e: unknown) => e instanceof ResponseError && e.reason === 'not_found');
    host.dispose();
  });

  it('docs/sdk.md says what it returns and how it fails', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../../docs/sdk.md', import.meta.url)), 'utf8').replace(/\s+/g, ' ');
    assert.match(doc, /`api\.projects\.get\(id\)` with \*\*the project itself\*\*, `\{ id, name, root, registeredAt \}`/);
    assert.match(doc, /const project = await api\.projects\.get\(id\)/);
    for (const code of ['not_found', 'invalid_scope', 'denied']) assert.ok(doc.includes(`\`${code}\``), code);
  });
});
