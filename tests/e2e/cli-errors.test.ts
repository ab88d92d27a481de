// One error model at the CLI's edge (issue 9): every failure is one `error: <problem> — <fix>` line with the exit
// code of its code, never a stack trace unless OUTBOARD_DEBUG=1; and one router's usage errors (exit 2).
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from './lib/fixture-home.js';

describe('errors at the CLI edge', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('a folder named approvals.json: one error line on every command, no stack trace', () => {
    const home = join(tmp.path, 'folder-home');
    mkdirSync(join(home, 'approvals.json'), { recursive: true });
    for (const args of [['extensions', 'list'], ['extensions', 'doctor'], ['--help'], ['some-command']]) {
      const r = runCli(args, { home });
      assert.doesNotMatch(r.stderr, /^\s+at /m, `${args.join(' ')}: ${r.stderr}`);
      for (const line of r.stderr.split('\n').filter((l) => l.startsWith('error:'))) assert.match(line, / — /, 'the problem and the fix on one line');
    }
  });

  it('OUTBOARD_DEBUG=1 adds the stack trace, and only then', () => {
    // A home below a regular file: every read of it fails.
    writeFileSync(join(tmp.path, 'a-file'), '');
    const home = join(tmp.path, 'a-file', 'home');
    const quiet = runCli(['config', 'some.key', '1', '--user'], { home, cwd: tmp.path });
    const debug = runCli(['config', 'some.key', '1', '--user'], { home, cwd: tmp.path, env: { OUTBOARD_DEBUG: '1' } });
    assert.equal(quiet.code, 1, quiet.stderr);
    assert.equal(debug.code, 1, debug.stderr);
    assert.equal(quiet.stderr.split('\n').filter(Boolean).length, 1, quiet.stderr);
    assert.match(quiet.stderr, /^error: .*ENOTDIR.* — /);
    assert.doesNotMatch(quiet.stderr, /^\s+at /m);
    assert.match(debug.stderr, /^\s+at /m, debug.stderr);
  });
});

describe('one router for every command', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());
  const cli = (...args: string[]) => runCli(args, { home: tmp.path });

  it('`actions lst` suggests like `extensions lst`, exit 1 as an unknown top-level command, one line', () => {
    for (const group of ['actions', 'extensions']) {
      const r = cli(group, 'lst');
      assert.equal(r.code, 1);
      assert.equal(r.stderr, `error: Unknown command "${group} lst" — Did you mean \`outboard ${group} list\`?\n`);
    }
  });

  it('`actions help` exits 0 like `extensions help`; `extensions list --help` prints its help', () => {
    for (const args of [['actions', 'help'], ['extensions', 'help'], ['extensions', 'list', '--help'], ['actions', 'run', '-h'], ['config', '--help']]) {
      const r = cli(...args);
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, new RegExp(`^Usage: outboard ${args[0]}`));
    }
  });

  it("Node's parser wording never reaches the user", () => {
    for (const args of [['actions', 'run', 'x', '--project'], ['actions', 'run', 'x', '--project', '--json'], ['extensions', 'list', '--json=yes'], ['extensions', 'enable', 'x', '--grant']]) {
      const r = cli(...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /argument missing|ambiguous|Option '|ERR_PARSE_ARGS/, r.stderr);
      assert.match(r.stderr, /^error: outboard \w+ \w+: option --[\w-]+ (needs a value|takes no value) — /);
    }
  });
});
