// Throughput and p99 latency through the hub's sidecar proxy, against the same sidecar program straight and
// behind http-proxy (keep-alive agent), with 100 B and 1 MiB bodies, all measured in the same run by the
// same load generator (a bounded keep-alive client loop in this process, rounds interleaved). Also: the whole
// hub (its server's checks in front of the same manager); the hub's proxy alone with its undici upstream
// against a node:http keep-alive agent upstream and a probe of a hand-made node:net upstream; a TCP relay
// (bytes piped, no HTTP: the floor any proxy in Node stays above); the CPU time per request of each of the
// three processes (load generator, proxy, sidecar), since on a small machine their sum is what bounds
// throughput; and WebSocket echo round trips direct, through the hub (upgraded sockets piped) and through a
// ws message relay. Goals: >= 1.5x http-proxy's req/s at 100 B, >= 0.8x direct at 1 MiB, WS round trip < 2x
// direct. Last line: BENCH_JSON {...}. Bounded: about 100 s. BENCH_CPU_PROF=<dir> writes the proxies' CPU profiles.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { median, quantile } from './lib/stats.js';
import { serveProxy } from './lib/proxy-servers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'packages', 'cli', 'dist', 'src', 'main.js');
const FIXTURE = join(ROOT, 'tests', 'e2e', 'fixtures', 'sidecar-bench');
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
/** Concurrent keep-alive connections of the load generator. */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Length of one measurement, in ms; every target and size is measured ROUNDS times, interleaved. */
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
/** Load per target and size before the measured rounds, in ms (JIT warm-up; the same for every target). */
const WARM_MS = Number(process.env.BENCH_WARM_MS ?? 300);
const WS_ROUND_TRIPS = Number(process.env.BENCH_WS_ROUND_TRIPS ?? 2000);
const SIZES = [100, 1024 * 1024];
/** BENCH_CPU_PROF=<dir>: the proxy processes run with --cpu-prof into <dir> (written when they are stopped at the end). */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const GOALS = { httpProxyRatio100B: 1.5, directRatio1MiB: 0.8, wsRoundTripRatio: 2 };

if (process.argv[2] === '--serve') {
  // A profiled proxy exits on SIGTERM so its profile is written (the hub's own handler stops its sidecar first).
  if (CPU_PROF && process.argv[3] !== 'hub') process.on('SIGTERM', () => process.exit(0));
  serveProxy(process.argv[3] as string, process.argv[4] as string, SECRET);
} else {
  await main();
}

interface Target {
  name: string;
  port: number;
  /** The path prefix of the sidecar on this target ('' direct). */
  prefix: string;
  /** The proxy's process (none direct) and the sidecar's, whose CPU time is measured per slice. */
  proxyPid?: number;
  sidecarPid?: number;
  /** Headers every request of the load sends (the sidecar's secret direct, the hub's token to the whole hub). */
  headers?: Record<string, string>;
}

