// A library caller that leaves `port` out gets the default port, and a refusal that names it (never `port undefined`).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_HUB_PORT, HubError, startHub } from '@outboard/hub';
import { tempDir } from './lib/fixture-home.js';

/** Holds the default port; resolves undefined when another program holds it already (it is taken either way). */
function holdPort(port: number): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('startHub without a port', () => {
  it('tries the default port and names it when it is taken', async () => {
    const tmp = tempDir();
    const held = await holdPort(DEFAULT_HUB_PORT);
    try {
      const home = join(tmp.path, 'home');
      await assert.rejects(
        startHub({ host: { identity: { id: 'ndx', version: '0.1.0' }, home, env: { ...process.env, NDX_HOME: home }, globalRoots: [] } }),
        (error: unknown) => {
          assert.ok(error instanceof HubError, String(error));
          assert.equal(error.code, 'HUB_PORT_TAKEN');
          assert.match(error.message, new RegExp(`^port ${DEFAULT_HUB_PORT} on 127\\.0\\.0\\.1 is already in use`));
          assert.doesNotMatch(error.message, /undefined/);
          assert.match(error.hint ?? '', /`ndx hub start --port <n>`/);
          return true;
        },
      );
    } finally {
      await new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve()));
      tmp.cleanup();
    }
  });
});
