import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peerHome } from './peer-fixtures.js';
import { waitUntil } from './peer-probes.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 500, handshakeTimeoutMs: 5000 };

describe('onProject activation', () => {
  it('starts a peer when a project whose root holds a matching file is registered, and not for another project', async () => {
    const env = await peerHome([{ name: 'csproj', activation: ['onProject:*.csproj'] }]);
    const projects = mkdtempSync(join(tmpdir(), 'outboard-projects-'));
    try {
      const peers = await env.host.peers({ supervisor: fast });
      const plain = join(projects, 'plain');
      mkdirSync(plain);
      writeFileSync(join(plain, 'README.md'), '');
      await env.host.projects.register({ root: plain });
      await peers.activationSettled();
      assert.equal((await peers.supervisor('csproj'))?.state, 'stopped', 'no .csproj: not started');

      const dotnet = join(projects, 'dotnet');
      mkdirSync(dotnet);
      writeFileSync(join(dotnet, 'App.csproj'), '<Project />');
      await env.host.projects.register({ root: dotnet });
      await waitUntil('the csproj peer to be ready', async () => (await peers.supervisor('csproj'))?.state === 'ready', 10_000);
    } finally {
      await env.cleanup();
      rmSync(projects, { recursive: true, force: true });
    }
  });
});
