// docs/clients.md: the dashboard example of each language is run as written against a real hub daemon, and
// prints what the hub holds and the events published while it runs.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type HubClient } from '@outboard/client';
import { REPO_ROOT } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';
import { clientHubHome, type ClientHubHome } from './client-hub.js';

const doc = readFileSync(join(REPO_ROOT, 'docs', 'clients.md'), 'utf8');

/** The one fenced block of `language` in the page. */
function example(language: string): string {
  const blocks = [...doc.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] as string);
  assert.equal(blocks.length, 1, `docs/clients.md has one ${language} example`);
  const code = blocks[0] as string;
  assert.ok(code.trim().split('\n').length <= 20, `the ${language} example is at most 20 lines`);
  return code;
}

describe('docs/clients.md examples run against a real hub', { timeout: 180_000 }, () => {
  let h: ClientHubHome;
  let hub: HubClient;
  // Inside the repository, so that `@outboard/client` resolves as it does for an installed package.
  const dir = mkdtempSync(join(REPO_ROOT, 'tests', 'e2e', 'dist', 'docs-clients-'));
  before(async () => {
    h = clientHubHome();
    h.startHub();
    hub = await connect({ home: h.home, env: {} });
  });
  after(() => {
    hub?.close();
    h.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [language, file, argv] of [
    ['ts', 'dashboard.mjs', [process.execPath]],
    ['python', 'dashboard.py', ['python3']],
  ] as const) {
    it(`the ${language} dashboard lists the extensions and prints the events published while it runs`, async () => {
      writeFileSync(join(dir, file), example(language));
      const env = { ...process.env, OUTBOARD_HOME: h.home, DASHBOARD_SECONDS: '6', PYTHONPATH: join(REPO_ROOT, 'clients', 'python'), PYTHONDONTWRITEBYTECODE: '1' };
      const child = spawn(argv[0], [join(dir, file)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const guard = setTimeout(() => child.kill('SIGKILL'), 90_000);
      const code = new Promise<number | null>((resolve) => child.once('close', resolve));
      await waitFor('the dashboard to list the extensions', () => /^demo\s+enabled/m.test(out) || err, 40_000);
      const name = `dash-${language}`;
      await hub.projects.add(h.folder(name), { id: name, name });
      assert.equal(await code, 0, `${out}\n${err}`);
      clearTimeout(guard);
      assert.match(out, /^hub \S+ at http:\/\/127\.0\.0\.1:\d+\/$/m, out);
      assert.match(out, /^demo\s+enabled/m, out);
      assert.match(out, /^#\d+ project\.registered from outboard$/m, `${out}\n${err}`);
    });
  }
});
