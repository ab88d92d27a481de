// extensions.<name>.limits: the user may lower an extension's manifest limits, never raise them. A raise is
// refused where it is written (the config command) and where it would apply (a launch), naming the fix
// with the host's own id.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigService } from '../../src/config/index.js';
import { checkedLimits } from '../../src/config/limits-config.js';
import { ConfigError } from '../../src/config/config-error.js';

function service(t: { after(fn: () => void): void }): ConfigService {
  const root = mkdtempSync(join(tmpdir(), 'limits-config-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'home'));
  return new ConfigService({ hostId: 'ndx', home: join(root, 'home'), cwd: root, projectRoot: null, limitsFor: (name) => (name === 'git' ? { memoryMb: 256, processes: 32 } : undefined) });
}

test('a lower limit is written; a raise of the manifest is refused with CONFIG_LIMIT_RAISED naming the fix', async (t) => {
  const config = service(t);
  await config.set('extensions.git.limits.memoryMb', 128, { scope: 'user' });
  await config.set('extensions.git.limits.openFiles', 64, { scope: 'user' });
  assert.deepEqual(config.userLimits('git'), { memoryMb: 128, openFiles: 64 });
  const raised = await config.set('extensions.git.limits.processes', 64, { scope: 'user' }).then(() => undefined, (e: unknown) => e);
  assert.ok(raised instanceof ConfigError);
  assert.equal(raised.code, 'CONFIG_LIMIT_RAISED');
  assert.match(raised.message, /processes 64 is above the manifest's 32/);
  assert.match(String(raised.hint), /`ndx config extensions\.git\.limits\.processes 32`/);
  const whole = await config.set('extensions.git.limits', { memoryMb: 512 }, { scope: 'user' }).then(() => undefined, (e: unknown) => e);
  assert.equal((whole as ConfigError).code, 'CONFIG_LIMIT_RAISED');
  assert.deepEqual(config.userLimits('git'), { memoryMb: 128, openFiles: 64 }, 'nothing refused was stored');
});

test('a value that is not a limit is refused with CONFIG_INVALID_VALUE naming the key and the rule', async (t) => {
  const config = service(t);
  for (const [key, value, pattern] of [
    ['extensions.git.limits.memoryMb', 8, /memoryMb must be a whole number of MiB >= 16, got 8/],
    ['extensions.git.limits.memoryMb', '64', /memoryMb must be a whole number/],
    ['extensions.git.limits.swapMb', 10, /swapMb is not a limit \(known: memoryMb, cpuPercent, openFiles, processes\)/],
  ] as const) {
    const error = await config.set(key, value, { scope: 'user' }).then(() => undefined, (e: unknown) => e);
    assert.equal((error as ConfigError).code, 'CONFIG_INVALID_VALUE', key);
    assert.match((error as Error).message, pattern);
  }
});

test('at launch: the lower of manifest and user applies; a hand-written raise refuses the launch', () => {
  assert.deepEqual(checkedLimits('ndx', 'git', { memoryMb: 256, processes: 32 }, { memoryMb: 128, openFiles: 64 }), { memoryMb: 128, processes: 32, openFiles: 64 });
  assert.deepEqual(checkedLimits('ndx', 'git', undefined, undefined), {});
  assert.throws(() => checkedLimits('ndx', 'git', { memoryMb: 256 }, { memoryMb: 1024 }), (e: unknown) => e instanceof ConfigError && e.code === 'CONFIG_LIMIT_RAISED' && /memoryMb 1024 is above the manifest's 256/.test(e.message));
});
