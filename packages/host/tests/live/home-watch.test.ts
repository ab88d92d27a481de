// The watch of a home sees a change made by another process within a second: through fs.watch, and by
// polling alone (a file system without change notifications). Entries the home holds besides its facts
// (logs, caches, locks) do not count.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { HomeWatch } from '../../src/index.js';
import { waitUntil } from '../wait-until.js';

/** Writes `file` from another process, atomically (temp file + rename), as the host's writers do. */
function writeFromAnotherProcess(file: string, text: string): void {
  execFileSync(process.execPath, ['-e', `const fs = require('node:fs'); fs.writeFileSync(process.argv[1] + '.tmp', process.argv[2]); fs.renameSync(process.argv[1] + '.tmp', process.argv[1]);`, file, text]);
}

describe('HomeWatch', () => {
  let home: string;
  let watch: HomeWatch | undefined;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'outboard-home-watch-'));
  });
  afterEach(() => {
    watch?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  for (const useWatch of [true, false]) {
    it(`sees approvals.json written by another process within 1 s (${useWatch ? 'fs.watch' : 'polling only'})`, async () => {
      const seen: string[] = [];
      watch = new HomeWatch({ folders: () => [{ dir: home, names: ['approvals.json', 'config.json'] }], onChange: (why) => seen.push(why), useWatch });
      assert.equal(watch.watching, useWatch);
      writeFromAnotherProcess(join(home, 'approvals.json'), '{}');
      // Counted from when the writer is done (starting a Node process takes a while on a busy machine).
      const at = Date.now();
      await waitUntil('the change', () => seen.length > 0, 1000, 5);
      assert.ok(Date.now() - at <= 1000);
    });
  }

  it('ignores entries it was not asked about (a log, the discovery cache)', async () => {
    const seen: string[] = [];
    watch = new HomeWatch({ folders: () => [{ dir: home, names: ['approvals.json'] }], onChange: (why) => seen.push(why) });
    writeFromAnotherProcess(join(home, 'extensions.json'), '{}');
    mkdirSync(join(home, 'ext'));
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(seen, []);
    writeFromAnotherProcess(join(home, 'approvals.json'), '{}');
    await waitUntil('the change', () => seen.length > 0, 1000, 5);
  });

  it('polls a folder that does not exist yet, and sees it appear', async () => {
    const seen: string[] = [];
    const later = join(home, 'extensions', 'node_modules');
    watch = new HomeWatch({ folders: () => [{ dir: later }], onChange: (why) => seen.push(why), fallbackPollMs: 50 });
    assert.equal(watch.watching, false);
    execFileSync(process.execPath, ['-e', 'require("node:fs").mkdirSync(process.argv[1], { recursive: true })', later]);
    await waitUntil('the folder seen', () => seen.length > 0, 1000, 5);
  });

  it('refuses bad options naming them', () => {
    assert.throws(() => new HomeWatch({ folders: () => [], onChange: () => undefined, fallbackPollMs: 0 }), /fallbackPollMs/);
    assert.throws(() => new HomeWatch({ folders: undefined as never, onChange: () => undefined }), /folders/);
  });
});
