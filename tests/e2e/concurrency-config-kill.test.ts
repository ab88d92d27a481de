import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, writeFiles } from './lib/fixture-home.js';
import { startCli } from './lib/start-cli.js';

describe('concurrent CLI processes never lose an update', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('SIGKILL at random moments, 50 times: config.json always parses and keeps every write that exited 0', async (t) => {
    const home = join(tmp.path, 'kill-home');
    const cwd = join(tmp.path, 'kill-work');
    writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
    const file = join(home, 'config.json');
    const committed = new Map<string, number>();
    let killed = 0;
    // How long a write takes on this machine now (5 at once, none killed): the kills are spread over that span.
    const started = Date.now();
    const calibration = await Promise.all(Array.from({ length: 5 }, (_, j) => startCli(['config', `extensions.x.c${j}`, String(j), '--user'], home, cwd)));
    const span = Date.now() - started;
    for (const [j, exit] of calibration.entries()) {
      assert.equal(exit.code, 0, exit.stderr);
      committed.set(`c${j}`, j);
    }
    // 10 rounds of 5 concurrent writers (distinct keys), each SIGKILLed at a random moment of that span.
    for (let round = 0; round < 10; round++) {
      const batch = Array.from({ length: 5 }, (_, j) => {
        const i = round * 5 + j;
        const delay = Math.floor(Math.random() * span * 1.2);
        return startCli(['config', `extensions.x.k${i}`, String(i * 7), '--user'], home, cwd, delay).then((exit) => ({ i, exit }));
      });
      for (const { i, exit } of await Promise.all(batch)) {
        if (exit.code === 0) committed.set(`k${i}`, i * 7);
        else {
          assert.equal(exit.signal, 'SIGKILL', `k${i} failed without being killed: ${exit.stderr}`);
          killed++;
        }
      }
      if (existsSync(file)) {
        const text = readFileSync(file, 'utf8');
        let parsed: { extensions?: { x?: Record<string, number> } };
        assert.doesNotThrow(() => (parsed = JSON.parse(text)), `round ${round}: config.json does not parse:\n${text}`);
        const x = parsed!.extensions?.x ?? {};
        for (const [k, v] of committed) assert.equal(x[k], v, `round ${round}: ${k} was written (exit 0) but is missing`);
      } else {
        assert.fail('config.json disappeared');
      }
    }
    // A final clean write still works after all the kills (stale locks are broken, temp files swept).
    const last = await startCli(['config', 'extensions.x.final', 'true', '--user'], home, cwd);
    assert.equal(last.code, 0, last.stderr);
    const final = JSON.parse(readFileSync(file, 'utf8')) as { extensions: { x: Record<string, unknown> } };
    for (const [k, v] of committed) assert.equal(final.extensions.x[k], v);
    assert.equal(final.extensions.x['final'], true);
    assert.deepEqual(readdirSync(home).filter((f) => f.endsWith('.tmp')), []);
    t.diagnostic(`a write took ~${span} ms; of 50 writers ${committed.size - 5} exited 0 and ${killed} were killed`);
    assert.ok(killed > 0, 'no writer was killed: the test proved nothing');
  });
});
