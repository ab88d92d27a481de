// The watch that spares a request the approvals file's stat while nothing in its folder changed: every kind of
// change moves the generation on, and where a change could go unseen it vouches for nothing.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ApprovalFileWatch, WATCHED_VERDICT_MAX_AGE_MS } from '../../src/sidecars/approval-watch.js';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outboard-approval-watch-'));
  dirs.push(dir);
  return dir;
}

/** Resolves once the watch has moved past `generation` (bounded: fails after 2 s). */
async function movedOn(watch: ApprovalFileWatch, generation: number): Promise<boolean> {
  const until = Date.now() + 2000;
  while (Date.now() < until) {
    if (!watch.vouches(generation, Date.now(), Date.now())) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

describe('ApprovalFileWatch', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('vouches for a verdict until the file is replaced (atomic rename), written in place, or its mode changes', { skip: process.platform !== 'linux' && 'inotify only' }, async () => {
    const dir = folder();
    const file = join(dir, 'approvals.json');
    writeFileSync(file, '{}', { mode: 0o600 });
    const watch = new ApprovalFileWatch(file);
    try {
      const changes: Array<() => void> = [
        () => {
          writeFileSync(join(dir, 'approvals.json.tmp'), '{"a":1}', { mode: 0o600 });
          renameSync(join(dir, 'approvals.json.tmp'), file);
        },
        () => writeFileSync(file, '{"b":2}'),
        () => chmodSync(file, 0o666),
        () => rmSync(file),
      ];
      for (const change of changes) {
        const generation = watch.generation();
        assert.notEqual(generation, undefined);
        const now = Date.now();
        assert.equal(watch.vouches(generation as number, now, now), true, 'nothing changed yet');
        change();
        assert.ok(await movedOn(watch, generation as number), `the change was seen: ${change.toString()}`);
      }
    } finally {
      watch.dispose();
    }
  });

  it('vouches for nothing older than its maximum age, nor after it is disposed', () => {
    const dir = folder();
    const watch = new ApprovalFileWatch(join(dir, 'approvals.json'));
    const generation = watch.generation() as number;
    const now = Date.now();
    assert.equal(watch.vouches(generation, now - WATCHED_VERDICT_MAX_AGE_MS, now), false);
    watch.dispose();
    assert.equal(watch.generation(), undefined);
    assert.equal(watch.vouches(generation, now, now), false);
  });

  it('vouches for nothing off Linux, where watch events may arrive after a request that follows the change', () => {
    const watch = new ApprovalFileWatch(join(folder(), 'approvals.json'), 'darwin');
    assert.equal(watch.generation(), undefined);
    watch.dispose();
  });

  it('has no generation for a folder that does not exist or a file that is a symbolic link', () => {
    const missing = new ApprovalFileWatch(join(folder(), 'nowhere', 'approvals.json'));
    assert.equal(missing.generation(), undefined);
    missing.dispose();
    const dir = folder();
    writeFileSync(join(dir, 'elsewhere.json'), '{}');
    symlinkSync(join(dir, 'elsewhere.json'), join(dir, 'approvals.json'));
    const linked = new ApprovalFileWatch(join(dir, 'approvals.json'));
    assert.equal(linked.generation(), undefined, 'the target of a link may change without an event in this folder');
    linked.dispose();
  });
});
