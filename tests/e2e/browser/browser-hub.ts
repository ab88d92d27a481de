/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// A hub for the browser tests: a throwaway home with the examples linked (most approved) and a fixture
// extension that asks for a sensitive capability, the real CLI running `hub start --foreground`, and headless
// Chromium (playwright-core, the system's /usr/bin/chromium) with a fresh profile, on 127.0.0.1 only.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CLI_MAIN, REPO_ROOT, runCli, tempDir, writeFiles } from '../lib/fixture-home.js';
import { writePeerPackage } from '../lib/peer-package.js';

/** Where the browser tests leave their screenshots (gitignored). */
export const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');

/** The Chromium the tests drive (Debian's package; `.ci/run` installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/** A running hub in a throwaway home. */
export interface BrowserHub {
  home: string;
  cwd: string;
  url: string;
  port: number;
  token: string;
  /** The sign-in link the hub printed when it started. */
  signIn: string;
  projectRoot: string;
  /** The organisation policy file the hub reads (it blocks the fixture `crate`). */
  policyFile: string;
  cli(args: string[]): ReturnType<typeof runCli>;
  /** `POST /api/rpc` with the token. */
  rpc<T>(method: string, params?: object): Promise<T>;
  stop(): Promise<void>;
}

/** The SDK as the fixture peers import it: this checkout's built package. */
const SDK_URL = pathToFileURL(join(REPO_ROOT, 'packages', 'sdk', 'dist', 'src', 'index.js')).href;

/** The fixture `vault`: a peer whose action needs the sensitive `rpc.call` and answers markdown (with HTML in it). */
function writeVault(dir: string): void {
  writePeerPackage(
    dir,
    {
      name: 'vault',
      packageName: 'outboard-fixture-vault',
      bin: 'peer.mjs',
      activation: ['onAction'],
      block: { displayName: 'Vault', description: 'Asks for a sensitive capability' },
      contributes: {
        actions: [{ id: 'vault.open', title: 'Open the vault', argsSchema: { type: 'object', properties: { label: { type: 'string', description: 'what to open' }, times: { type: 'integer' } }, required: ['label'] } }],
      },
      capabilities: { required: ['ui.action.contribute', 'rpc.call'], optional: [] },
    },
    {
      files: {
        'peer.mjs': `import { runPeer } from ${JSON.stringify(SDK_URL)};
runPeer({
  actions: {
    'vault.open': async (args, { progress }) => {
      progress({ message: 'opening', percentage: 50 });
      return { view: { type: 'markdown', markdown: '# Opened\\n**' + args.label + '** x' + (args.times ?? 1) + ' <script>alert(1)</script> [evil](javascript:alert(1))' } };
    },
  },
});
`,
      },
    },
  );
}

/** How long the fixture `slowview`'s view takes to render, in ms (under the pages' 3 s view deadline). */
export const SLOW_VIEW_MS = 2000;

/** The fixture `slowview`: a peer with a CPU limit whose home view answers after {@link SLOW_VIEW_MS} of busy work. */
function writeSlowView(dir: string): void {
  writePeerPackage(
    dir,
    {
      name: 'slowview',
      packageName: 'outboard-fixture-slowview',
      bin: 'peer.mjs',
      activation: ['onView'],
      // A CPU limit its busy render runs into: the Running page shows it throttled.
      block: { displayName: 'Slow view', limits: { cpuPercent: 25 } },
      contributes: { views: [{ id: 'slowview.slow', title: 'A slow view', where: ['home'] }] },
      capabilities: { required: [], optional: [] },
    },
    {
      files: {
        'peer.mjs': `import { runPeer } from ${JSON.stringify(SDK_URL)};
let renders = 0;
runPeer({
  views: {
    'slowview.slow': async () => {
      const end = Date.now() + ${SLOW_VIEW_MS};
      while (Date.now() < end); // busy, so its CPU limit holds it back
      return { type: 'text', text: 'slow view render ' + ++renders };
    },
  },
});
`,
      },
    },
  );
}

/** The fixture `crate`, which the hub's policy file blocks by name. */
function writeBlocked(dir: string): void {
  writeFiles(dir, {
    'package.json': {
      name: 'outboard-fixture-crate',
      version: '2.0.0',
      engines: { outboard: '>=0.1.0' },
      outboard: { extension: { apiVersion: 1, name: 'crate', displayName: 'Crate', description: 'Blocked by the organisation policy', commands: [{ name: 'crate', bin: 'crate.js' }] } },
    },
    'crate.js': '',
  });
}

