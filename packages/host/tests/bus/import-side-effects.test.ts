// Running a command must not pay for the bus, the broker or the project store: their modules may be imported
// (or bundled) without doing anything. Importing them in a fresh process starts no timer, handle or file access.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const MODULES = ['bus/index.js', 'broker/index.js', 'projects/index.js', 'storage/index.js', 'contributions/contribution-registry.js', 'contributions/action-input.js', 'contributions/contribution-owner.js', 'peers/hub-request.js', 'peers/activation.js', 'peers/peer-services.js'];

describe('bus, broker and projects modules', () => {
  it('have no side effects at import: no handle, timer or file is created', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'outboard-import-'));
    try {
      const urls = MODULES.map((m) => pathToFileURL(join(SRC, m)).href);
      // The loader's own file reads settle within a turn; stdout is touched only after the measure.
      const script = `const settle = () => new Promise((resolve) => setImmediate(resolve));
        await settle();
        const before = process.getActiveResourcesInfo().length;
        for (const url of ${JSON.stringify(urls)}) await import(url);
        await settle();
        const after = process.getActiveResourcesInfo();
        process.stdout.write(JSON.stringify({ before, after }));`;
      const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8', env: { ...process.env, HOME: cwd }, timeout: 20_000 })) as { before: number; after: string[] };
      assert.equal(out.after.length, out.before, `resources after import: ${out.after.join(', ')}`);
      assert.deepEqual(readdirSync(cwd), []);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
