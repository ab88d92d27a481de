// The files the hub trusts with its token (issue 21, DESIGN §7): under `umask 000` what the hub creates is
// still private (home 0700, token and hub.json 0600, logs 0700); a home others can write and a token file that
// is not a regular 0600 file are refused with HUB_FILES_UNSAFE naming the chmod, and left as they were.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_MAIN, runCli, tempDir } from './lib/fixture-home.js';

const modeOf = (path: string): string => (lstatSync(path).mode & 0o777).toString(8);

/** `outboard <args>` in a shell whose umask is 000. */
function cliUnderUmask000(args: string[], home: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync('/bin/sh', ['-c', 'umask 000; exec "$0" "$@"', process.execPath, CLI_MAIN, ...args], { env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' }, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the hub\'s files', { timeout: 90_000 }, () => {
  it('under umask 000, a hub started on a fresh home creates everything private', () => {
    const tmp = tempDir('outboard-modes-');
    const home = join(tmp.path, 'fresh', 'home');
    try {
      const probe = spawnSync('/bin/sh', ['-c', 'umask 000; umask'], { encoding: 'utf8' });
      assert.equal(probe.stdout.trim(), '0000', 'the shell did not take umask 000');
      const started = cliUnderUmask000(['hub', 'start', '--port', '0'], home);
      assert.equal(started.code, 0, started.stderr);
      assert.equal(modeOf(home), '700');
      assert.equal(modeOf(join(home, 'token')), '600');
      assert.equal(modeOf(join(home, 'hub.json')), '600');
      assert.equal(modeOf(join(home, 'logs')), '700');
      assert.equal(modeOf(join(home, 'logs', 'hub.log')), '600');
    } finally {
      runCli(['hub', 'stop'], { home });
      tmp.cleanup();
    }
  });

  it('refuses a home others can write, naming the chmod, and changes nothing', () => {
    const tmp = tempDir('outboard-modes-');
    const home = join(tmp.path, 'home');
    try {
      for (const mode of [0o777, 0o770]) {
        mkdirSync(home, { recursive: true });
        chmodSync(home, mode);
        const r = runCli(['hub', 'start', '--port', '0'], { home });
        assert.equal(r.code, 1, r.stdout);
        assert.match(r.stderr, /the home .* is not private: it is writable by (every user|its group)/);
        assert.match(r.stderr, new RegExp(`chmod 700 ${home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        assert.equal(statSync(home).mode & 0o777, mode, 'the hub changed the mode');
        assert.equal(existsSync(join(home, 'hub.json')), false);
        assert.equal(existsSync(join(home, 'token')), false);
      }
    } finally {
      chmodSync(home, 0o700);
      tmp.cleanup();
    }
  });

  it('refuses a token file readable by others or a symbolic link, naming the fix, and never rewrites it', () => {
    const tmp = tempDir('outboard-modes-');
    const home = join(tmp.path, 'home');
    try {
      mkdirSync(home, { mode: 0o700 });
      const token = join(home, 'token');
      for (const mode of [0o644, 0o666, 0o640]) {
        writeFileSync(token, 'a-token-of-this-home-0123456789\n');
        chmodSync(token, mode);
        const r = runCli(['hub', 'start', '--port', '0'], { home });
        assert.equal(r.code, 1, r.stdout);
        assert.match(r.stderr, /the token file .* is open to other users \(mode 06[0-7][0-7]\)/);
        assert.match(r.stderr, /chmod 600 .*token/);
        assert.equal(statSync(token).mode & 0o777, mode, 'the hub changed the mode quietly');
        assert.equal(existsSync(join(home, 'hub.json')), false);
      }
      const elsewhere = join(tmp.path, 'world-readable-token');
      writeFileSync(elsewhere, 'another-token-0123456789abcdef\n', { mode: 0o644 });
      chmodSync(elsewhere, 0o644);
      rmSync(token);
      symlinkSync(elsewhere, token);
      const r = runCli(['hub', 'start', '--port', '0'], { home });
      assert.equal(r.code, 1, r.stdout);
      assert.match(r.stderr, /the token file .* is a symbolic link/);
      assert.match(r.stderr, /rm .*token/);
      assert.equal(readFileSync(elsewhere, 'utf8'), 'another-token-0123456789abcdef\n');
      assert.equal(existsSync(join(home, 'hub.json')), false);
    } finally {
      tmp.cleanup();
    }
  });
});
