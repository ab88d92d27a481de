// The one sweep of files left by dead writers, and the one temp-name rule.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { atomicTempOwner, atomicTempPath, sweepDeadWritersFiles, unlinkQuietly } from '../../src/store/index.js';

/** The pid of a process that has exited (a child that ran `node -e 0`). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8', timeout: 10_000 });
  return Number(child.stdout);
}

test('atomicTempOwner reads the writer pid of a temp name, for one target or any *.json', () => {
  const name = path.basename(atomicTempPath('/x/approvals.json', 4242));
  assert.equal(atomicTempOwner(name, 'approvals.json'), 4242);
  assert.equal(atomicTempOwner(name), 4242);
  assert.equal(atomicTempOwner(name, 'config.json'), undefined);
  assert.equal(atomicTempOwner('notes.txt.4242-abc.tmp'), undefined, 'only the reserved *.json form without a target');
  assert.equal(atomicTempOwner('a.json.0-abc.tmp'), undefined);
  assert.equal(atomicTempOwner('a.json.12-xyz.tmp'), undefined);
});

test('sweepDeadWritersFiles removes the files of dead writers only, and never throws', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'temp-sweep-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dead = deadPid();
  const names = [`a.json.${dead}-abc.tmp`, `a.json.${process.pid}-abc.tmp`, `a.json.${process.ppid}-abc.tmp`, 'a.json', `notes.txt.${dead}-abc.tmp`];
  for (const name of names) fs.writeFileSync(path.join(dir, name), '');
  fs.mkdirSync(path.join(dir, `b.json.${dead}-def.tmp`));
  const removed = sweepDeadWritersFiles(dir, (name) => atomicTempOwner(name));
  assert.deepEqual(removed, [path.join(dir, `a.json.${dead}-abc.tmp`)]);
  assert.deepEqual(fs.readdirSync(dir).sort(), [...names.slice(1), `b.json.${dead}-def.tmp`].sort());
  assert.deepEqual(sweepDeadWritersFiles(path.join(dir, 'missing'), () => dead), []);
  assert.equal(unlinkQuietly(path.join(dir, 'missing')), false);
  assert.equal(unlinkQuietly(path.join(dir, 'a.json')), true);
});
