// The hub's home page with 50 extensions (DESIGN §7 Pages): its server time and its size.
// Figure: median time of `GET /` on a HubServer over 127.0.0.1 (rendering every card: states, contributions,
// problems, controls; HTTP on loopback included, so an upper bound of the render time), and the bytes of
// the page. Anchor, measured side by side in the same run, rounds interleaved: `GET /api/hub/extensions`,
// the JSON listing of the same 50 extensions by the same server. Goals: < 20 ms, < 100 KB.
// Last line: BENCH_JSON {...}. Bounded: ROUNDS x 2 requests.
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '@outboard/host';
import type { ExtensionRecord } from '@outboard/host';
import { HubServer } from '@outboard/hub';
import type { SidecarRouter } from '@outboard/hub';
import { benchJsonLine } from './lib/bench-report.js';
import { median } from './lib/stats.js';

const EXTENSIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const GOALS = { renderMs: 20, pageBytes: 100 * 1024 };
const TOKEN = 'bench-token-0123456789abcdef0123456789abcdef';

/** Writes 50 user extensions of every shape: commands, actions, sidecars, peers, hub cards, capabilities. */
function writeHome(home: string): void {
  for (let i = 0; i < EXTENSIONS; i++) {
    const name = `ext${i}`;
    const dir = join(home, 'extensions', 'node_modules', `outboard-ext-${name}`);
    mkdirSync(join(dir, 'bin'), { recursive: true });
    writeFileSync(join(dir, 'bin', 'cli.js'), '');
    const extension = {
      apiVersion: 1,
      name,
      displayName: `Extension <${i}>`,
      description: `The extension number ${i}, with a description a little longer than a title & "quotes"`,
      commands: [{ name, bin: 'bin/cli.js', summary: 'its command' }],
      ...(i % 3 === 0 ? { sidecar: { bin: 'bin/cli.js' }, hub: { label: `Card ${i}` } } : {}),
      ...(i % 2 === 0 ? { peer: { bin: 'bin/cli.js', activation: ['onAction'] } } : {}),
      contributes: { actions: [{ id: `${name}.run`, title: 'Run it' }, { id: `${name}.other`, title: 'Other' }], status: [{ id: `${name}.s`, title: 'State' }] },
      capabilities: { required: ['ui.action.contribute'], optional: ['ui.notification'] },
    };
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `outboard-ext-${name}`, version: '1.0.0', engines: { outboard: '>=0.1.0' }, outboard: { extension } }));
  }
}

/** A router with no sidecar running (the pages ask it for states only). */
const router: SidecarRouter = {
  handleRequest: (_req, res) => res.end(),
  handleUpgrade: (_req, socket) => socket.destroy(),
  verdict: async () => undefined,
  list: () => [],
  stop: async () => false,
  restart: async () => false,
  stopAll: async () => undefined,
};

function get(port: number, path: string, agent: http.Agent): Promise<{ ms: number; bytes: number; status: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers: { 'x-outboard-token': TOKEN } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ ms: performance.now() - start, bytes, status: res.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'outboard-bench-pages-'));
try {
  const home = join(tmp, 'home');
  writeHome(home);
  const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: tmp, env: { ...process.env, OUTBOARD_HOME: home } });
  // Half of them approved (enabled), a few of those disabled again; the rest unapproved.
  const { extensions } = await host.extensions();
  for (const ext of extensions.filter((_e, i) => i % 2 === 0) as Array<ExtensionRecord & { name: string }>) await host.approvals.approve(ext, { capabilities: ['ui.action.contribute'] });
  for (const ext of extensions.filter((_e, i) => i % 8 === 0) as Array<ExtensionRecord & { name: string }>) await host.approvals.setEnabled(ext, false);
  host.refresh();
  const server = new HubServer({ host, router, token: TOKEN });
  const port = await server.listen(0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const page: number[] = [];
  const anchor: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) await Promise.all([get(port, '/', agent), get(port, '/api/hub/extensions', agent)]);
  for (let i = 0; i < ROUNDS; i++) {
    const a = await get(port, '/', agent);
    const b = await get(port, '/api/hub/extensions', agent);
    if (a.status !== 200 || b.status !== 200) throw new Error(`answered ${a.status} and ${b.status}`);
    page.push(a.ms);
    anchor.push(b.ms);
    bytes = a.bytes;
  }
  agent.destroy();
  await server.close();
  const pageMs = median(page);
  const anchorMs = median(anchor);
  console.log(`home page, ${EXTENSIONS} extensions: median ${pageMs.toFixed(2)} ms per GET / (${ROUNDS} rounds), ${(bytes / 1024).toFixed(1)} KB`);
  console.log(`anchor, GET /api/hub/extensions (the same 50 as JSON, same server): median ${anchorMs.toFixed(2)} ms; ratio page/anchor ${(pageMs / anchorMs).toFixed(2)}x`);
  const renderMet = pageMs < GOALS.renderMs;
  const sizeMet = bytes < GOALS.pageBytes;
  console.log(`${renderMet ? 'MET' : 'MISSED'}: ${pageMs.toFixed(2)} ms < ${GOALS.renderMs} ms server time`);
  console.log(`${sizeMet ? 'MET' : 'MISSED'}: ${(bytes / 1024).toFixed(1)} KB < ${GOALS.pageBytes / 1024} KB page`);
  console.log(benchJsonLine('hub-pages', { extensions: EXTENSIONS, rounds: ROUNDS, pageMs, anchorMs, ratio: pageMs / anchorMs, pageBytes: bytes, goals: GOALS, renderMet, sizeMet }));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
