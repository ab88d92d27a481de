import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { exitCodeOf, runForegroundCommand, RunnableError } from '../../src/run/index.js';
import { currentEnv, fixture, makeTempDir, within } from './run-fixtures.js';

const node = process.execPath;

function run(args: string[]): Promise<number> {
  return within(runForegroundCommand({ command: node, args, env: currentEnv() }), 10_000, `node ${args.join(' ')}`);
}

describe('runForegroundCommand', () => {
  const temp = makeTempDir();
  after(() => temp.dispose());

  for (const code of [0, 1, 7, 255]) {
    it(`passes exit code ${code} through`, { timeout: 15_000 }, async () => {
      assert.equal(await run([fixture('exit-with.js'), String(code)]), code);
    });
  }

  for (const [signal, expected] of [['SIGKILL', 137], ['SIGTERM', 143]] as const) {
    it(`reports death by ${signal} as ${expected}`, { timeout: 15_000 }, async () => {
      assert.equal(await run([fixture('kill-self.js'), signal]), expected);
    });
  }

  it('maps codes and signals like a shell', () => {
    assert.equal(exitCodeOf(3, null), 3);
    assert.equal(exitCodeOf(null, 'SIGINT'), 130);
    assert.equal(exitCodeOf(null, 'SIGHUP'), 129);
    assert.equal(exitCodeOf(null, null), 1);
  });

  it('passes arguments untouched: no shell, no globbing, no expansion', { timeout: 15_000 }, async () => {
    const out = path.join(temp.dir, 'args.json');
    const weird = ['two words', '"double"', "'single'", '--', '--flag=a b', 'ünïcödé ✓ 日本', '', '$HOME', '*', ';', '&& echo hi', '|', '`id`', '$(id)', 'line\nbreak', '\\', '~'];
    assert.equal(await run([fixture('args.js'), out, ...weird]), 0);
    const seen = JSON.parse(fs.readFileSync(out, 'utf8')) as { cwd: string; args: string[] };
    assert.deepEqual(seen.args, weird);
    assert.equal(seen.cwd, process.cwd(), 'cwd is unchanged by default');
  });

  it('uses the given cwd and exactly the given environment', { timeout: 15_000 }, async () => {
    const out = path.join(temp.dir, 'env.json');
    const code = await within(
      runForegroundCommand({ command: node, args: [fixture('print-env.js'), out], env: { ONLY_THIS: 'yes' }, cwd: temp.dir }),
      10_000,
      'print-env',
    );
    assert.equal(code, 0);
    const env = JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, string>;
    assert.equal(env['ONLY_THIS'], 'yes');
    assert.equal(env['PATH'], undefined, 'nothing from the host leaks in beyond env');
  });

  it('rejects with RUNNABLE_SPAWN_FAILED for a missing or non-executable program, and restores signal listeners', { timeout: 15_000 }, async () => {
    const before = process.listenerCount('SIGINT');
    const noexec = path.join(temp.dir, 'noexec');
    fs.writeFileSync(noexec, '#!/bin/sh\n', { mode: 0o644 });
    for (const command of [path.join(temp.dir, 'missing-program'), noexec]) {
      await assert.rejects(
        within(runForegroundCommand({ command, args: [], env: currentEnv() }), 10_000, command),
        (error: unknown) => error instanceof RunnableError && error.code === 'RUNNABLE_SPAWN_FAILED' && error.message.includes(command) && error.hint !== undefined,
      );
    }
    assert.equal(process.listenerCount('SIGINT'), before);
  });

  it('suspends the host\'s own signal listeners while the child runs and restores them after', { timeout: 15_000 }, async () => {
    const mine = (): void => {};
    process.on('SIGINT', mine);
    process.on('SIGTERM', mine);
    const signals = ['SIGINT', 'SIGQUIT', 'SIGTERM', 'SIGHUP'] as const;
    const before = new Map(signals.map((s) => [s, process.listeners(s)]));
    try {
      const running = run([fixture('exit-with.js'), '0']);
      for (const signal of signals) {
        assert.equal(process.listenerCount(signal), 1, `${signal}: only the foreground hold listens while the child runs`);
      }
      assert.equal(process.listeners('SIGINT').includes(mine), false);
      assert.equal(await running, 0);
      for (const signal of signals) assert.deepEqual(process.listeners(signal), before.get(signal), `${signal} listeners restored`);
      assert.ok(process.listeners('SIGINT').includes(mine));
    } finally {
      process.removeListener('SIGINT', mine);
      process.removeListener('SIGTERM', mine);
    }
  });
});
