// docs/clients.md: the dashboard example of each language is run as written against a real hub daemon, and
// prints what the hub holds and the events published while it runs.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';
import { useClientHub } from './lib/client-hub.js';
import { spawnCollecting } from './lib/collecting-child.js';

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
  const s = useClientHub();
  // Inside the repository, so that `@outboard/client` resolves as it does for an installed package.
  const dir = mkdtempSync(join(REPO_ROOT, 'tests', 'e2e', 'dist', 'docs-clients-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [language, file, argv] of [
    ['ts', 'dashboard.mjs', [process.execPath]],
    ['python', 'dashboard.py', ['python3']],
  ] as const) {
    it(`the ${language} dashboard lists the extensions and prints the events published while it runs`, async () => {
      writeFileSync(join(dir, file), example(language));
      const env = { ...process.env, OUTBOARD_HOME: s.h.home, DASHBOARD_SECONDS: '6', PYTHONPATH: join(REPO_ROOT, 'clients', 'python'), PYTHONDONTWRITEBYTECODE: '1' };
      const dashboard = spawnCollecting(argv[0], [join(dir, file)], { env, guardMs: 90_000 });
      await waitFor('the dashboard to list the extensions', () => /^demo\s+enabled/m.test(dashboard.out) || dashboard.err, 40_000);
      const name = `dash-${language}`;
      await s.hub.projects.add(s.h.folder(name), { id: name, name });
      assert.equal(await dashboard.closed, 0, `${dashboard.out}\n${dashboard.err}`);
      const { out, err } = dashboard;
      assert.match(out, /^hub \S+ at http:\/\/127\.0\.0\.1:\d+\/$/m, out);
      assert.match(out, /^demo\s+enabled/m, out);
      assert.match(out, /^#\d+ project\.registered from outboard$/m, `${out}\n${err}`);
    });
  }
});
