import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createHost } from '@outboard/host';
import type { Host } from '@outboard/host';

const PEER_FIXTURES = fileURLToPath(new URL('../../../packages/host/tests/fixtures/peers/', import.meta.url));
const LEAN_PEER = fileURLToPath(new URL('./lean-peer.js', import.meta.url));
const PROTOCOL_URL = pathToFileURL(fileURLToPath(new URL('../../../packages/protocol/dist/src/index.js', import.meta.url))).href;

/** One peer extension of a benchmark home: the host's fixture peer (Node or Python) in a given mode. */
export interface BenchPeer {
  /** Its name, which its contribution ids start with (`<name>.hello`, `<name>.echo`, `<name>.happened`). */
  name: string;
  /**
   * `node`: the test fixture (modules loaded one by one); `node-bundle`: lean-peer.ts bundled into one file,
   * which also declares and answers the search provider `<name>.search`.
   */
  runtime: 'node' | 'node-bundle' | 'python';
  mode?: string;
}

/**
 * A temporary home with the fixture peers installed as dev paths and approved (every capability they
 * request granted), and a host on it. The peers are the test fixtures of packages/host.
 */
export async function peerBenchHome(peers: BenchPeer[]): Promise<{ host: Host; root: string; dispose(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'outboard-bench-peers-'));
  const home = join(root, 'home');
  mkdirSync(home, { recursive: true });
  const paths: string[] = [];
  for (const p of peers) {
    const dir = join(root, 'ext', p.name);
    mkdirSync(dir, { recursive: true });
    const python = p.runtime === 'python';
    if (p.runtime === 'node-bundle') {
      await build({ entryPoints: [LEAN_PEER], outfile: join(dir, 'peer.mjs'), bundle: true, format: 'esm', platform: 'node', target: 'node20', minify: true, logLevel: 'warning' });
    } else copyFileSync(join(PEER_FIXTURES, python ? 'fixture_peer.py' : 'fixture-peer.mjs'), join(dir, python ? 'peer.py' : 'peer.mjs'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: `bench-${p.name}`,
        version: '1.0.0',
        engines: { outboard: '*' },
        outboard: {
          extension: {
            apiVersion: 1,
            name: p.name,
            peer: { exec: python ? ['python3', './peer.py', p.mode ?? 'good'] : ['node', './peer.mjs', p.runtime === 'node-bundle' ? p.name : (p.mode ?? 'good')], activation: ['onAction', 'onRpc', 'onProvider'] },
            contributes: {
              actions: [{ id: `${p.name}.hello`, title: 'Hello' }],
              rpc: [`${p.name}.echo`],
              events: [`${p.name}.happened`],
              ...(p.runtime === 'node-bundle' ? { providers: [{ id: `${p.name}.search`, kind: 'search', title: `Search ${p.name}` }] } : {}),
            },
            capabilities: { required: ['ui.action.contribute'], optional: ['ui.notification', 'events.publish'] },
          },
        },
      }),
    );
    paths.push(dir);
  }
  writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths } }));
  const env = { ...process.env, FIXTURE_PROTOCOL_URL: PROTOCOL_URL } as NodeJS.ProcessEnv;
  delete env['FIXTURE_MARKS'];
  const make = (): Host => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: root, env, globalRoots: [] });
  const setup = make();
  const { extensions } = await setup.extensions();
  for (const p of peers) {
    const ext = extensions.find((e) => e.name === p.name);
    if (!ext?.name) throw new Error(`bench peer ${p.name} was not discovered`);
    await setup.approvals.approve({ ...ext, name: ext.name }, { capabilities: ['ui.action.contribute', 'ui.notification', 'events.publish'] });
  }
  const host = make();
  return {
    host,
    root,
    dispose: async () => {
      await (await host.peers()).dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
