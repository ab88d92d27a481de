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

describe('the user owns activation (extensions.<name>.activation)', () => {
  it('"lazy" keeps an onStartup peer from starting with the others; it still starts on first use', async () => {
    const env = await peerHome([
      { name: 'eager', activation: ['onStartup', 'onAction'] },
      { name: 'tamed', activation: ['onStartup', 'onAction'] },
    ]);
    try {
      await env.host.config.set('extensions.tamed.activation', 'lazy', { scope: 'user' });
      const peers = await env.host.peers({ supervisor: fast });
      await peers.startOnStartup();
      await peers.activationSettled();
      assert.equal((await peers.supervisor('eager'))?.state, 'ready', 'onStartup without an override starts');
      assert.equal((await peers.supervisor('tamed'))?.state, 'stopped', 'lazy: not started with the hub');
      await peers.invokeAction('tamed.hello', {});
      assert.equal((await peers.supervisor('tamed'))?.state, 'ready', 'its first use starts it');
    } finally {
      await env.cleanup();
    }
  });

  it('the key is the host\'s: any other value is refused, and the extension never sees it', async () => {
    const env = await peerHome([{ name: 'tamed', activation: ['onStartup'] }]);
    try {
      await assert.rejects(env.host.config.set('extensions.tamed.activation', 'never', { scope: 'user' }), (e: Error & { code?: string }) => e.code === 'CONFIG_INVALID_VALUE' && /must be "lazy"/.test(e.message));
      await env.host.config.set('extensions.tamed.activation', 'manifest', { scope: 'user' });
      assert.equal(env.host.config.activationOverride('tamed'), 'manifest');
      const schema = { schema: { type: 'object', additionalProperties: false, properties: { depth: { type: 'number' } } } };
      await env.host.config.set('extensions.tamed.activation', 'lazy', { scope: 'user', schema });
      const check = await env.host.config.checkExtensionConfig('tamed', { schema });
      assert.deepEqual(check, { value: {}, problems: [] }, 'not checked against the schema, not handed to the extension');
      assert.equal(env.host.config.activationOverride('tamed'), 'lazy');
    } finally {
      await env.cleanup();
    }
  });
});
