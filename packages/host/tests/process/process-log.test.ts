// The peer log in memory of a real folder: writes never touch the disk synchronously, arrive in order,
// rotate as a synchronous writer would, and drop only what the rotation would drop anyway.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessLog } from '../../src/process/process-log.js';

function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'outboard-peer-log-'));
  return run(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

describe('ProcessLog', () => {
  it('queues without writing in the caller\'s turn, then writes everything in order', async () => {
    await withDir(async (dir) => {
      const log = new ProcessLog({ dir });
      for (let i = 0; i < 1000; i++) log.write(`line ${i}\n`);
      log.note('a host note');
      assert.equal(existsSync(log.path) ? statSync(log.path).size : 0, 0, 'nothing written synchronously');
      await log.flush();
      const lines = readFileSync(log.path, 'utf8').split('\n').filter(Boolean);
      assert.equal(lines.length, 1001);
      assert.deepEqual(lines.slice(0, 1000), Array.from({ length: 1000 }, (_, i) => `line ${i}`));
      assert.match(lines[1000] as string, /^\[host .*\] a host note$/);
      assert.deepEqual(log.tail().slice(-2), ['line 998', 'line 999']);
      await log.close();
      await log.close();
    });
  });

  it('rotates before a chunk that would take the file over maxBytes, keeping `keep` files', async () => {
    await withDir(async (dir) => {
      const log = new ProcessLog({ dir, maxBytes: 100, keep: 2 });
      // 10 chunks of 30 bytes: 3 per file (90 bytes), the 4th goes to a new file.
      for (let i = 0; i < 10; i++) log.write(`${String(i).padStart(2, '0')}${'x'.repeat(27)}\n`);
      await log.close();
      const read = (f: string): string[] => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => l.slice(0, 2));
      assert.deepEqual(read(log.path), ['09']);
      assert.deepEqual(read(`${log.path}.1`), ['06', '07', '08']);
      assert.deepEqual(read(`${log.path}.2`), ['03', '04', '05']);
      assert.equal(existsSync(`${log.path}.3`), false);
      for (const f of [log.path, `${log.path}.1`, `${log.path}.2`]) assert.ok(statSync(f).size <= 100);
    });
  });

  it('drops only what the rotation could not keep, and says so', async () => {
    await withDir(async (dir) => {
      const log = new ProcessLog({ dir, maxBytes: 1000, keep: 1 });
      // 100 chunks of 100 bytes at once: the two files keep 2000 bytes; the oldest are dropped first.
      for (let i = 0; i < 100; i++) log.write(`${String(i).padStart(3, '0')}${'y'.repeat(96)}\n`);
      await log.close();
      const all = [`${log.path}.1`, log.path].flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean));
      const kept = all.filter((l) => !l.startsWith('[host')).map((l) => Number(l.slice(0, 3)));
      assert.deepEqual(kept, kept.slice().sort((a, b) => a - b), 'in order');
      assert.equal(kept.at(-1), 99, 'the newest are kept');
      assert.ok(all.some((l) => /bytes of output dropped/.test(l)), 'the drop is noted');
    });
  });
});
