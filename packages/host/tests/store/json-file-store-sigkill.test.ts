import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonFileStore } from '../../src/store/index.js';
import { startFixture, type RunningFixture } from './fixture-process.js';

interface Doc {
  keys: Record<string, number>;
  blob: string;
}

const KILLS = 50;
const WRITERS_PER_ROUND = 2; // two at once, so kills also land while the other writer waits for the lock
const TOTAL_BUDGET_MS = 40_000;

async function killAtRandomMoment(writer: RunningFixture): Promise<void> {
  await writer.waitForLine((line) => line === 'ready');
  // A random moment within the first few writes; some kills land inside update(), some between.
  await new Promise((done) => setTimeout(done, Math.random() * 40));
  writer.child.kill('SIGKILL');
  const exit = await writer.exited;
  assert.equal(exit.signal, 'SIGKILL', `writer should die of SIGKILL, stdout: ${writer.lines.join('|')}`);
}

test('writers SIGKILLed mid-write 50 times never leave a broken file or lose a completed write', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'store-sigkill-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'state.json');
  const completed: string[] = [];
  const started = Date.now();
  let kills = 0;
  let killedMidWrite = 0;
  for (let round = 0; kills < KILLS && Date.now() - started < TOTAL_BUDGET_MS; round++) {
    const writers = Array.from({ length: WRITERS_PER_ROUND }, (_, i) => startFixture('looping-writer.js', [file, `r${round}w${i}`]));
    t.after(() => writers.forEach((w) => w.child.kill('SIGKILL')));
    await Promise.all(writers.map(killAtRandomMoment));
    kills += writers.length;
    for (const writer of writers) {
      const done = writer.lines.filter((l) => l.startsWith('done ')).map((l) => l.slice(5));
      if (writer.lines.filter((l) => l.startsWith('begin ')).length > done.length) killedMidWrite++;
      completed.push(...done);
    }
    // Before the first completed write there may be no file yet; once there is one it must always parse.
    if (!existsSync(file)) {
      assert.deepEqual(completed, [], `completed writes but no file after round ${round}`);
      continue;
    }
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as Doc;
    for (const key of completed) assert.ok(key in onDisk.keys, `completed write ${key} missing after round ${round}`);
  }
  t.diagnostic(`${kills} kills, ${completed.length} completed writes, ${killedMidWrite} writers killed inside an update, ${Date.now() - started} ms`);
  assert.equal(kills, KILLS, 'all kills happened within the time budget');
  assert.ok(completed.length > 0, 'at least some writes completed');
  assert.ok(killedMidWrite > 0, 'at least one writer was killed inside an update');

  // The next writer breaks any lock left by a killed one and sweeps its temp files.
  const store = new JsonFileStore<Doc>({ path: file, empty: () => ({ keys: {}, blob: '' }), lock: { timeoutMs: 2_000 } });
  const final = await store.update((draft) => {
    draft.keys['final'] = 1;
  });
  for (const key of completed) assert.ok(key in final.value.keys);
  assert.deepEqual(readdirSync(dir), ['state.json']);
});
