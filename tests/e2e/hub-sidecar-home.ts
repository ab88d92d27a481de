// A home with the fixture sidecars (tests/e2e/fixtures/sidecar-*) linked and approved through the built CLI,
// and a bare HTTP server in front of a SidecarFleet that authenticates nothing: it routes /x/<name>/… to the
// manager as the hub's server does once it has checked a request (the router is tested directly here).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHost } from '@outboard/host';
import { SidecarFleet, type SidecarFleetOptions } from '@outboard/hub';
import { REPO_ROOT, runCli, tempDir } from './lib/fixture-home.js';

/** The folder of one fixture sidecar. */
export function sidecarFixture(name: string): string {
  return join(REPO_ROOT, 'tests', 'e2e', 'fixtures', `sidecar-${name}`);
}

/** A temporary home with these fixture sidecars linked (dev source) and approved. */
export function sidecarHome(names: readonly string[]): { home: string; cleanup(): void } {
  const tmp = tempDir('outboard-sidecar-');
  const home = join(tmp.path, 'home');
  mkdirSync(home, { recursive: true });
  for (const name of names) {
    const linked = runCli(['extensions', 'link', sidecarFixture(name)], { home });
    assert.equal(linked.code, 0, linked.stderr);
    const enabled = runCli(['extensions', 'enable', name, '--yes'], { home });
    assert.equal(enabled.code, 0, enabled.stderr);
  }
  return { home, cleanup: () => tmp.cleanup() };
}

/** The reference host's identity, as the CLI has it. */
export function outboardIdentity(): { id: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'cli', 'package.json'), 'utf8')) as { version: string };
  return { id: 'outboard', version: pkg.version };
}

/** A running router behind a bare server. */
export interface SidecarHub {
  home: string;
  /** The host behind the router (its process table lists the sidecars). */
  host: ReturnType<typeof createHost>;
  manager: SidecarFleet;
  port: number;
  /** `http://127.0.0.1:<port>/x/<name><path>`. */
  url(name: string, path?: string): string;
  close(): Promise<void>;
}

/** Starts a SidecarFleet for `home` (options override its numbers) behind a loopback server. */
export async function startSidecarHub(home: string, options: Partial<SidecarFleetOptions> = {}): Promise<SidecarHub> {
  const host = createHost({ identity: outboardIdentity(), home, cwd: home, env: { ...process.env, OUTBOARD_HOME: home } });
  // As the hub does: the host watches the home, so a change by any process reaches the router.
  const watch = host.watchHome();
  const manager = new SidecarFleet({ ...options, host });
  const server = http.createServer((req, res) => {
    const mount = mountOf(req.url ?? '/');
    if (!mount) {
      res.writeHead(404);
      res.end();
      return;
    }
    manager.handleRequest(req, res, mount);
  });
  server.on('upgrade', (req, socket, head) => {
    const mount = mountOf(req.url ?? '/');
    if (!mount) return void socket.destroy();
    manager.handleUpgrade(req, socket, head, mount);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    home,
    host,
    manager,
    port,
    url: (name, path = '/') => `http://127.0.0.1:${port}/x/${name}${path}`,
    close: async () => {
      await manager.stopAll();
      manager.dispose();
      watch.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `/x/<name>/rest?q` → the mount the hub's server would pass. */
export function mountOf(url: string): { name: string; path: string; basePath: string } | undefined {
  const match = /^\/x\/([a-z][a-z0-9-]*)(\/.*)$/.exec(url);
  if (!match) return undefined;
  const name = match[1] as string;
  return { name, path: match[2] as string, basePath: `/x/${name}/` };
}

/** The requests a fixture sidecar recorded (health probes included). */
export function recordedRequests(home: string, name: string): Array<{ method: string; url: string; headers: Record<string, string | string[]>; upgrade?: boolean }> {
  try {
    return readFileSync(join(home, 'ext', name, 'requests.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

/** Whether a process exists (signal 0). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls `check` every 25 ms until it is true or `ms` pass; resolves whether it became true. */
export async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One request through the hub: status, headers and the body as text. */
export async function fetchText(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: string }> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** One request with exactly these headers (node:http: hop-by-hop fields included, which fetch refuses). */
export function rawRequest(url: string, options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The runner program (hub-sidecar-runner.ts) started for `home`, once it listens. */
export async function startRunner(home: string): Promise<{ child: import('node:child_process').ChildProcess; port: number; url(name: string, path?: string): string }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [new URL('./hub-sidecar-runner.js', import.meta.url).pathname, home], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    // Generous: on a busy machine, loading the host and the hub in a fresh process can take many seconds. A
    // runner that did not start is killed, so that it cannot keep the test's process alive.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the runner did not start within 30 s'));
    }, 30_000);
    child.stdout?.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.split('\n')[0] as string);
      }
    });
    child.once('exit', (code) => reject(new Error(`the runner exited with ${code}`)));
  });
  const { port } = JSON.parse(line) as { port: number };
  return { child, port, url: (name, path = '/') => `http://127.0.0.1:${port}/x/${name}${path}` };
}

/** Peak resident memory of a process so far, in bytes (Linux: VmHWM). */
export function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}
