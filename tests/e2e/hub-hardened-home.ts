// The whole hub in this process (its server's checks in front of a real SidecarFleet) for a home of fixture
// sidecars, with the lifecycle numbers a test wants, plus readers of what the recorder fixture received
// (tests/e2e/fixtures/sidecar-lib/server-core.mjs appends every byte of every connection to bytes.log).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHub, SidecarFleet, type SidecarFleetOptions } from '@outboard/hub';
import { outboardIdentity } from './hub-sidecar-home.js';
import { send, type Answer } from './hub-home.js';
import { REPO_ROOT, runCli } from './lib/fixture-home.js';

/**
 * A fixture sidecar of the shared fixture server (recorder mode) written into `dir`, with its own name and
 * sidecar block, linked and approved in `home`: for tests that change its code or its manifest.
 */
export function linkCoreFixture(home: string, dir: string, name: string, sidecar: Record<string, unknown> = {}): void {
  mkdirSync(dir, { recursive: true });
  const core = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sidecar-lib', 'server-core.mjs');
  const extension = { apiVersion: 1, name, sidecar: { bin: 'server.mjs', health: '/health', ...sidecar } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `outboard-fixture-${name}`, version: '1.0.0', private: true, type: 'module', engines: { outboard: '*' }, outboard: { extension } }));
  writeFileSync(join(dir, 'server.mjs'), `import { serve } from ${JSON.stringify(core)};\nserve('recorder');\n`);
  for (const args of [['extensions', 'link', dir], ['extensions', 'enable', name, '--yes']]) {
    const r = runCli(args, { home, cwd: dir });
    assert.equal(r.code, 0, r.stderr);
  }
}

/**
 * The same fixture sidecar installed as a user-source package (`<home>/extensions/node_modules/outboard-fixture-<name>`)
 * and approved: its code is pinned by the approval, unlike a linked folder's. Returns the package folder.
 */
export function installCoreFixture(home: string, name: string, sidecar: Record<string, unknown> = {}): string {
  const dir = join(home, 'extensions', 'node_modules', `outboard-fixture-${name}`);
  mkdirSync(dir, { recursive: true });
  const core = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sidecar-lib', 'server-core.mjs');
  const extension = { apiVersion: 1, name, sidecar: { bin: 'server.mjs', health: '/health', ...sidecar } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `outboard-fixture-${name}`, version: '1.0.0', private: true, type: 'module', engines: { outboard: '*' }, outboard: { extension } }));
  writeFileSync(join(dir, 'server.mjs'), `import { serve } from ${JSON.stringify(core)};\nserve('recorder');\n`);
  const r = runCli(['extensions', 'enable', name, '--yes'], { home, cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return dir;
}

/** A running hub of `home` and its sidecar manager. */
export interface RealHub {
  port: number;
  token: string;
  manager: SidecarFleet;
  /** Sends to the hub with its token header (more headers and a body optional). */
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  stop(): Promise<void>;
}

/** Starts the real hub for `home` on a free port; `options` override the sidecars' lifecycle numbers. */
export async function startRealHub(home: string, options: Partial<SidecarFleetOptions> = {}): Promise<RealHub> {
  let manager: SidecarFleet | undefined;
  const hub = await startHub({
    host: { identity: outboardIdentity(), home, env: { ...process.env, OUTBOARD_HOME: home } },
    port: 0,
    createRouter: ({ host, watchdog }) => (manager = new SidecarFleet({ ...options, host, watchdog })),
  });
  const token = readFileSync(join(home, 'token'), 'utf8').trim();
  return {
    port: hub.port,
    token,
    manager: manager as SidecarFleet,
    get: (path, headers = {}) => send(hub.port, 'GET', path, { 'x-outboard-token': token, ...headers }),
    stop: () => hub.stop('test over'),
  };
}

/** The raw head of a WebSocket upgrade of `path` on the hub at `port`, with the token. */
export function upgradeHead(port: number, path: string, token: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outboard-Token: ${token}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
}

/** Everything the fixture `name` received on any connection so far, as latin1 text ('' before its first byte). */
export function receivedBytes(home: string, name: string): string {
  const file = join(home, 'ext', name, 'bytes.log');
  return existsSync(file) ? readFileSync(file, 'latin1') : '';
}

/** What the `/ws-hold` route of fixture `name` saw of the client's side: `end`, `close` lines. */
export function wsHoldLog(home: string, name: string): string[] {
  const file = join(home, 'ext', name, 'ws-hold.log');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}
