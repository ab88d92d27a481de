// No untrusted text reaches a terminal raw (issue 10 §1). Random bytes and known attacks (cursor moves that
// repaint the consent prompt, OSC 0 window titles, OSC 52 clipboard writes, C1 CSI, bidi overrides) are put in
// every free-text manifest field, a file name, the command line, and everything a hostile peer sends (results,
// tables, progress, errors, status, its stderr shown after a crash). Every command's output, piped and in a real
// pseudo-terminal, must then hold no control character but newlines and the CLI's own styling.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, runCliInTerminal, tempDir, writeFiles } from './lib/fixture-home.js';
import { PROTOCOL_URL } from './lib/peer-package.js';

const FIXTURE = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'hostile');

/** Attacks seen in the wild, in round 0 of every run. */
const KNOWN = [
  '\u001b[2K\r  Commands:   outboard inky (node bin/cli.js)',
  '\u001b]0;pwned window title\u0007',
  '\u001b]52;c;cm0gLXJmIH4=\u0007',
  '\u009b5m blink through C1 CSI',
  'evil\u202egnp.exe',
  '\u001bP+q544e\u001b\\',
  'bell\u0007back\bspace\u007fdel',
  'line one\nline two\ttabbed\r',
  '\u001b[5m\u001b[1A\u001b[999D',
  '\u0085next line (C1 NEL)',
];

