import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HandshakeError, ResponseError, negotiateProtocolVersion, performHostHandshake, servePeerHandshake, type HostHandshakeOptions, type PeerSession } from '../../src/index.js';
import { connectedPair, rawPeer } from '../connection/connection-pair.js';

const hostOptions: HostHandshakeOptions = {
  host: { name: 'outboard-test', version: '0.1.0' },
  instanceId: 'i-1',
  extension: { name: 'git', version: '1.2.0', publisher: 'acme' },
  features: ['status'],
};

describe('negotiateProtocolVersion', () => {
  it('picks the highest version both ranges contain', () => {
    assert.equal(negotiateProtocolVersion({ min: 1, max: 1 }, { min: 1, max: 3 }), 1);
    assert.equal(negotiateProtocolVersion({ min: 1, max: 4 }, { min: 2, max: 3 }), 3);
    assert.equal(negotiateProtocolVersion({ min: 2, max: 5 }, { min: 1, max: 2 }), 2);
  });

  it('names both ranges when they do not overlap', () => {
    assert.throws(
      () => negotiateProtocolVersion({ min: 1, max: 1 }, { min: 2, max: 3 }),
      (e: unknown) => e instanceof HandshakeError && e.code === 'protocol_mismatch' && /the host supports 1, the peer supports 2\.\.3/.test(e.message),
    );
  });
});

describe('host and peer handshake', () => {
  it('initialize → activate → ready, with the peer seeing grants and context', async () => {
    const { host, peer } = connectedPair();
    let seen: PeerSession | undefined;
    const handshake = servePeerHandshake(peer, {
      name: 'git',
      version: '1.2.0',
      contributes: { actions: [{ id: 'git.log' }], rpc: ['git.getLog'] },
      capabilities: { required: ['projects.read'], optional: ['ui.notification'] },
      onActivate: (session) => void (seen = session),
    });
    host.listen();
    peer.listen();
    const result = await performHostHandshake(host, {
      ...hostOptions,
      context: { project: '/p' },
      authorize: (info) => {
        assert.equal(info.name, 'git');
        return info.capabilities.required ?? [];
      },
    });
    assert.equal(result.protocol, 1);
    assert.deepEqual(result.grants, ['projects.read']);
    assert.deepEqual(result.peer.contributes, { actions: [{ id: 'git.log' }], rpc: ['git.getLog'] });
    const session = await handshake.ready;
    assert.equal(handshake.state, 'ready');
    assert.deepEqual(session.grants, ['projects.read']);
    assert.deepEqual(seen?.context, { project: '/p' });
    assert.equal(session.initialize.instanceId, 'i-1');
    assert.equal(await host.request('shutdown'), null);
  });

  it('fails with protocol_mismatch naming both ranges when they do not overlap', async () => {
    const { host, peer } = connectedPair();
    servePeerHandshake(peer, { name: 'git', version: '1.0.0', protocol: { min: 2, max: 3 } });
    host.listen();
    peer.listen();
    await assert.rejects(
      performHostHandshake(host, hostOptions),
      (e: unknown) => e instanceof HandshakeError && e.code === 'protocol_mismatch' && /host supports 1, test-peer supports 2\.\.3/.test(e.message) && e.cause instanceof ResponseError,
    );
  });

  it('fails with handshake_timeout when the peer never answers', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { connection, nextMessage } = rawPeer();
    connection.listen();
    const attempt = performHostHandshake(connection, { ...hostOptions, timeoutMs: 3000 });
    await nextMessage();
    t.mock.timers.tick(3000);
    await assert.rejects(attempt, (e: unknown) => e instanceof HandshakeError && e.code === 'handshake_timeout' && /within 3000 ms/.test(e.message));
  });

  it('fails with invalid_peer_info naming the bad field', async () => {
    const { connection, send, nextMessage } = rawPeer();
    connection.listen();
    const attempt = performHostHandshake(connection, hostOptions);
    const request = (await nextMessage()) as { id: number };
    send(`{"jsonrpc":"2.0","id":${request.id},"result":{"protocol":1,"name":"git","version":7}}\n`);
    await assert.rejects(attempt, (e: unknown) => e instanceof HandshakeError && e.code === 'invalid_peer_info' && /version = 7, expected a non-empty string/.test(e.message));
  });

  it('fails with rejected_by_host when authorize throws, and never activates', async () => {
    const { host, peer } = connectedPair();
    const handshake = servePeerHandshake(peer, { name: 'gut', version: '1.0.0' });
    host.listen();
    peer.listen();
    await assert.rejects(
      performHostHandshake(host, { ...hostOptions, authorize: (info) => { throw new Error(`peer says it is "${info.name}", the manifest says "git"`); } }),
      (e: unknown) => e instanceof HandshakeError && e.code === 'rejected_by_host' && /the manifest says "git"/.test(e.message),
    );
    assert.equal(handshake.state, 'initialized');
  });

  it('fails with activation_failed carrying the peer error', async () => {
    const { host, peer } = connectedPair();
    servePeerHandshake(peer, {
      name: 'git',
      version: '1.0.0',
      onActivate: () => {
        throw new ResponseError('unavailable', 'git is not installed; install git and retry');
      },
    });
    host.listen();
    peer.listen();
    await assert.rejects(
      performHostHandshake(host, hostOptions),
      (e: unknown) => e instanceof HandshakeError && e.code === 'activation_failed' && (e.cause as ResponseError).reason === 'unavailable' && /git is not installed/.test(e.message),
    );
  });

  it('answers out-of-order calls with invalid_request', async () => {
    const { host, peer } = connectedPair();
    servePeerHandshake(peer, { name: 'git', version: '1.0.0' });
    host.listen();
    peer.listen();
    await assert.rejects(host.request('activate', { grants: [], context: {} }), (e: unknown) => e instanceof ResponseError && e.reason === 'invalid_request' && /before initialize/.test(e.message));
    await performHostHandshake(host, hostOptions);
    await assert.rejects(host.request('initialize', { protocol: { min: 1, max: 1 } }), (e: unknown) => e instanceof ResponseError && e.reason === 'invalid_request');
  });

  it('rejects `ready` with connection_lost when the host goes away first', async () => {
    const { host, peer } = connectedPair();
    const handshake = servePeerHandshake(peer, { name: 'git', version: '1.0.0' });
    host.listen();
    peer.listen();
    await host.close();
    await assert.rejects(handshake.ready, (e: unknown) => e instanceof HandshakeError && e.code === 'connection_lost');
    handshake.dispose();
    handshake.dispose();
  });
});
