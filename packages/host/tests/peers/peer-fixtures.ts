import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHost } from '../../src/index.js';
import type { Host } from '../../src/index.js';

const FIXTURE = fileURLToPath(new URL('../../../tests/fixtures/peers/fixture-peer.mjs', import.meta.url));
const PROTOCOL_URL = pathToFileURL(fileURLToPath(new URL('../../../../protocol/dist/src/index.js', import.meta.url))).href;

/** Options of {@link peerHome}. */
export interface PeerFixture {
  name: string;
  /** The fixture peer's behaviour (see fixture-peer.mjs). */
  mode?: string;
  /** The manifest's `contributes`. */
  contributes?: Record<string, unknown>;
  capabilities?: { required?: string[]; optional?: string[] };
  activation?: string[];
  /** Capabilities the user grants at approval (default: every required and optional one). */
  grant?: string[];
  /** Skip approval. */
  unapproved?: boolean;
}

/** A temporary home with fixture peer extensions installed as dev paths and approved, and a host on it. */
export async function peerHome(fixtures: PeerFixture[], env: Record<string, string> = {}): Promise<{ host: Host; home: string; marks: string; cleanup(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'outboard-peers-'));
  const home = join(root, 'home');
  const marks = join(root, 'marks.log');
  writeFileSync(marks, '');
  const paths: string[] = [];
  for (const f of fixtures) {
    const dir = join(root, 'ext', f.name);
    mkdirSync(dir, { recursive: true });
    copyFileSync(FIXTURE, join(dir, 'peer.mjs'));
    const contributes = f.contributes ?? {
      actions: [{ id: 'fx.hello', title: 'Say hello', targets: ['global', 'project'] }, { id: 'fx.slow', title: 'Slow' }, { id: 'fx.notify', title: 'Notify' }, { id: 'fx.denied', title: 'Denied' }],
      rpc: ['fx.echo'],
      status: [{ id: 'fx.status', title: 'Status' }],
      events: ['fx.happened'],
    };
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: `fixture-${f.name}`,
        version: '1.0.0',
        engines: { outboard: '*' },
        outboard: {
          extension: {
            apiVersion: 1,
            name: f.name,
            peer: { exec: ['node', './peer.mjs', f.mode ?? 'good'], activation: f.activation ?? ['onAction', 'onRpc'] },
            contributes,
            capabilities: f.capabilities ?? { required: ['ui.action.contribute'], optional: ['ui.notification', 'events.publish', 'hub.request'] },
          },
        },
      }),
    );
    paths.push(dir);
  }
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths } }));
  const hostEnv = { ...process.env, FIXTURE_PROTOCOL_URL: PROTOCOL_URL, FIXTURE_MARKS: marks, ...env } as NodeJS.ProcessEnv;
  const make = () => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: root, env: hostEnv, globalRoots: [] });
  const setup = make();
  const { extensions } = await setup.extensions();
  for (const f of fixtures) {
    if (f.unapproved) continue;
    const ext = extensions.find((e) => e.key === f.name);
    if (!ext?.name) throw new Error(`fixture ${f.name} was not discovered: ${JSON.stringify(extensions.map((e) => [e.key, e.state, e.reason]))}`);
    const caps = f.grant ?? [...(f.capabilities?.required ?? ['ui.action.contribute']), ...(f.capabilities?.optional ?? ['ui.notification', 'events.publish', 'hub.request'])];
    await setup.approvals.approve({ ...ext, name: ext.name }, { capabilities: caps });
  }
  const host = make();
  return {
    host,
    home,
    marks,
    cleanup: async () => {
      await (await host.peers()).dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