/** A small seeded PRNG (mulberry32): a failing seed can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function hostileStrings(seed: number, count: number): string[] {
  const random = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = 'x';
    const length = 1 + Math.floor(random() * 40);
    for (let j = 0; j < length; j++) {
      const pick = random();
      if (pick < 0.6) s += String.fromCharCode(Math.floor(random() * 0x100));
      else if (pick < 0.75) s += (KNOWN[Math.floor(random() * KNOWN.length)] as string).slice(0, 1 + Math.floor(random() * 8));
      else s += String.fromCharCode(0x20 + Math.floor(random() * 0x5f));
    }
    out.push(s);
  }
  return out;
}

/** What the terminal may receive: newlines, and SGR styling of the CLI's own codes (none with NO_COLOR). */
function assertClean(output: string, what: string, options: { color: boolean; terminal?: boolean }): void {
  let rest = output;
  if (options.terminal) rest = rest.replace(/\r\n/g, '\n').replace(/\r\u001b\[2K/g, '');
   
  if (options.color) rest = rest.replace(/\u001b\[(?:1|2|22|31|32|33|36|39)m/g, '');
   
  const bad = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/.exec(rest);
  if (bad) {
    const at = bad.index;
    assert.fail(`${what}: control character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')} reached the terminal near ${JSON.stringify(rest.slice(Math.max(0, at - 40), at + 40))}`);
  }
}

/** A file-name-safe form (no slash, no NUL, bounded) of a hostile string. */
const fileName = (s: string) => s.replace(/[/\u0000]/g, '_').slice(0, 60) || 'x';
/** Command-line arguments cannot carry NUL. */
const arg = (s: string) => s.replace(/\u0000/g, '') || 'x';

for (const round of [0, 1, 2]) {
  const seed = Number(process.env.FUZZ_SEED ?? 20261130) + round;
  const color = round === 1;
  describe(`untrusted text through every command (seed ${seed}, ${color ? 'FORCE_COLOR' : 'NO_COLOR'})`, { timeout: 120_000 }, () => {
    const tmp = tempDir('outboard-fuzz-');
    const home = join(tmp.path, 'home');
    const cwd = join(tmp.path, 'work');
    const strings = round === 0 ? [...KNOWN, ...hostileStrings(seed, 30)] : hostileStrings(seed, 40);
    let next = 0;
    const h = () => strings[next++ % strings.length] as string;
    const env: NodeJS.ProcessEnv = color ? { FIXTURE_PROTOCOL_URL: PROTOCOL_URL, FORCE_COLOR: '1', NO_COLOR: undefined } : { FIXTURE_PROTOCOL_URL: PROTOCOL_URL };
    const run = (args: string[]) => runCli(args, { home, cwd, env });
    const clean = (args: string[], r: { stdout: string; stderr: string }) => {
      assertClean(r.stdout, `stdout of ${JSON.stringify(args)}`, { color });
      assertClean(r.stderr, `stderr of ${JSON.stringify(args)}`, { color });
    };

    before(() => {
      writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
      const dir = join(home, 'extensions', 'node_modules', 'outboard-ext-hostile');
      const action = (id: string) => ({ id, title: h(), description: h() });
      writeFiles(dir, {
        'package.json': {
          name: 'outboard-ext-hostile',
          version: '1.0.0',
          description: h(),
          engines: { outboard: '*' },
          outboard: {
            extension: {
              apiVersion: 1,
              name: 'hostile',
              displayName: h(),
              description: h(),
              commands: [{ name: 'hostile-cmd', exec: ['node', './cli.js', h()], summary: h() }],
              peer: { exec: ['node', './peer.mjs', h()], activation: ['onAction'] },
              contributes: { actions: ['hostile.result', 'hostile.table', 'hostile.progress', 'hostile.fail', 'hostile.crash'].map(action), status: [{ id: 'hostile.state', title: h() }] },
              capabilities: { required: ['ui.action.contribute'], optional: ['ui.notification', 'ui.status.contribute', 'hub.request'] },
              permissions: { hub: [`GET /api/${h().replace(/[\s\\./%*?#]/g, '')}`, `POST /${h().replace(/[\s\\./%*?#]/g, '')}`] },
            },
          },
        },
        'hostile.json': JSON.stringify(strings),
      });
      copyFileSync(join(FIXTURE, 'peer.mjs'), join(dir, 'peer.mjs'));
      copyFileSync(join(FIXTURE, 'cli.js'), join(dir, 'cli.js'));
      // Invalid everywhere it can be: its problems quote the hostile values back.
      writeFiles(join(home, 'extensions', 'node_modules', 'outboard-ext-broken'), {
        'package.json': { name: `outboard-ext-${h()}`, version: h(), outboard: { extension: { apiVersion: 1, name: h(), displayName: h(), commands: [{ name: h(), bin: h() }], contributes: { actions: [{ id: h(), title: h() }] } } } },
      });
      mkdirSync(join(tmp.path, fileName(h())), { recursive: true });
    });
    after(() => tmp.cleanup());

    it('the consent prompt, in a terminal, shows every hostile field escaped', () => {
      for (const args of [['extensions', 'enable', 'hostile', '--grant-all'], ['hostile-cmd', arg(h())]]) {
        const r = runCliInTerminal(args, [['[y/N]', 'n\n']], { home, cwd, env });
        assert.match(r.output, /wants to run extension "hostile"/, r.output);
        assert.match(r.output, /Hub routes:/, r.output);
        assertClean(r.output, `terminal of ${JSON.stringify(args)}`, { color, terminal: true });
      }
    });

    it('--help, help, extensions list/info/doctor (text and JSON), and a dev path with a hostile file name', () => {
      const link = run(['extensions', 'link', join(tmp.path, fileName(strings[0] as string))]);
      clean(['link'], link);
      const approved = run(['extensions', 'enable', 'hostile', '--yes', '--grant-all']);
      assert.equal(approved.code, 0, approved.stderr);
      clean(['enable'], approved);
      for (const args of [['--help'], ['help', 'hostile-cmd'], ['extensions', 'list'], ['extensions', 'info', 'hostile'], ['extensions', 'doctor'], ['actions', 'list']]) {
        clean(args, run(args));
      }
      for (const args of [['extensions', 'list', '--json'], ['extensions', 'info', 'hostile', '--json'], ['extensions', 'doctor', '--json'], ['actions', 'list', '--json']]) {
        const r = run(args);
        clean(args, r);
        assert.doesNotThrow(() => JSON.parse(r.stdout), `${args.join(' ')} prints JSON`);
      }
    });

    it('actions run: results, tables, errors and a crash of a hostile peer', () => {
      for (const args of [['actions', 'run', 'hostile.result'], ['actions', 'run', 'hostile.table'], ['actions', 'run', 'hostile.progress'], ['actions', 'run', 'hostile.fail'], ['actions', 'run', 'hostile.crash']]) {
        const r = run(args);
        clean(args, r);
         
        if (args[2] === 'hostile.fail') assert.match(r.stderr.replace(/\u001b\[\d+m/g, ''), /^error: hostile: action hostile\.fail failed: /m, r.stderr);
      }
      const json = run(['actions', 'run', 'hostile.result', '--json']);
      clean(['actions', 'run', '--json'], json);
      assert.doesNotThrow(() => JSON.parse(json.stdout));
      // After the crash the peer's stderr is in its log, shown by info.
      clean(['extensions', 'info', 'hostile'], run(['extensions', 'info', 'hostile']));
    });

    it('progress lines in a terminal', () => {
      const r = runCliInTerminal(['actions', 'run', 'hostile.progress'], [], { home, cwd, env });
      assertClean(r.output, 'terminal of actions run hx.progress', { color, terminal: true });
    });

    it('error lines quoting the command line', () => {
      for (const args of [[arg(h())], ['extensions', 'info', arg(h())], ['actions', 'run', arg(h())], ['actions', arg(h())], ['extensions', 'list', `--${arg(h())}`], ['config', arg(h())], ['actions', 'run', 'hostile.result', '--args', arg(h())], ['help', arg(h())]]) {
        const r = run(args);
        assert.notEqual(r.code, 0, JSON.stringify(args));
        clean(args, r);
      }
    });
  });
}
