// One live state (DESIGN §7): a real hub and the CLI in one home. Every change the CLI makes in another
// process reaches the running hub within 1 s (the host's watch of the home): its verdicts, its peers and
// sidecars, and its event stream. A peer failed by its breaker comes back when the user acts.
import assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startHub, type RunningHub } from '@outboard/hub';
import { REPO_ROOT, runCli, tempDir, writeFiles } from './lib/fixture-home.js';
import { openStream, type OpenStream } from './events-hub.js';
import { FIXTURE_PEER, PROTOCOL_URL, writePeerPackage } from './lib/peer-package.js';
import { isRunning } from './actions-home.js';

const SIDECAR_CORE = pathToFileURL(join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sidecar-lib', 'server-core.mjs')).href;
/** The promise of DESIGN §7: a change by any process reaches the running hub within this. */
const LIVE_MS = 1000;

/** A peer extension package: `<name>.hello` served by the fixture peer; it crashes on start while `crashFlag` exists. */
function writeLivePeer(dir: string, name: string): void {
  writePeerPackage(
    dir,
    { name, exec: ['node', './peer.mjs', 'good'], activation: ['onAction'], contributes: { actions: [{ id: `${name}.hello`, title: 'Say hello', targets: ['global'] }] } },
    {
      files: {
        'peer.mjs': "import { existsSync } from 'node:fs';\nif (process.env.LIVE_CRASH_FLAG && existsSync(process.env.LIVE_CRASH_FLAG)) { process.stderr.write('crash flag set\\n'); process.exit(3); }\nawait import('./fixture-peer.mjs');\n",
      },
    },
  );
  copyFileSync(FIXTURE_PEER, join(dir, 'fixture-peer.mjs'));
}

/** Polls `check` until it returns a truthy value; fails naming `what` after `ms`. Returns the value and how long it took. */
async function within<T>(what: string, ms: number, check: () => Promise<T> | T): Promise<{ value: NonNullable<T>; tookMs: number }> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return { value: value as NonNullable<T>, tookMs: Date.now() - start };
      last = value;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms: ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('one live state: the CLI in another process and a running hub', { timeout: 180_000 }, () => {
  const tmp = tempDir('outboard-live-');
  const home = join(tmp.path, 'home');
  const crashFlag = join(tmp.path, 'crash-flag');
  const env = { FIXTURE_PROTOCOL_URL: PROTOCOL_URL, FIXTURE_MARKS: join(tmp.path, 'marks.log'), LIVE_CRASH_FLAG: crashFlag };
  let hub: RunningHub;
  let token: string;
  let events: OpenStream;
  const cli = (...args: string[]): void => {
    const r = runCli(args, { home, cwd: tmp.path, env });
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  };
  const headers = (): Record<string, string> => ({ 'x-outboard-token': token, host: `127.0.0.1:${hub.port}` });
  const rpc = async (method: string, params: unknown): Promise<{ result?: unknown; error?: { message: string; data?: unknown } }> => {
    const res = await fetch(`${hub.url}api/rpc`, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return (await res.json()) as { result?: unknown; error?: { message: string } };
  };
  const run = (id: string) => rpc('actions.invoke', { id });
  /** The action's verdict through the hub: served (ok) or refused with its message; starts nothing when refused. */
  const refusal = async (id: string): Promise<string | undefined> => (await run(id)).error?.message;
  /** True once the action is served; a refusal is thrown, so a timeout names the last one. */
  const served = async (id: string): Promise<boolean> => {
    const why = await refusal(id);
    if (why) throw new Error(why);
    return true;
  };
  const changedEvent = (name: string, state: string) => (text: string) => text.split('\n').some((l) => l.includes('"extension.changed"') && l.includes(`"name":"${name}"`) && l.includes(`"state":"${state}"`));

  before(async () => {
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(env.FIXTURE_MARKS, '');
    hub = await startHub({ host: { identity: { id: 'outboard', version: '0.1.0' }, home, env: { ...process.env, ...env, OUTBOARD_HOME: home }, globalRoots: [] }, port: 0 });
    token = readFileSync(join(home, 'token'), 'utf8').trim();
    events = await openStream(hub.port, '/api/events?format=ndjson', headers());
    assert.equal(events.status, 200);
  });
  after(async () => {
    events?.close();
    await hub?.stop('test over');
    tmp.cleanup();
  });

  it('link + enable of a new peer extension: its action runs through the hub; disable refuses naming "disabled"; enable serves', async () => {
    const dir = join(tmp.path, 'live-peer');
    writeLivePeer(dir, 'live');
    cli('extensions', 'link', dir);
    cli('extensions', 'enable', 'live', '--yes', '--grant-all');
    await events.until('extension.changed live enabled', changedEvent('live', 'enabled'), LIVE_MS);
    const listed = await within('the hub offers live.hello', LIVE_MS, async () => ((await rpc('actions.list', {})).result as Array<{ id: string }>).some((a) => a.id === 'live.hello'));
    assert.ok(listed.tookMs <= LIVE_MS);
    assert.equal(await refusal('live.hello'), undefined, 'served through the hub');
    const peer = await (await hub.host.peers()).peerStatus('live');
    const pid = peer?.pid;
    assert.ok(pid, 'its peer runs');

    cli('extensions', 'disable', 'live');
    const refused = await within('refused naming "disabled"', LIVE_MS, () => refusal('live.hello'));
    assert.match(refused.value, /disabled/);
    await within('the disabled peer stopped', 5000, () => !isRunning(pid));

    cli('extensions', 'enable', 'live', '--yes');
    await within('served again after enable', LIVE_MS, () => served('live.hello'));
  });

  it('an edit of a linked peer\'s code starts its peer afresh, still approved (linked: code not pinned)', async () => {
    const peers = await hub.host.peers();
    const before = (await peers.peerStatus('live'))?.pid;
    assert.ok(before, 'the peer of live runs');
    appendFileSync(join(tmp.path, 'live-peer', 'peer.mjs'), '// edited by its author\n');
    await within('the edited peer replaced by a fresh one', LIVE_MS + 5000, async () => {
      await served('live.hello');
      const now = (await peers.peerStatus('live'))?.pid;
      return now !== undefined && now !== before && !isRunning(before);
    });
    assert.equal((await peers.peerStatus('live'))?.recentCrashes, 0, 'a clean crash window');
  });

  it('an edit of an installed package\'s peer refuses it naming "changed"; re-approving serves it again', async () => {
    const dir = join(home, 'extensions', 'node_modules', 'outboard-ext-inst');
    writeLivePeer(dir, 'inst');
    cli('extensions', 'enable', 'inst', '--yes', '--grant-all');
    await within('served once approved', LIVE_MS, () => served('inst.hello'));
    appendFileSync(join(dir, 'peer.mjs'), '// edited\n');
    const refused = await within('refused once edited', LIVE_MS, () => refusal('inst.hello'));
    assert.match(refused.value, /not approved|changed since it was approved/);
    assert.match(refused.value, /peer\.mjs/);
    await events.until('extension.changed inst unapproved', changedEvent('inst', 'unapproved'), LIVE_MS);
    cli('extensions', 'enable', 'inst', '--yes');
    await within('served after re-approval', LIVE_MS, () => served('inst.hello'));
  });

  it('a package removed outside outboard stays listed as missing, with the reason and the fix, in the hub and the CLI', async () => {
    rmSync(join(home, 'extensions', 'node_modules', 'outboard-ext-inst'), { recursive: true });
    await events.until('extension.changed inst missing', changedEvent('inst', 'missing'), LIVE_MS);
    const res = await fetch(`${hub.url}api/hub/extensions`, { headers: headers() });
    const listed = ((await res.json()) as { extensions: Array<{ name: string; state: string; reason: string }> }).extensions.find((e) => e.name === 'inst');
    assert.equal(listed?.state, 'missing');
    assert.match(listed?.reason ?? '', /its package outboard-ext-inst is gone .*removed outside outboard/);
    assert.match(await refusal('inst.hello') ?? '', /no enabled extension|missing/);
    const page = await (await fetch(hub.url, { headers: headers() })).text();
    assert.match(page, /data-extension="inst"[^]*?missing: its package outboard-ext-inst is gone/);
    const list = runCli(['extensions', 'list', '--json'], { home, cwd: tmp.path, env });
    const entry = (JSON.parse(list.stdout) as Array<{ name: string; state: string; fix: string }>).find((e) => e.name === 'inst');
    assert.equal(entry?.state, 'missing');
    assert.equal(entry?.fix, 'outboard extensions add outboard-ext-inst, or outboard extensions remove inst --purge to forget it');
    assert.match(runCli(['extensions', 'info', 'inst'], { home, cwd: tmp.path, env }).stdout, /State:\s+missing/);
    assert.match(runCli(['--help'], { home, cwd: tmp.path, env }).stdout, /inst {2}missing: its package outboard-ext-inst is gone/);
  });

  it('a re-approved sidecar is served again (no lasting 404 "changed since it was approved")', async () => {
    const dir = join(home, 'extensions', 'node_modules', 'outboard-ext-side');
    writeFiles(dir, {
      'package.json': { name: 'outboard-ext-side', version: '1.0.0', type: 'module', engines: { outboard: '*' }, outboard: { extension: { apiVersion: 1, name: 'side', sidecar: { bin: 'server.mjs', health: '/health' } } } },
      'server.mjs': `import { serve } from ${JSON.stringify(SIDECAR_CORE)};\nserve('side');\n`,
    });
    cli('extensions', 'enable', 'side', '--yes');
    const get = async () => (await fetch(`${hub.url}x/side/health`, { headers: headers() })).status;
    await within('the sidecar serves', 20_000, async () => (await get()) === 200);
    appendFileSync(join(dir, 'server.mjs'), '// edited\n');
    await within('refused once edited', LIVE_MS, async () => (await get()) === 404);
    cli('extensions', 'enable', 'side', '--yes');
    const served = await within('the hub knows it is approved again', LIVE_MS, async () => {
      const res = await fetch(`${hub.url}api/hub/extensions`, { headers: headers() });
      return ((await res.json()) as { extensions: Array<{ name: string; state: string }> }).extensions.find((e) => e.name === 'side')?.state === 'enabled';
    });
    assert.ok(served.value);
    await within('the re-approved sidecar serves', 20_000, async () => (await get()) === 200);
  });

  it('projects add and remove from the CLI are published on /api/events', async () => {
    const project = join(tmp.path, 'proj-live');
    mkdirSync(project);
    cli('projects', 'add', project);
    await events.until('project.registered', (t) => t.includes('"project.registered"') && t.includes('proj-live'), LIVE_MS);
    const id = (JSON.parse(readFileSync(join(home, 'projects.json'), 'utf8')) as { projects: Record<string, { root: string }> }).projects;
    const projectId = Object.keys(id).find((k) => id[k]?.root.endsWith('proj-live')) as string;
    cli('projects', 'remove', projectId);
    await events.until('project.removed', (t) => t.includes('"project.removed"') && t.includes('proj-live'), LIVE_MS);
    const registered = events.text().split('\n').filter((l) => l.includes('"project.registered"') && l.includes('proj-live'));
    assert.equal(registered.length, 1, 'published once');
  });

  it('a peer failed by its breaker comes back after disable + enable, and after the restart route', async () => {
    const dir = join(tmp.path, 'crashy-peer');
    writeLivePeer(dir, 'crashy');
    cli('extensions', 'link', dir);
    cli('extensions', 'enable', 'crashy', '--yes', '--grant-all');
    const peers = await hub.host.peers();
    const breakIt = async (): Promise<void> => {
      writeFileSync(crashFlag, '');
      // A running peer is stopped first, so that its next start meets the flag.
      const stopped = await fetch(`${hub.url}api/hub/extensions/crashy/stop`, { method: 'POST', headers: headers() });
      assert.equal(stopped.status, 200, await stopped.text());
      await within('the hub offers crashy.hello', LIVE_MS, async () => ((await rpc('actions.list', {})).result as Array<{ id: string }>).some((a) => a.id === 'crashy.hello'));
      assert.ok(await refusal('crashy.hello'), 'a crashing peer cannot serve');
      await within('the breaker failed it', 30_000, async () => (await peers.peerStatus('crashy'))?.state === 'failed');
      rmSync(crashFlag);
      assert.match((await refusal('crashy.hello')) ?? '', /failed/, 'failed stays failed until the user acts');
    };
    await breakIt();
    cli('extensions', 'disable', 'crashy');
    // runCli blocks this process (and so the hub in it): the hub sees the disable before the enable is run.
    await events.until('extension.changed crashy disabled', changedEvent('crashy', 'disabled'), LIVE_MS);
    cli('extensions', 'enable', 'crashy', '--yes');
    await within('revived by disable + enable', LIVE_MS + 5000, () => served('crashy.hello'));
    assert.equal((await peers.peerStatus('crashy'))?.recentCrashes, 0, 'a clean crash window');

    await breakIt();
    const res = await fetch(`${hub.url}api/hub/extensions/crashy/restart`, { method: 'POST', headers: headers() });
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(((await res.json()) as { peer?: unknown }).peer, { restarted: true });
    assert.equal(await refusal('crashy.hello'), undefined, 'revived by the restart route');
    assert.equal((await peers.peerStatus('crashy'))?.recentCrashes, 0);
  });
});
