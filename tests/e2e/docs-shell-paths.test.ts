// Every shell snippet of the docs that reads a file (`cat`, `tail`, `head`, `jq`, `<`) is run as written against
// a real hub in a temporary home, so a snippet that names a file the platform does not write (a token read from
// `~/.outboard/hub-token` when the file is `<home>/token`) fails here. Only the hub's port is filled in (the
// docs show the default, 3117), and `curl` is bounded in time and reports the status it got. docs/quickstart.md
// is left out: its own test runs it whole, in order.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, runCli, runCliJson, tempDir } from './lib/fixture-home.js';

interface Snippet {
  file: string;
  line: number;
  script: string;
}

/** Reads a file: `cat`/`tail`/`head`/`jq`/`less` or a `<` redirection, of a path (`~/`, `$VAR`, `/`, `./`, quoted or not). */
const READS_A_FILE = /(^|[\s(|;&])((cat|tail|head|jq|less)(\s+-\S+)*\s+|<\s*)["']?(~\/|\$|\.{0,2}\/)/m;

/** The shell blocks (sh, bash, shell, console) of a markdown file, with the line each starts on. */
function shellBlocks(file: string): Snippet[] {
  const found: Snippet[] = [];
  let open: { lang: string; line: number; lines: string[] } | undefined;
  readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
    const fence = /^\s*```(\S*)/.exec(text);
    if (!fence) return void open?.lines.push(text);
    if (open === undefined) open = { lang: fence[1] ?? '', line: i + 1, lines: [] };
    else {
      if (['sh', 'bash', 'shell', 'console'].includes(open.lang)) found.push({ file, line: open.line, script: open.lines.map((l) => l.replace(/^\$\s+/, '')).join('\n') });
      open = undefined;
    }
  });
  return found;
}

const pages = [...readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'quickstart.md').map((f) => join(REPO_ROOT, 'docs', f)), join(REPO_ROOT, 'README.md')];
const snippets = pages.flatMap(shellBlocks).filter((s) => READS_A_FILE.test(s.script));

describe('shell snippets of the docs that read a file run as written', { timeout: 120_000 }, () => {
  const tmp = tempDir('outboard-docs-paths-');
  // HOME is the temporary folder and the home its .outboard: `~/.outboard` and `$OUTBOARD_HOME` are the same place.
  const home = join(tmp.path, '.outboard');
  let origin = '';
  before(() => {
    const started = runCli(['hub', 'start', '--port', '0'], { home, cwd: tmp.path, env: { HOME: tmp.path } });
    assert.equal(started.code, 0, started.stderr);
    const status = runCliJson<{ state: string; url: string }>(['hub', 'status', '--json'], { home, cwd: tmp.path, env: { HOME: tmp.path } });
    assert.equal(status.json.state, 'running', JSON.stringify(status.json));
    origin = new URL(status.json.url).origin;
  });
  after(() => {
    runCli(['hub', 'stop'], { home, cwd: tmp.path, env: { HOME: tmp.path } });
    tmp.cleanup();
  });

  it('finds them (the events stream and the RPC call at least)', () => {
    const where = snippets.map((s) => relative(REPO_ROOT, s.file));
    for (const page of ['docs/events.md', 'docs/rpc.md']) assert.ok(where.includes(page), `${page} has a snippet that reads the token: ${where.join(', ')}`);
  });

  for (const snippet of snippets) {
    it(`${relative(REPO_ROOT, snippet.file)}:${snippet.line}`, () => {
      // A stream (curl -N) ends at --max-time (exit 28) after its status was printed; any other failure is one.
      const curl = `curl() { command curl --max-time 2 -s -o /dev/null -w '%{http_code}\\n' "$@"; local c=$?; [ $c -eq 0 ] || [ $c -eq 28 ] || echo "curl failed: exit $c" >&2; }`;
      const script = ['set -uo pipefail', curl, snippet.script.replaceAll('http://127.0.0.1:3117', origin)].join('\n');
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: tmp.path, OUTBOARD_HOME: home };
      for (const key of ['NODE_TEST_CONTEXT', 'OUTBOARD_TOKEN_FILE', 'OUTBOARD_HUB_URL']) delete env[key];
      const r = spawnSync('bash', ['-c', script], { cwd: tmp.path, env, encoding: 'utf8', timeout: 30_000 });
      assert.equal(r.stderr, '', `the snippet failed:\n${snippet.script}\n--- stderr:\n${r.stderr}`);
      const statuses = r.stdout.split('\n').filter((l) => /^\d{3}$/.test(l));
      assert.ok(statuses.length > 0 && statuses.every((s) => s === '200'), `the hub answered ${statuses.join(', ') || 'nothing'}:\n${snippet.script}`);
    });
  }
});