/** CPU time of every thread of a process so far, in ms (Linux /proc schedstat, ns precision); 0 elsewhere. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), 'outboard-bench-proxy-'));
  const children: ChildProcess[] = [];
  try {
    const home = join(tmp, 'home');
    // The whole hub gets a home of its own (its own sidecar, state folder and hub.json).
    const serverHome = join(tmp, 'server-home');
    for (const h of [home, serverHome]) {
      mkdirSync(h);
      for (const args of [['extensions', 'link', FIXTURE], ['extensions', 'enable', 'bench', '--yes']]) {
        const r = spawnSync(process.execPath, [CLI, ...args], { cwd: h, env: { ...process.env, OUTBOARD_HOME: h, NO_COLOR: '1' }, encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`outboard ${args.join(' ')} failed: ${r.stderr}`);
      }
    }
    const stateDir = join(tmp, 'direct');
    mkdirSync(stateDir);
    const directPort = await freePort();
    // Launched as the hub launches its own (a session and process group of its own: with the kernel's
    // autogroup scheduling that decides its share of the CPU), so direct and proxied runs compare alike.
    const sidecar = spawn(process.execPath, [join(FIXTURE, 'server.mjs')], { env: { ...process.env, PORT: String(directPort), OUTBOARD_SIDECAR_SECRET: SECRET, OUTBOARD_EXTENSION_STATE_DIR: stateDir }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    children.push(sidecar);
    await waitUntilAnswers(directPort, '/health', { 'x-outboard-sidecar-secret': SECRET });
    const serve = async (kind: string, arg: string): Promise<{ port: number; proxyPid: number }> => {
      const prof = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${kind}.cpuprofile`] : [];
      const child = spawn(process.execPath, [...prof, fileURLToPath(import.meta.url), '--serve', kind, arg], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      return { port: JSON.parse(await firstLine(child)).port as number, proxyPid: child.pid as number };
    };
    const viaDirect = { prefix: '/x/bench', sidecarPid: sidecar.pid as number };
    const secret = { 'x-outboard-sidecar-secret': SECRET };
    const hubServer = await serve('hub-server', serverHome);
    const targets: Target[] = [
      { name: 'direct', port: directPort, prefix: '', sidecarPid: sidecar.pid as number, headers: secret },
      { name: 'hub', ...(await serve('hub', home)), prefix: '/x/bench' },
      { name: 'whole hub (server checks too)', ...hubServer, prefix: '/x/bench', headers: { 'x-outboard-token': readFileSync(join(serverHome, 'token'), 'utf8').trim() } },
      { name: 'hub proxy, node:http upstream', ...(await serve('node', String(directPort))), ...viaDirect },
      { name: 'hub proxy, undici upstream', ...(await serve('undici', String(directPort))), ...viaDirect },
      { name: 'http-proxy (keep-alive)', ...(await serve('http-proxy', String(directPort))), ...viaDirect },
      // What a hand-made upstream (node:net and Node's C parser, bodiless requests only) would save: a measurement.
      { name: 'proxy, lean net upstream (probe)', ...(await serve('lean', String(directPort))), ...viaDirect },
      // The floor of any proxy in Node: bytes piped per connection, no HTTP (the request goes as sent to direct).
      { name: 'TCP relay (no HTTP, floor)', ...(await serve('tcp-relay', String(directPort))), prefix: '', sidecarPid: sidecar.pid as number, headers: secret },
    ];
    const relayPort = (await serve('ws-relay', String(directPort))).port;
    // Warm every path (the hub starts its sidecar on its first request).
    for (const t of targets) for (const size of SIZES) await load(t, size, WARM_MS);
    // The hub's own sidecar (started by that first request) writes its pid into its state folder.
    const pidIn = (h: string) => (JSON.parse(readFileSync(join(h, 'ext', 'bench', 'pids.json'), 'utf8')) as { pid: number }).pid;
    (targets[1] as Target).sidecarPid = pidIn(home);
    (targets[2] as Target).sidecarPid = pidIn(serverHome);

    const results = new Map<string, { count: number; ms: number; latencies: number[]; cpu: { client: number; proxy: number; sidecar: number } }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of SIZES) {
        const order = round % 2 === 0 ? targets : [...targets].reverse();
        for (const t of order) {
          const before = { client: cpuMs(process.pid), proxy: cpuMs(t.proxyPid), sidecar: cpuMs(t.sidecarPid) };
          const r = await load(t, size, SLICE_MS);
          const key = `${t.name}|${size}`;
          const acc = results.get(key) ?? { count: 0, ms: 0, latencies: [], cpu: { client: 0, proxy: 0, sidecar: 0 } };
          acc.count += r.count;
          acc.ms += r.ms;
          acc.latencies.push(...r.latencies);
          acc.cpu.client += cpuMs(process.pid) - before.client;
          acc.cpu.proxy += cpuMs(t.proxyPid) - before.proxy;
          acc.cpu.sidecar += cpuMs(t.sidecarPid) - before.sidecar;
          results.set(key, acc);
        }
      }
    }
    const rps = (name: string, size: number) => {
      const r = results.get(`${name}|${size}`);
      return r ? (r.count * 1000) / r.ms : 0;
    };
    const p99 = (name: string, size: number) => quantile(results.get(`${name}|${size}`)?.latencies ?? [0], 0.99);
    console.log(`HTTP, ${CONCURRENCY} keep-alive connections, ${ROUNDS} x ${SLICE_MS} ms per target and size, interleaved:`);
    for (const size of SIZES) {
      for (const t of targets) {
        console.log(`  ${(size === 100 ? '100 B' : '1 MiB').padEnd(6)} ${t.name.padEnd(30)} ${rps(t.name, size).toFixed(0).padStart(7)} req/s   p99 ${p99(t.name, size).toFixed(2).padStart(7)} ms   ${(rps(t.name, size) / rps('direct', size)).toFixed(2)}x direct`);
      }
    }
    const ws = { direct: [] as number[], hub: [] as number[], relay: [] as number[] };
    const directWs = await openWs(`ws://127.0.0.1:${directPort}/ws`, { 'x-outboard-sidecar-secret': SECRET });
    const hubWs = await openWs(`ws://127.0.0.1:${(targets[1] as Target).port}/x/bench/ws`, {});
    const relayWs = await openWs(`ws://127.0.0.1:${relayPort}/x/bench/ws`, {});
    for (let block = 0; block < 8; block++) {
      ws.direct.push(...(await roundTrips(directWs, WS_ROUND_TRIPS / 8)));
      ws.hub.push(...(await roundTrips(hubWs, WS_ROUND_TRIPS / 8)));
      ws.relay.push(...(await roundTrips(relayWs, WS_ROUND_TRIPS / 8)));
    }
    for (const s of [directWs, hubWs, relayWs]) s.close();
    const wsDirect = median(ws.direct);
    const wsHub = median(ws.hub);
    const wsRelay = median(ws.relay);
    console.log(`WebSocket echo (100 B), ${WS_ROUND_TRIPS} round trips each, median / p99: direct ${wsDirect.toFixed(3)} / ${quantile(ws.direct, 0.99).toFixed(3)} ms; hub (sockets piped) ${wsHub.toFixed(3)} / ${quantile(ws.hub, 0.99).toFixed(3)} ms; ws message relay ${wsRelay.toFixed(3)} / ${quantile(ws.relay, 0.99).toFixed(3)} ms`);

    // Where the CPU goes: per request, in each of the three processes (the machine's cores bound their sum).
    const cpuPerRequest = (name: string, size: number) => {
      const r = results.get(`${name}|${size}`);
      const per = (ms: number) => (r && r.count > 0 ? (ms * 1000) / r.count : 0);
      return r ? { clientUs: per(r.cpu.client), proxyUs: per(r.cpu.proxy), sidecarUs: per(r.cpu.sidecar), totalUs: per(r.cpu.client + r.cpu.proxy + r.cpu.sidecar), cores: (r.cpu.client + r.cpu.proxy + r.cpu.sidecar) / r.ms } : { clientUs: 0, proxyUs: 0, sidecarUs: 0, totalUs: 0, cores: 0 };
    };
    console.log(`CPU per request (µs) by process: load generator / proxy / sidecar = total; cores busy (of ${cpus().length}):`);
    for (const size of SIZES) {
      for (const t of targets) {
        const c = cpuPerRequest(t.name, size);
        console.log(`  ${(size === 100 ? '100 B' : '1 MiB').padEnd(6)} ${t.name.padEnd(30)} ${c.clientUs.toFixed(1).padStart(7)} / ${c.proxyUs.toFixed(1).padStart(7)} / ${c.sidecarUs.toFixed(1).padStart(7)} = ${c.totalUs.toFixed(1).padStart(7)}   ${c.cores.toFixed(2)} cores`);
      }
    }
    const vsHttpProxy = rps('hub', 100) / rps('http-proxy (keep-alive)', 100);
    const vsDirect = rps('hub', 1024 * 1024) / rps('direct', 1024 * 1024);
    const wsRatio = wsHub / wsDirect;
    const upstream100 = rps('hub proxy, undici upstream', 100) / rps('hub proxy, node:http upstream', 100);
    const upstream1M = rps('hub proxy, undici upstream', 1024 * 1024) / rps('hub proxy, node:http upstream', 1024 * 1024);
    const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');
    console.log(`upstream: undici (the hub's) is ${upstream100.toFixed(2)}x node:http with a keep-alive agent in req/s at 100 B and ${upstream1M.toFixed(2)}x at 1 MiB`);
    const floor100 = rps('TCP relay (no HTTP, floor)', 100) / rps('http-proxy (keep-alive)', 100);
    const floor1M = rps('TCP relay (no HTTP, floor)', 1024 * 1024) / rps('direct', 1024 * 1024);
    console.log(`floor: a TCP relay (bytes piped, no HTTP) reaches ${floor100.toFixed(2)}x http-proxy's req/s at 100 B and ${floor1M.toFixed(2)}x direct at 1 MiB`);
    const whole = 'whole hub (server checks too)';
    console.log(`the whole hub (its server's checks in front of the same manager): ${(rps(whole, 100) / rps('http-proxy (keep-alive)', 100)).toFixed(2)}x http-proxy at 100 B, ${(rps(whole, 1024 * 1024) / rps('direct', 1024 * 1024)).toFixed(2)}x direct at 1 MiB`);
    console.log(`${verdict(vsHttpProxy >= GOALS.httpProxyRatio100B)}: hub at 100 B is ${vsHttpProxy.toFixed(2)}x http-proxy's req/s (goal >= ${GOALS.httpProxyRatio100B}x)`);
    console.log(`${verdict(vsDirect >= GOALS.directRatio1MiB)}: hub at 1 MiB is ${vsDirect.toFixed(2)}x direct req/s (goal >= ${GOALS.directRatio1MiB}x)`);
    console.log(`${verdict(wsRatio < GOALS.wsRoundTripRatio)}: WebSocket round trip through the hub is ${wsRatio.toFixed(2)}x direct (goal < ${GOALS.wsRoundTripRatio}x)`);
    const round = (n: number) => Math.round(n * 100) / 100;
    const table = Object.fromEntries(targets.map((t) => [t.name, Object.fromEntries(SIZES.map((s) => [s === 100 ? '100B' : '1MiB', { rps: round(rps(t.name, s)), p99Ms: round(p99(t.name, s)) }]))]));
    console.log(
      `BENCH_JSON ${JSON.stringify({
        bench: 'hub-proxy',
        concurrency: CONCURRENCY,
        sliceMs: SLICE_MS,
        rounds: ROUNDS,
        http: table,
        ws: { directMedianMs: round(wsDirect * 1000) / 1000, hubMedianMs: round(wsHub * 1000) / 1000, wsRelayMedianMs: round(wsRelay * 1000) / 1000, ratio: round(wsRatio) },
        cpuUsPerRequest: Object.fromEntries(targets.map((t) => [t.name, Object.fromEntries(SIZES.map((s) => [s === 100 ? '100B' : '1MiB', Object.fromEntries(Object.entries(cpuPerRequest(t.name, s)).map(([k, v]) => [k, round(v)]))]))])),
        upstream: { undiciOverNodeHttp100B: round(upstream100), undiciOverNodeHttp1MiB: round(upstream1M) },
        floor: { tcpRelayOverHttpProxy100B: round(floor100), tcpRelayOverDirect1MiB: round(floor1M) },
        goals: {
          httpProxyRatio100B: { goal: GOALS.httpProxyRatio100B, value: round(vsHttpProxy), verdict: verdict(vsHttpProxy >= GOALS.httpProxyRatio100B) },
          directRatio1MiB: { goal: GOALS.directRatio1MiB, value: round(vsDirect), verdict: verdict(vsDirect >= GOALS.directRatio1MiB) },
          wsRoundTripRatio: { goal: GOALS.wsRoundTripRatio, value: round(wsRatio), verdict: verdict(wsRatio < GOALS.wsRoundTripRatio) },
        },
        seconds: round((Date.now() - started) / 1000),
      })}`,
    );
  } finally {
    if (CPU_PROF) await Promise.all(children.slice(1).map((c) => new Promise((resolve) => {
      const timer = setTimeout(resolve, 5000);
      c.once('exit', () => resolve(clearTimeout(timer)));
      c.kill('SIGTERM');
    })));
    for (const c of children) c.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** CONCURRENCY client loops for `ms` on keep-alive connections: completed requests, elapsed ms, latencies. */
async function load(t: Target, size: number, ms: number): Promise<{ count: number; ms: number; latencies: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const path = `${t.prefix}/bytes?n=${size}`;
  const headers = t.headers ?? {};
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await get(t.port, path, headers, agent, size);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - start;
  agent.destroy();
  return { count: latencies.length, ms: elapsed, latencies };
}

function get(port: number, path: string, headers: Record<string, string>, agent: http.Agent, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        let got = 0;
        res.on('data', (c: Buffer) => (got += c.length));
        res.on('end', () => (res.statusCode === 200 && got === size ? resolve() : reject(new Error(`${path}: ${res.statusCode}, ${got} bytes`))));
      })
      .on('error', reject);
  });
}

function openWs(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function roundTrips(ws: WebSocket, count: number): Promise<number[]> {
  const payload = Buffer.alloc(100, 98);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      ws.once('message', () => resolve());
      ws.send(payload);
    });
    out.push(performance.now() - t0);
  }
  return out;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('a proxy did not start within 10 s')), 10_000);
    child.stdout?.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.split('\n')[0] as string);
      }
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswers(port: number, path: string, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the direct sidecar did not answer within 5 s');
}
