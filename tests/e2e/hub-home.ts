// A home for the hub tests: extensions with and without sidecars, approved or not, through the built CLI; a
// hub server in this process with a recording fake sidecar router; raw HTTP helpers on 127.0.0.1.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { createHost } from '@outboard/host';
import { HubServer, SidecarError, ensureHubToken } from '@outboard/hub';
import type { SidecarMount, SidecarRouter } from '@outboard/hub';
import { REPO_ROOT, runCli, tempDir, writeExtension } from './lib/fixture-home.js';

/** A temporary home: `web` (enabled, sidecar, hub card, project link), `off` (unapproved, card), `plain` (enabled, no sidecar), project p1. */
export function hubHome(): { root: string; home: string; project: string; cleanup(): void } {
  const tmp = tempDir('outboard-hub-');
  const home = join(tmp.path, 'home');
  const modules = join(home, 'extensions', 'node_modules');
  const sidecar = { bin: 'bin/server.js' };
  writeExtension(join(modules, 'outboard-ext-web'), { name: 'web', block: { sidecar, hub: { label: 'Web <b>app</b>', description: 'A "web" app' }, projectLinks: [{ label: 'Open', path: '/p/{projectId}?root={repoRoot}' }] } }, { 'bin/server.js': '' });
  writeExtension(join(modules, 'outboard-ext-off'), { name: 'off', block: { sidecar, hub: { label: 'Off <script>x</script>' } } }, { 'bin/server.js': '' });
  writeExtension(join(modules, 'outboard-ext-plain'), { name: 'plain' });
  for (const name of ['web', 'plain']) {
    const r = runCli(['extensions', 'enable', name, '--yes'], { home, cwd: tmp.path });
    assert.equal(r.code, 0, r.stderr);
  }
  const project = join(tmp.path, 'proj');
  mkdirSync(project);
  const added = runCli(['projects', 'add', project, '--id', 'p1'], { home, cwd: tmp.path });
  assert.equal(added.code, 0, added.stderr);
  return { root: tmp.path, home, project, cleanup: () => tmp.cleanup() };
}

/** Every call that reached the router. */
export interface RecordedCall {
  kind: 'request' | 'upgrade' | 'stop' | 'restart';
  name: string;
  mount?: SidecarMount;
  headers?: Record<string, unknown>;
}

/** A fake sidecar router: answers `sidecar <name> <path>`, and records everything that reaches it. */
export class RecordingRouter implements SidecarRouter {
  readonly calls: RecordedCall[] = [];
  running = new Set<string>();
  /** Names whose restart is refused as a backing-off sidecar would refuse it (503, Retry-After). */
  refuseRestart = new Set<string>();
  handleRequest(req: IncomingMessage, res: ServerResponse, mount: SidecarMount): void {
    this.calls.push({ kind: 'request', name: mount.name, mount, headers: { ...req.headers } });
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`sidecar ${mount.name} ${mount.path} ${mount.basePath}`);
  }
  handleUpgrade(req: IncomingMessage, socket: Duplex, _head: Buffer, mount: SidecarMount): void {
    this.calls.push({ kind: 'upgrade', name: mount.name, mount, headers: { ...req.headers } });
    socket.end('HTTP/1.1 418 Teapot\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  }
  /** Names whose verdict refuses them (as a disabled extension's would). */
  refuse = new Set<string>();
  async verdict(name: string): Promise<{ status: number; error: string } | undefined> {
    return this.refuse.has(name) ? { status: 404, error: `extension ${name} is disabled` } : undefined;
  }
  list(): Array<{ name: string; state: string; recentCrashes: number; lastError: string | null }> {
    return [...this.running].map((name) => ({ name, state: 'running', recentCrashes: 1, lastError: 'boom' }));
  }
  async stop(name: string): Promise<boolean> {
    this.calls.push({ kind: 'stop', name });
    return this.running.delete(name);
  }
  async restart(name: string): Promise<boolean> {
    this.calls.push({ kind: 'restart', name });
    if (this.refuseRestart.has(name)) throw new SidecarError('SIDECAR_UNAVAILABLE', `the sidecar of ${name} crashed 3 times in 5 minutes`, { retryAfterSeconds: 30 });
    return this.running.has(name);
  }
  async stopAll(): Promise<void> {
    this.running.clear();
  }
}

const CLI_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'cli', 'package.json'), 'utf8')) as { version: string }).version;

/** A hub server for `home` in this process on an ephemeral port, with a recording router. */
export async function startTestHub(home: string): Promise<{ port: number; token: string; router: RecordingRouter; close(): Promise<void> }> {
  const host = createHost({ identity: { id: 'outboard', version: CLI_VERSION, binPath: join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'main.js') }, home, cwd: home, env: { ...process.env, OUTBOARD_HOME: home } });
  const token = ensureHubToken(home);
  const router = new RecordingRouter();
  const server = new HubServer({ host, router, token });
  const port = await server.listen(0);
  return { port, token, router, close: () => server.close() };
}

/** One raw HTTP exchange's answer. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends a request exactly as given (path not normalised) to 127.0.0.1:`port`. */
export function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers }, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.end(body);
  });
}

/** Writes raw bytes to the hub and collects everything it answers until it closes (for requests no client library sends). */
export function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setEncoding('utf8').on('data', (d: string) => (text += d));
    socket.on('error', (e) => (text ? resolve(text) : reject(e)));
    socket.on('close', () => resolve(text));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(bytes);
  });
}
