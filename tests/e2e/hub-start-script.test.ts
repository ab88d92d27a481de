// `npm start` (scripts/start.mjs): the hub in a throwaway home with the examples approved, a sign-in link with
// a one-time code (never the token); Ctrl+C (SIGINT to the whole process group, as a terminal sends it) stops everything and
// removes the home.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';

/** Pids of the processes whose environment names `home` as OUTBOARD_HOME (Linux). */
function processesOf(home: string): number[] {
  const needle = `OUTBOARD_HOME=${home}\0`;
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      return readFileSync(`/proc/${d}/environ`, 'utf8').includes(needle) ? [Number(d)] : [];
    } catch {
      return [];
    }
  });
}

describe('npm start', { timeout: 90_000, skip: process.platform === 'linux' ? false : 'reads /proc' }, () => {
  it('prints a one-time sign-in link, not the token; Ctrl+C stops the hub and its peers and removes the home', async () => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'start.mjs')], { env: { ...process.env, OUTBOARD_HUB_PORT: '0', NO_COLOR: '1' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor('the sign-in URL', () => /Ctrl\+C stops the hub/.test(out), 60_000);
      const url = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/)\?code=([\w-]+)$/m.exec(out);
      assert.ok(url, out);
      const home = /\(home (\S+)\)\./.exec(out)?.[1] as string;
      assert.equal(out.includes(readFileSync(join(home, 'token'), 'utf8').trim()), false, 'the token was printed');
      const visit = await fetch(`${url[1]}?code=${url[2]}`, { redirect: 'manual' });
      assert.equal(visit.status, 303);
      assert.match(String(visit.headers.get('set-cookie')), /^outboard_token=/);
      assert.equal((await fetch(`${url[1]}?code=${url[2]}`, { redirect: 'manual' })).status, 401, 'the link worked twice');
      assert.ok(processesOf(home).length >= 1, 'the hub runs in that home');
      process.kill(-(child.pid as number), 'SIGINT');
      assert.equal(await exited, 0, out);
      assert.match(out, /Hub stopped; removed /);
      assert.equal(existsSync(home), false, 'the home is removed');
      await waitFor('every process of that home to be gone', () => processesOf(home).length === 0, 2000);
    } finally {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // gone
      }
    }
  });
});
