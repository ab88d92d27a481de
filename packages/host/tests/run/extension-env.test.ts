import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildExtensionEnv } from '../../src/run/extension-env.js';
import { runForegroundCommand } from '../../src/run/foreground-command.js';
import type { ExtensionEnvInput } from '../../src/run/extension-env.js';
import { currentEnv, fixture, makeTempDir, within } from './run-fixtures.js';

const TOKEN = 'tok_9f2c4e7a1b3d5f60';

function input(dir: string, overrides: Partial<ExtensionEnvInput> = {}): ExtensionEnvInput {
  return {
    envPrefix: 'OUTBOARD',
    baseEnv: { PATH: '/usr/bin', LANG: 'C.UTF-8' },
    apiVersion: 1,
    hostVersion: '0.1.0',
    binPath: '/opt/outboard/cli.js',
    home: dir,
    extensionName: 'git',
    stateDir: path.join(dir, 'ext', 'git'),
    configFile: path.join(dir, 'ext', 'git', 'outboard-config-1-ab.json'),
    ...overrides,
  };
}

describe('buildExtensionEnv', () => {
  const temp = makeTempDir();
  const tokenFile = path.join(temp.dir, 'token');
  fs.writeFileSync(tokenFile, TOKEN, { mode: 0o600 });
  after(() => temp.dispose());

  it('adds every contract variable to the user environment', () => {
    const env = buildExtensionEnv(input(temp.dir));
    assert.deepEqual(env, {
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      OUTBOARD_EXTENSION_API: '1',
      OUTBOARD_VERSION: '0.1.0',
      OUTBOARD_BIN: '/opt/outboard/cli.js',
      OUTBOARD_HOME: temp.dir,
      OUTBOARD_EXTENSION_NAME: 'git',
      OUTBOARD_EXTENSION_STATE_DIR: path.join(temp.dir, 'ext', 'git'),
      OUTBOARD_EXTENSION_CONFIG: path.join(temp.dir, 'ext', 'git', 'outboard-config-1-ab.json'),
    });
  });

  it('drops stale variables of an outer run and never mutates baseEnv', () => {
    const baseEnv = {
      PATH: '/usr/bin',
      OUTBOARD_EXTENSION_NAME: 'outer',
      OUTBOARD_EXTENSION_SOMETHING_NEW: 'x',
      OUTBOARD_HUB_URL: 'http://127.0.0.1:1',
      OUTBOARD_TOKEN_FILE: '/stale/token',
      OUTBOARD_SIDECAR_SECRET: 'old-secret',
      OUTBOARD_TOKEN: 'old-token',
      OUTBOARD_HOME: '/user/choice',
      OUTBOARD_UNRELATED: 'kept',
      UNDEFINED_ONE: undefined,
    };
    const copy = { ...baseEnv };
    const env = buildExtensionEnv(input(temp.dir, { baseEnv }));
    assert.deepEqual(baseEnv, copy);
    assert.equal(env['OUTBOARD_EXTENSION_NAME'], 'git');
    for (const gone of ['OUTBOARD_EXTENSION_SOMETHING_NEW', 'OUTBOARD_HUB_URL', 'OUTBOARD_TOKEN_FILE', 'OUTBOARD_SIDECAR_SECRET', 'OUTBOARD_TOKEN', 'UNDEFINED_ONE']) {
      assert.equal(Object.hasOwn(env, gone), false, `${gone} must not be inherited`);
    }
    assert.equal(env['OUTBOARD_HOME'], temp.dir, 'home is what the caller resolved');
    assert.equal(env['OUTBOARD_UNRELATED'], 'kept');
  });

  it('sets hub variables only with a hub, and the token file only when it exists', () => {
    const withHub = buildExtensionEnv(input(temp.dir, { hub: { url: 'http://127.0.0.1:3117', tokenFile } }));
    assert.equal(withHub['OUTBOARD_HUB_URL'], 'http://127.0.0.1:3117');
    assert.equal(withHub['OUTBOARD_TOKEN_FILE'], tokenFile);
    const noFile = buildExtensionEnv(input(temp.dir, { hub: { url: 'http://127.0.0.1:3117', tokenFile: path.join(temp.dir, 'absent') } }));
    assert.equal(noFile['OUTBOARD_HUB_URL'], 'http://127.0.0.1:3117');
    assert.equal(Object.hasOwn(noFile, 'OUTBOARD_TOKEN_FILE'), false);
  });

  it('adds sidecar extras and refuses an extra that overrides a contract variable', () => {
    const env = buildExtensionEnv(input(temp.dir, { extra: { PORT: '40123', OUTBOARD_SIDECAR_SECRET: 's3cret' } }));
    assert.equal(env['PORT'], '40123');
    assert.equal(env['OUTBOARD_SIDECAR_SECRET'], 's3cret');
    assert.throws(() => buildExtensionEnv(input(temp.dir, { extra: { OUTBOARD_HOME: '/x' } })), (e: unknown) => e instanceof TypeError && /OUTBOARD_HOME/.test(e.message));
  });

  it('removes every variable whose name or value contains the token; an empty token removes nothing', () => {
    const baseEnv = { PATH: '/usr/bin', AUTH_HEADER: `Bearer ${TOKEN}`, [`X_${TOKEN}`]: '1', SAFE: 'ok' };
    const env = buildExtensionEnv(input(temp.dir, { baseEnv, tokenValue: TOKEN }));
    assert.equal(JSON.stringify(env).includes(TOKEN), false);
    assert.equal(env['SAFE'], 'ok');
    const untouched = buildExtensionEnv(input(temp.dir, { baseEnv: { SAFE: 'ok' }, tokenValue: '' }));
    assert.equal(untouched['SAFE'], 'ok');
  });

  it('derives every name from envPrefix (nothing hard-codes outboard)', () => {
    const env = buildExtensionEnv(
      input(temp.dir, { envPrefix: 'NDX', baseEnv: { NDX_HUB_URL: 'stale', OUTBOARD_HUB_URL: 'another host' }, extra: { NDX_SIDECAR_SECRET: 's' } }),
    );
    assert.equal(env['NDX_EXTENSION_NAME'], 'git');
    assert.equal(env['NDX_SIDECAR_SECRET'], 's');
    assert.equal(Object.hasOwn(env, 'NDX_HUB_URL'), false);
    assert.equal(env['OUTBOARD_HUB_URL'], 'another host', 'another host\'s variables are just user variables');
    assert.equal(Object.keys(env).some((k) => k.startsWith('OUTBOARD_EXTENSION')), false);
    assert.throws(() => buildExtensionEnv(input(temp.dir, { envPrefix: 'outboard' })), /envPrefix/);
    assert.throws(() => buildExtensionEnv(input(temp.dir, { envPrefix: 'OUTBOARD_' })), /envPrefix/);
  });

  it('is what a real child sees: no stale values, no token anywhere', { timeout: 15_000 }, async () => {
    const out = path.join(temp.dir, 'child-env.json');
    const baseEnv = {
      ...currentEnv(),
      OUTBOARD_EXTENSION_NAME: 'outer',
      OUTBOARD_HUB_URL: 'http://127.0.0.1:1',
      OUTBOARD_TOKEN: TOKEN,
      SOME_CLIENT_AUTH: `token=${TOKEN};`,
    };
    for (const hub of [undefined, { url: 'http://127.0.0.1:3117', tokenFile }]) {
      const env = buildExtensionEnv(input(temp.dir, { baseEnv, tokenValue: TOKEN, ...(hub === undefined ? {} : { hub }) }));
      const code = await within(runForegroundCommand({ command: process.execPath, args: [fixture('print-env.js'), out], env }), 10_000, 'print-env');
      assert.equal(code, 0);
      const text = fs.readFileSync(out, 'utf8');
      assert.equal(text.includes(TOKEN), false, 'the token value must not be in the child environment');
      const seen = JSON.parse(text) as Record<string, string>;
      assert.equal(seen['OUTBOARD_EXTENSION_NAME'], 'git');
      assert.equal(seen['OUTBOARD_EXTENSION_API'], '1');
      assert.equal(seen['OUTBOARD_HUB_URL'], hub?.url);
      assert.equal(seen['OUTBOARD_TOKEN_FILE'], hub?.tokenFile);
      assert.equal(Object.hasOwn(seen, 'SOME_CLIENT_AUTH'), false);
    }
  });
});