/**
 * Starts a hub: examples linked; every one enabled except `python-example` (left unapproved) and `hello`
 * (disabled); the fixture `vault` linked and unapproved; the fixture `slowview` (a view slow to render) and
 * `crate` enabled, `crate` then blocked by the hub's policy file; one registered project.
 */
export async function startBrowserHub(): Promise<BrowserHub & { cleanup(): void }> {
  const tmp = tempDir('outboard-browser-');
  const home = join(tmp.path, 'home');
  const cwd = tmp.path;
  const cli = (args: string[]) => runCli(args, { home, cwd });
  for (const name of readdirSync(join(REPO_ROOT, 'examples')).sort()) {
    const dir = join(REPO_ROOT, 'examples', name);
    if (existsSync(join(dir, 'package.json'))) assert.equal(cli(['extensions', 'link', dir]).code, 0, `link ${name}`);
  }
  const vault = join(tmp.path, 'vault');
  writeVault(vault);
  assert.equal(cli(['extensions', 'link', vault]).code, 0);
  const slow = join(tmp.path, 'slowview');
  writeSlowView(slow);
  assert.equal(cli(['extensions', 'link', slow]).code, 0);
  const crate = join(tmp.path, 'crate');
  writeBlocked(crate);
  assert.equal(cli(['extensions', 'link', crate]).code, 0);
  const policyFile = join(tmp.path, 'policy.json');
  writeFiles(tmp.path, { 'policy.json': { blocked: ['outboard-fixture-crate'] } });
  for (const name of ['dashboard', 'git-status', 'hello', 'notes', 'slowview', 'crate']) {
    const r = cli(['extensions', 'enable', name, '--yes', '--grant-all']);
    assert.equal(r.code, 0, r.stderr);
  }
  assert.equal(cli(['extensions', 'disable', 'hello']).code, 0);
  const projectRoot = join(tmp.path, 'proj');
  mkdirSync(projectRoot);
  writeFiles(projectRoot, { 'package.json': { name: 'proj' } });
  assert.equal(cli(['projects', 'add', projectRoot, '--id', 'proj']).code, 0);
  const child: ChildProcess = spawn(process.execPath, [CLI_MAIN, 'hub', 'start', '--foreground', '--port', '0'], {
    cwd,
    env: { ...process.env, OUTBOARD_HOME: home, OUTBOARD_POLICY_FILE: policyFile },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (output += d));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !/Hub running at/.test(output) && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
  // The link a person gets: `hub status` prints a fresh one (a one-time code) for the running hub.
  const status = cli(['hub', 'status']);
  const signIn = /(http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+)/.exec(status.stdout)?.[1];
  if (!signIn) {
    child.kill('SIGKILL');
    tmp.cleanup();
    assert.fail(`no sign-in link; hub output:\n${output}\nhub status:\n${status.stdout}${status.stderr}`);
  }
  const url = new URL(signIn);
  const token = readFileSync(join(home, 'token'), 'utf8').trim();
  const base = `${url.protocol}//${url.host}/`;
  let rpcId = 0;
  return {
    home,
    cwd,
    url: base,
    port: Number(url.port),
    token,
    signIn,
    projectRoot,
    policyFile,
    cli,
    async rpc<T>(method: string, params: object = {}): Promise<T> {
      const res = await fetch(`${base}api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-outboard-token': token }, body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }) });
      const body = (await res.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result as T;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
    cleanup: () => tmp.cleanup(),
  };
}

/** Headless Chromium with a fresh profile, reaching nothing but 127.0.0.1. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium), as .ci/run does`);
  const profile = tempDir('outboard-chromium-');
  const context = await chromium.launchPersistentContext(profile.path, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost, EXCLUDE *.localhost'],
    viewport: { width: 1100, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      profile.cleanup();
    },
  };
}

/** Saves a full-page screenshot as `test-artifacts/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG A and AA violations axe-core finds on the page as it is now (id, impact, the first nodes). */
export async function axeViolations(page: Page): Promise<Array<{ id: string; help: string; nodes: string[] }>> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline script) does not govern.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }));
  });
}
