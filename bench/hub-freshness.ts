// What the host's ownership of freshness costs the hub (DESIGN §7 "One live state"), two figures:
// 1. idle CPU of a whole hub (`startHub`) whose home is watched (fs.watch plus the safety poll), against the
//    anchor of the same hub with the watch switched off, both idle side by side over the same window
//    (BENCH_IDLE_MS, default 60000). Goal: <= 0.5% of one core with the watch on.
// 2. the proxy's CPU per request with one freshness check (the SidecarFleet behind a watched host: a
//    comparison of the inventory's generation per request) against the anchor of the hub's proxy alone (no
//    check at all), same sidecar program, same load, rounds interleaved. Goal: within 5%.
// Last line: BENCH_JSON {...}. Bounded: about BENCH_IDLE_MS + 15 s.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHub } from '@outboard/hub';
import { serveProxy } from './lib/proxy-servers.js';
import { benchJsonLine } from './lib/bench-report.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'packages', 'cli', 'dist', 'src', 'main.js');
const FIXTURE = join(ROOT, 'tests', 'e2e', 'fixtures', 'sidecar-bench');
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 60_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const targetsByPort = new Map<number, string>();
const GOALS = { idleCorePercent: 0.5, perRequestRatio: 1.05 };

if (process.argv[2] === '--serve') serveProxy(process.argv[3] as string, process.argv[4] as string, SECRET);
else if (process.argv[2] === '--idle-hub') {
  const off = process.argv[4] === 'off';
  const hub = await startHub({
    host: { identity: { id: 'outboard', version: '0.1.0' }, home: process.argv[3] as string, env: { ...process.env, OUTBOARD_HOME: process.argv[3] } },
    port: 0,
    ...(off ? { watch: { useWatch: false, safetyPollMs: 3_600_000, fallbackPollMs: 3_600_000 } } : {}),
  });
  process.on('SIGTERM', () => void hub.stop('benchmark over').then(() => process.exit(0)));
  process.stdout.write(`${JSON.stringify({ port: hub.port })}\n`);
} else await main();

