import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHost } from '../../src/index.js';
import type { Host } from '../../src/index.js';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/peers/', import.meta.url));
const FIXTURE = join(FIXTURES, 'fixture-peer.mjs');
const PYTHON_FIXTURE = fileURLToPath(new URL('../../../tests/fixtures/peers/fixture_peer.py', import.meta.url));
/** The built host entry, as a file: URL (for scripts that run a host of their own). */
export const HOST_URL = pathToFileURL(fileURLToPath(new URL('../../src/index.js', import.meta.url))).href;
const PROTOCOL_URL = pathToFileURL(fileURLToPath(new URL('../../../../protocol/dist/src/index.js', import.meta.url))).href;
/** The built SDK entry, as a file: URL (the SDK fixture peers import it through FIXTURE_SDK_URL). */
export const SDK_URL = pathToFileURL(fileURLToPath(new URL('../../../../sdk/dist/src/index.js', import.meta.url))).href;

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
  /** Project ids the grants are limited to (`grants.projects`). Default: not limited. */
  grantProjects?: string[];
  /** The fixture program: the Node one (default) or the Python one (fixture_peer.py, stdlib only). */
  runtime?: 'node' | 'python';
  /** Another Node fixture program of tests/fixtures/peers to run instead of fixture-peer.mjs (e.g. `activate-calls-bare.mjs`). */
  script?: string;
  /** The manifest's resource `limits`. Default: none. */
  limits?: Record<string, number>;
}

/**
 * The actions a fixture named `name` declares by default, sorted: `<name>.hello` and so on (ids are owned by
 * their extension); the fixture acts on what follows the first dot.
 */
export function fixtureActions(name: string): string[] {
  return ['big', 'call', 'denied', 'hello', 'notify', 'slow'].map((a) => `${name}.${a}`);
}

/** A temporary home with fixture peer extensions installed as dev paths and approved, project `p1` registered, and a host on it. */
export async function peerHome(fixtures: PeerFixture[], env: Record<string, string> = {}): Promise<{ host: Host; home: string; root: string; marks: string; hostEnv: NodeJS.ProcessEnv; cleanup(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'outboard-peers-'));
  const home = join(root, 'home');
  const marks = join(root, 'marks.log');
  writeFileSync(marks, '');
  const paths: string[] = [];
  for (const f of fixtures) {
    const dir = join(root, 'ext', f.name);
    mkdirSync(dir, { recursive: true });
    const python = f.runtime === 'python';
    copyFileSync(python ? PYTHON_FIXTURE : f.script ? join(FIXTURES, f.script) : FIXTURE, join(dir, python ? 'peer.py' : 'peer.mjs'));
    const x = f.name;
    const contributes = f.contributes ?? {
      actions: [
        { id: `${x}.hello`, title: 'Say hello', targets: ['global', 'project'] },
        { id: `${x}.slow`, title: 'Slow' },
        { id: `${x}.notify`, title: 'Notify' },
        { id: `${x}.denied`, title: 'Denied' },
        { id: `${x}.call`, title: 'Call a host method' },
        { id: `${x}.big`, title: 'Answer with a big result' },
      ],
      rpc: [`${x}.echo`],
      status: [{ id: `${x}.status`, title: 'Status' }],
      events: [`${x}.happened`],
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
            peer: { exec: python ? ['python3', './peer.py', f.mode ?? 'good'] : ['node', './peer.mjs', f.mode ?? 'good'], activation: f.activation ?? ['onAction', 'onRpc'] },
            contributes,
            capabilities: f.capabilities ?? { required: ['ui.action.contribute'], optional: ['ui.notification', 'events.publish', 'hub.request'] },
            ...(f.limits ? { limits: f.limits } : {}),
          },
        },
      }),
    );
    paths.push(dir);
  }
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths } }));
  const hostEnv = { ...process.env, FIXTURE_PROTOCOL_URL: PROTOCOL_URL, FIXTURE_SDK_URL: SDK_URL, FIXTURE_MARKS: marks, ...env } as NodeJS.ProcessEnv;
  const make = () => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: root, env: hostEnv, globalRoots: [] });
  const setup = make();
  const { extensions } = await setup.extensions();
  for (const f of fixtures) {
    if (f.unapproved) continue;
    const ext = extensions.find((e) => e.key === f.name);
    if (!ext?.name) throw new Error(`fixture ${f.name} was not discovered: ${JSON.stringify(extensions.map((e) => [e.key, e.state, e.reason]))}`);
    const caps = f.grant ?? [...(f.capabilities?.required ?? ['ui.action.contribute']), ...(f.capabilities?.optional ?? ['ui.notification', 'events.publish', 'hub.request'])];
    await setup.approvals.approve({ ...ext, name: ext.name }, { capabilities: caps, ...(f.grantProjects ? { projects: f.grantProjects } : {}) });
  }
  // A registered project: the host refuses a projectId that names none before any peer sees it.
  await setup.projects.register({ root, id: 'p1' });
  const host = make();
  return {
    host,
    home,
    root,
    marks,
    hostEnv,
    cleanup: async () => {
      await (await host.peers()).dispose();
      // Whatever a failed test left running (every fixture process marks its pid) must not outlive it.
      for (const pid of markedPids(marks)) killQuietly(pid);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Every pid a fixture process wrote to the marks file (`start <pid>`, `grandchild <pid>`). */
export function markedPids(marks: string): number[] {
  let text = '';
  try {
    text = readFileSync(marks, 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(/: (?:start|grandchild) (\d+)$/gm)].map((m) => Number(m[1]));
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
