import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/run-cli.js';
import { parseOptions } from '../../src/router/parse-options.js';
import { helpText, usageLine } from '../../src/router/help-text.js';
import type { CommandSpec } from '../../src/commands/command-spec.js';
import { createStyle } from '../../src/terminal/style.js';
import { COMMAND_TREE } from '../../src/commands/command-tree.js';
import { UsageError } from '../../src/errors/cli-errors.js';
import { CliContext } from '../../src/cli-context.js';
import { runCommand } from '../../src/router/router.js';

const home = mkdtempSync(join(tmpdir(), 'outboard-router-'));
after(() => rmSync(home, { recursive: true, force: true }));

/** Runs the CLI in memory with a fresh home; stdout and stderr collected. */
async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await runCli(argv, { id: 'outboard', version: '0.1.0' }, { stdout, stderr, stdin: new PassThrough(), env: { OUTBOARD_HOME: home, NO_COLOR: '1' }, cwd: home });
  return { code, stdout: out, stderr: err };
}

const LEAF: CommandSpec = {
  name: 'run',
  summary: 'Run it',
  args: '<id>',
  minPositionals: 1,
  options: {
    project: { type: 'string', value: '<id>', description: 'the project' },
    json: { type: 'boolean', description: 'JSON' },
    grant: { type: 'string', multiple: true, description: 'grant' },
  },
};

describe('parseOptions', () => {
  it('parses options and positionals against the spec', () => {
    const p = parseOptions('x run', LEAF, ['a', '--project', 'p', '--json', '--grant', 'g1', '--grant=g2']);
    assert.deepEqual(p.positionals, ['a']);
    assert.equal(p.string('project'), 'p');
    assert.equal(p.flag('json'), true);
    assert.deepEqual(p.list('grant'), ['g1', 'g2']);
    assert.equal(p.command, 'x run');
  });

  const problems: Array<[string[], RegExp, RegExp]> = [
    [['a', '--jsn'], /^x run: unknown option --jsn$/, /Did you mean --json\?/],
    [['a', '--project'], /^x run: option --project needs a value$/, /--project <id>/],
    [['a', '--project', '--json'], /^x run: option --project needs a value$/, /--project=<id>/],
    [['a', '--json=1'], /^x run: option --json takes no value$/, /x run --help/],
    [[], /^x run: missing <id>$/, /^Usage: x run <id> \[options\]$/],
    [['a', 'b'], /^x run: unexpected argument "b"$/, /^Usage: x run <id> \[options\]$/],
  ];
  for (const [args, message, hint] of problems) {
    it(`${JSON.stringify(args)} is a UsageError in the router's format, never Node's wording`, () => {
      assert.throws(() => parseOptions('x run', LEAF, args), (e: unknown) => {
        assert.ok(e instanceof UsageError);
        assert.equal(e.code, 'USAGE');
        assert.equal(e.exitCode, 2);
        assert.match(e.message, message);
        assert.match(e.hint ?? '', hint);
        assert.doesNotMatch(`${e.message} ${e.hint}`, /argument missing|ERR_PARSE_ARGS|Option '/);
        return true;
      });
    });
  }
});

describe('help text', () => {
  it('is built from the spec: usage line, summary, options with their values', () => {
    assert.equal(usageLine('x run', LEAF), 'x run <id> [options]');
    const text = helpText('x run', LEAF, createStyle(false)).map((l) => l.text).join('\n');
    assert.match(text, /^Usage: x run <id> \[options\]\n\nRun it\n\nOptions:\n/);
    assert.match(text, /--project <id>\s+the project/);
    assert.match(text, /--grant <value>\.\.\.\s+grant/);
    assert.match(text, /-h, --help\s+Show this help/);
  });

  it('every built-in group and leaf has a summary, and every leaf option a description', () => {
    const walk = (node: CommandSpec): void => {
      for (const c of node.subcommands ?? []) {
        assert.ok(c.summary, c.name);
        for (const [name, o] of Object.entries(c.options ?? {})) assert.ok(o.description, `${c.name} --${name}`);
        walk(c);
      }
    };
    walk(COMMAND_TREE);
  });
});

describe('the router', () => {
  for (const argv of [['extensions', '--help'], ['extensions', 'help'], ['extensions', 'list', '--help'], ['actions', 'help'], ['actions', '-h'], ['actions', 'run', '--help'], ['help', 'actions', 'run'], ['actions', 'help', 'run'], ['config', '--help'], ['ext', 'ls', '-h']]) {
    it(`\`${argv.join(' ')}\` prints help on stdout and exits 0`, async () => {
      const r = await cli(...argv);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^Usage: outboard /);
      assert.equal(r.stderr, '');
    });
  }

  it('a bare group prints its help on stderr and exits 2', async () => {
    const r = await cli('actions');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^Usage: outboard actions <list\|run> \.\.\./);
  });

  it('a mistyped subcommand gets did-you-mean (once per command, not per alias) and exits 1, as an unknown command', async () => {
    for (const [group, typo, want] of [['actions', 'lst', 'list'], ['extensions', 'lst', 'list'], ['extensions', 'enabel', 'enable']] as const) {
      const r = await cli(group, typo);
      assert.equal(r.code, 1);
      assert.equal(r.stderr, `error: Unknown command "${group} ${typo}" — Did you mean \`outboard ${group} ${want}\`?\n`);
    }
  });

  it('a mistyped option of a subcommand gets did-you-mean', async () => {
    const r = await cli('actions', 'run', 'x', '--projct', 'p');
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'error: outboard actions run: unknown option --projct — Did you mean --project?\n');
  });

  it('a reserved built-in (a node without load) says it is not available', async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const ctx = new CliContext({ id: 'outboard', version: '0.1.0' }, { stdout, stderr, stdin: new PassThrough(), env: { OUTBOARD_HOME: home, NO_COLOR: '1' }, cwd: home });
    await assert.rejects(runCommand(ctx, { name: 'later', summary: 'Reserved' }, ['later'], []), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'CLI_NOT_AVAILABLE');
      assert.match(error.message, /^`outboard later` is not available in this version \(0\.1\.0\)$/);
      return true;
    });
  });

  it('an unknown top-level option is a usage error', async () => {
    const r = await cli('--verbose');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: unknown option --verbose — Run `outboard --help` for usage\.\n$/);
  });
});