/** CPU time of every thread of a process so far, in ms (Linux /proc schedstat, ns precision); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return Number.NaN;
  }
}

function homeWithExtensions(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const args of [['extensions', 'link', FIXTURE], ['extensions', 'enable', 'bench', '--yes']]) {
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, env: { ...process.env, OUTBOARD_HOME: dir, NO_COLOR: '1' }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`outboard ${args.join(' ')} failed: ${r.stderr}`);
  }
  return dir;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('a process did not start within 15 s')), 15_000);
    child.stdout?.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.split('\n')[0] as string);
      }
    });
  });
}

function get(port: number, path: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** CONCURRENCY keep-alive clients for `ms`; bounded by time. */
async function load(port: number, path: string, headers: Record<string, string>, ms: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let count = 0;
  const end = performance.now() + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const status = await get(port, path, headers, agent);
      if (status !== 200) throw new Error(`a request to ${path} on port ${port} was answered ${status}: ${JSON.stringify(targetsByPort.get(port))}`);
      count++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return count;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'outboard-bench-fresh-'));
  const children: ChildProcess[] = [];
  const spawnSelf = async (...args: string[]): Promise<{ port: number; pid: number }> => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    return { port: (JSON.parse(await firstLine(child)) as { port: number }).port, pid: child.pid as number };
  };
  try {
    // 1. Idle CPU, watch on against watch off, side by side over the same window.
    const on = await spawnSelf('--idle-hub', homeWithExtensions(join(tmp, 'idle-on')), 'on');
    const off = await spawnSelf('--idle-hub', homeWithExtensions(join(tmp, 'idle-off')), 'off');
    await new Promise((r) => setTimeout(r, 1000));
    const before = { on: cpuMs(on.pid), off: cpuMs(off.pid) };
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = { on: cpuMs(on.pid) - before.on, off: cpuMs(off.pid) - before.off };
    const corePercent = (ms: number) => (ms / IDLE_MS) * 100;
    console.log(`idle hub over ${(IDLE_MS / 1000).toFixed(0)} s: watch on ${idle.on.toFixed(1)} ms CPU (${corePercent(idle.on).toFixed(3)}% of one core); anchor, watch off ${idle.off.toFixed(1)} ms (${corePercent(idle.off).toFixed(3)}%); ratio ${(idle.on / Math.max(idle.off, 0.001)).toFixed(2)}x`);
    const idleMet = corePercent(idle.on) <= GOALS.idleCorePercent;
    console.log(`${idleMet ? 'MET' : 'MISSED'}: idle CPU with the watch on is ${corePercent(idle.on).toFixed(3)}% of one core (goal <= ${GOALS.idleCorePercent}%)`);

    // 2. CPU per request: the manager behind a watched host (one freshness check) against the proxy alone.
    const directPort = await freePort();
    const stateDir = join(tmp, 'direct-state');
    mkdirSync(stateDir);
    const sidecar = spawn(process.execPath, [join(FIXTURE, 'server.mjs')], { env: { ...process.env, PORT: String(directPort), OUTBOARD_SIDECAR_SECRET: SECRET, OUTBOARD_EXTENSION_STATE_DIR: stateDir }, stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    // Its stdin is its lifetime pipe (as the hub holds it): kept open until the end.
    children.push(sidecar);
    const checked = await spawnSelf('--serve', 'hub-watched', homeWithExtensions(join(tmp, 'proxy-home')));
    const alone = await spawnSelf('--serve', 'undici', String(directPort));
    const targets = [
      { name: 'one freshness check', ...checked },
      { name: 'no check (anchor)', ...alone },
    ];
    for (const t of targets) targetsByPort.set(t.port, t.name);
    const path = '/x/bench/bytes?n=100';
    // Both sidecars answer first (the manager starts its own on its first request); bounded to 20 s.
    for (const [port, p, headers] of [[directPort, '/health', { 'x-outboard-sidecar-secret': SECRET }], [checked.port, '/x/bench/health', {}]] as const) {
      for (let i = 0; i < 400; i++) {
        if ((await get(port, p, headers, new http.Agent()).catch(() => 0)) === 200) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    for (const t of targets) await load(t.port, path, {}, 300);
    const acc = new Map(targets.map((t) => [t.name, { count: 0, cpu: 0 }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of round % 2 === 0 ? targets : [...targets].reverse()) {
        const cpu0 = cpuMs(t.pid);
        const count = await load(t.port, path, {}, SLICE_MS);
        const a = acc.get(t.name) as { count: number; cpu: number };
        a.count += count;
        a.cpu += cpuMs(t.pid) - cpu0;
      }
    }
    const perRequestUs = (name: string) => {
      const a = acc.get(name) as { count: number; cpu: number };
      return (a.cpu * 1000) / Math.max(a.count, 1);
    };
    const withCheck = perRequestUs('one freshness check');
    const without = perRequestUs('no check (anchor)');
    const ratio = withCheck / without;
    console.log(`proxy CPU per request (100 B, ${CONCURRENCY} keep-alive clients, ${ROUNDS} x ${SLICE_MS} ms interleaved): one freshness check ${withCheck.toFixed(1)} µs; anchor, the proxy alone with no check ${without.toFixed(1)} µs; ratio ${ratio.toFixed(3)}x`);
    const perRequestMet = ratio <= GOALS.perRequestRatio;
    console.log(`${perRequestMet ? 'MET' : 'MISSED'}: CPU per request with the freshness check is ${ratio.toFixed(3)}x the proxy alone (goal <= ${GOALS.perRequestRatio}x)`);
    console.log(
      benchJsonLine('hub-freshness', {
        figures: { idleWatchOnMs: idle.on, idleWatchOffMs: idle.off, idleWindowMs: IDLE_MS, idleCorePercent: corePercent(idle.on), cpuPerRequestCheckedUs: withCheck, cpuPerRequestAloneUs: without },
        goals: [
          { what: 'idle CPU with the watch on, % of one core', value: corePercent(idle.on), target: GOALS.idleCorePercent, verdict: idleMet ? 'MET' : 'MISSED' },
          { what: 'proxy CPU per request, one freshness check / none', ratio, target: GOALS.perRequestRatio, verdict: perRequestMet ? 'MET' : 'MISSED' },
        ],
      }),
    );
  } finally {
    for (const c of children) {
      if (c.exitCode === null) c.kill('SIGTERM');
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  }
}
