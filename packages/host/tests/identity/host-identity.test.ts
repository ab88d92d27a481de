// The identity: every name a user sees derives from it, and bad options fail naming the option.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { resolveHomeDir, resolveHostIdentity } from '../../src/identity/host-identity.js';

test('defaults derive from the id', () => {
  const identity = resolveHostIdentity({ id: 'n-dx', version: '2.3.0' });
  assert.deepEqual(identity, {
    id: 'n-dx',
    displayName: 'N-dx',
    version: '2.3.0',
    envPrefix: 'N_DX',
    builtins: [],
    binPath: undefined,
    legacyHome: undefined,
    experiments: [],
  });
  assert.deepEqual(resolveHostIdentity({ id: 'ndx', version: '1.0.0', experiments: ['a', 'a', 'b'] }).experiments, ['a', 'b']);
});

test('bad options throw a TypeError naming the option', () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ id: 'Ndx', version: '1.0.0' }, /identity\.id/],
    [{ id: 'ndx', version: '' }, /identity\.version/],
    [{ id: 'ndx', version: '1.0.0', envPrefix: 'ndx' }, /identity\.envPrefix/],
    [{ id: 'ndx', version: '1.0.0', experiments: ['has.dot'] }, /identity\.experiments/],
    [{ id: 'ndx', version: '1.0.0', binPath: 'relative/cli.js' }, /identity\.binPath/],
    [{ id: 'ndx', version: '1.0.0', builtins: ['ok', ''] }, /identity\.builtins/],
  ];
  for (const [options, message] of cases) assert.throws(() => resolveHostIdentity(options as never), (e: unknown) => e instanceof TypeError && message.test(e.message));
});

test('the home: <P>_HOME, else ~/.<id>, else the legacy home when only it exists', (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const identity = resolveHostIdentity({ id: 'ndx-test-identity-home', version: '1.0.0', legacyHome: path.join(root, 'legacy') });
  assert.equal(resolveHomeDir(identity, { NDX_TEST_IDENTITY_HOME_HOME: 'rel/home' }), path.resolve('rel/home'));
  assert.equal(resolveHomeDir(identity, {}), path.join(os.homedir(), '.ndx-test-identity-home'));
  fs.mkdirSync(path.join(root, 'legacy'));
  assert.equal(resolveHomeDir(identity, {}), path.join(root, 'legacy'));
});
