// The CLI's one JSON-RPC client of the hub (protocol Connection over the WebSocket transport), against a real
// hub server on 127.0.0.1: results, progress, cancellation with $/cancelRequest, the host's errors kept whole.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost, OutboardError, type Host } from '@outboard/host';
import { HubServer, ensureHubToken, SidecarFleet } from '@outboard/hub';
import { isClientError } from '@outboard/client';
import { HubCallError, HubClient } from '../../src/hub-client/hub-client.js';
import { HubUnreachableError } from '../../src/hub-client/hub-endpoint.js';

describe('HubClient', () => {
  let root: string;
  let host: Host;
  let server: HubServer;
  let router: SidecarFleet;
  let url: string;
  let token: string;
  const cancelled: string[] = [];
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'outboard-hub-client-'));
    const home = join(root, 'home');
    host = createHost({
      identity: { id: 'outboard', version: '0.1.0' },
      home,
      cwd: root,
      env: {},
      globalRoots: [],
      plugins: [
        {
          name: 'probe',
          setup: (ctx) => {
            ctx.rpc.register('probe.add', (p) => (p.a as number) + (p.b as number));
            ctx.rpc.register('probe.steps', async (p, call) => {
              for (let i = 1; i <= (p.steps as number); i++) call.progress({ done: i });
              return 'done';
            });
            ctx.rpc.register('probe.wait', (p, call) =>
              new Promise((resolve) => {
                call.signal.addEventListener('abort', () => {
                  cancelled.push(String(p.tag));
                  resolve(null);
                });
              }),
            );
            ctx.rpc.register('probe.refuse', () => {
              throw new OutboardError('PEER_NEEDS_APPROVAL', 'action x.hello cannot run: extension x is disabled by the user', { hint: 'outboard extensions enable x' });
            });
          },
        },
      ],
    });
    await host.ready();
    token = ensureHubToken(home);
    router = new SidecarFleet({ host });
    server = new HubServer({ host, router, token });
    url = `http://127.0.0.1:${await server.listen(0)}/`;
  });
  after(async () => {
    await server.close();
    router.dispose();
    host.disposePlugins();
    rmSync(root, { recursive: true, force: true });
  });

  it('calls a method and resolves with its result', async () => {
    const client = await HubClient.connect({ url, token });
    try {
      assert.equal(await client.call('probe.add', { a: 20, b: 22 }), 42);
      assert.equal(((await client.call('host.info', {})) as { id: string }).id, 'outboard');
    } finally {
      client.close();
    }
  });

  it('hands each progress value to onProgress before the result', async () => {
    const client = await HubClient.connect({ url, token });
    try {
      const seen: unknown[] = [];
      assert.equal(await client.call('probe.steps', { steps: 3 }, { onProgress: (v) => seen.push(v) }), 'done');
      assert.deepEqual(seen, [{ done: 1 }, { done: 2 }, { done: 3 }]);
    } finally {
      client.close();
    }
  });

  it('aborting the signal cancels the call in the hub, and the connection stays usable', async () => {
    const client = await HubClient.connect({ url, token });
    try {
      const controller = new AbortController();
      const call = client.call('probe.wait', { tag: 'one' }, { signal: controller.signal });
      await new Promise((r) => setTimeout(r, 50));
      controller.abort();
      await assert.rejects(call, (error: unknown) => isClientError(error, 'CLIENT_CANCELLED'));
      for (let i = 0; i < 100 && !cancelled.includes('one'); i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(cancelled, ['one'], 'the hub saw $/cancelRequest');
      assert.equal(await client.call('probe.add', { a: 1, b: 1 }), 2);
    } finally {
      client.close();
    }
  });

  it("the host's error arrives with its code, message and fix", async () => {
    const client = await HubClient.connect({ url, token });
    try {
      await assert.rejects(client.call('probe.refuse', {}), (error: unknown) => {
        assert.ok(error instanceof HubCallError, String(error));
        assert.equal(error.code, 'PEER_NEEDS_APPROVAL');
        assert.equal(error.message, 'action x.hello cannot run: extension x is disabled by the user');
        assert.equal(error.hint, 'outboard extensions enable x');
        return true;
      });
      await assert.rejects(client.call('no.such', {}), (error: unknown) => isClientError(error, 'CLIENT_CALL_FAILED') && (error as { reason?: string }).reason === 'method_not_found');
    } finally {
      client.close();
    }
  });

  it('a wrong token is refused with the status; a closed port is unreachable', async () => {
    await assert.rejects(HubClient.connect({ url, token: 'wrong' }), (error: unknown) => error instanceof OutboardError && error.code === 'HUB_REQUEST_FAILED' && /answered 401/.test(error.message));
    await assert.rejects(HubClient.connect({ url: 'http://127.0.0.1:9/', token }), (error: unknown) => error instanceof HubUnreachableError);
  });
});
