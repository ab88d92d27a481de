// Built-ins always win over extension commands, and help is built from package.json files alone: no extension
// is imported or spawned to list its commands, while `outboard <name> --help` goes to the extension.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_COMMANDS, BUILTIN_NAMES } from '@outboard/cli';
import { runCli, runCliJson, tempDir, writeExtension } from './lib/fixture-home.js';
import { installFixture, enable } from './lib/dispatch-fixtures.js';
import type { ExtensionListEntry } from '@outboard/host';

const MARKER_BIN = { 'bin/cli.js': `require('node:fs').writeFileSync(require('node:path').join(process.env.MARKER_DIR, 'ran-' + process.pid), process.argv.slice(2).join(' '));\n` };

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

describe('built-ins always win', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const empty = join(tmp.path, 'empty-home');
  const markers = join(tmp.path, 'markers');
  const userModules = join(home, 'extensions', 'node_modules');
  const env = { MARKER_DIR: markers };

  before(() => {
    mkdirSync(markers);
    mkdirSync(empty);
    BUILTIN_NAMES.forEach((builtin, i) => {
      // One extension offering a command of the built-in's name, one taking the built-in's name itself.
      writeExtension(join(userModules, `shadow-cmd-${i}`), { name: `shadow-${i}`, packageName: `shadow-cmd-${i}`, commands: [{ name: builtin, bin: 'bin/cli.js', summary: 'Shadow' }] }, MARKER_BIN);
      writeExtension(join(userModules, `shadow-name-${i}`), { name: builtin, packageName: `shadow-name-${i}`, commands: [{ name: builtin, bin: 'bin/cli.js', summary: 'Shadow' }] }, MARKER_BIN);
    });
  });
  after(() => tmp.cleanup());

  it('covers every built-in name and alias, available or reserved', () => {
    assert.ok(BUILTIN_NAMES.includes('version') && BUILTIN_NAMES.includes('ext') && BUILTIN_NAMES.includes('hub'), BUILTIN_NAMES.join(', '));
    assert.equal(BUILTIN_NAMES.length, BUILTIN_COMMANDS.reduce((n, c) => n + 1 + c.aliases.length, 0));
  });

  it('list and doctor report each shadowing extension invalid, naming the built-in', () => {
    const { code, json } = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home });
    assert.equal(code, 0);
    BUILTIN_NAMES.forEach((builtin, i) => {
      for (const packageName of [`shadow-cmd-${i}`, `shadow-name-${i}`]) {
        const entry = json.find((e) => e.packageName === packageName);
        assert.equal(entry?.state, 'invalid', `${packageName} (${builtin}): ${JSON.stringify(entry)}`);
        assert.match(entry?.reason ?? '', new RegExp(`"${builtin}" is a (built-in command or alias|reserved word)`), packageName);
      }
    });
    const doctor = runCli(['extensions', 'doctor'], { home });
    assert.equal(doctor.code, 1);
    BUILTIN_NAMES.forEach((builtin, i) => {
      assert.match(doctor.stdout + doctor.stderr, new RegExp(`\\(extension "shadow-${i}"\\) in [^:]*: .*commands\\[0\\]\\.name "${builtin}"`), builtin);
    });
  });

  it('none of them can be approved', () => {
    for (const name of ['shadow-0', BUILTIN_NAMES[0] as string]) {
      const r = runCli(['extensions', 'enable', name, '--yes'], { home });
      assert.notEqual(r.code, 0, `${name}: ${r.stdout}`);
      assert.match(r.stderr, /invalid/);
    }
  });

  for (const command of BUILTIN_COMMANDS) {
    for (const name of [command.name, ...command.aliases]) {
      it(`\`outboard ${name}\` runs the built-in`, () => {
        // `mcp` starts the hub when none runs: on a free port here, stopped below.
        const r = runCli(name === 'mcp' ? ['mcp', '--port', '0'] : [name], { home, env });
        assert.doesNotMatch(r.stderr, /Unknown command/);
        if (!command.available) {
          // Reserved for a later version: the built-in's own message, never the extension.
          assert.equal(r.code, 1);
          assert.match(r.stderr, new RegExp(`\`outboard ${name}\` is not available in this version \\(0\\.1\\.0\\)`));
        } else if (name === 'version') {
          assert.equal(r.code, 0);
          assert.equal(r.stdout, '0.1.0\n');
        } else if (name === 'status') {
          // A command of its own that takes no argument: it runs (no peer here, so no status items).
          assert.equal(r.code, 0, r.stderr);
          assert.match(r.stdout, /No status items/);
        } else if (name === 'notifications') {
          // Like status: it runs, and without a hub or peers there is nothing to show.
          assert.equal(r.code, 0, r.stderr);
          assert.match(r.stdout, /No notifications/);
        } else if (name === 'diagnostics') {
          // It takes no argument and runs: no enabled extension here offers a diagnostics provider.
          assert.equal(r.code, 0, r.stderr);
          assert.match(r.stdout, /No enabled extension offers a diagnostics provider/);
        } else if (name === 'events') {
          // Its own refusal without a hub: events live in the hub.
          assert.equal(r.code, 1, r.stderr);
          assert.match(r.stderr, /no hub runs for this home/);
        } else if (name === 'mcp') {
          // No hub ran: it started one (saying so on stderr), served until stdin ended, and wrote nothing but MCP on stdout.
          assert.equal(r.code, 0, r.stderr);
          assert.equal(r.stdout, '');
          assert.match(r.stderr, /no hub runs for .*; starting one/);
          assert.match(r.stderr, /hub started at http:\/\/127\.0\.0\.1:\d+\//);
          const stopped = runCli(['hub', 'stop'], { home, env });
          assert.equal(stopped.code, 0, stopped.stderr);
        } else if (name === 'help') {
          assert.equal(r.code, 0);
          assert.match(r.stdout, /^Outboard 0\.1\.0/);
          assert.match(r.stdout, /Commands:/);
        } else {
          assert.match(r.stdout + r.stderr, new RegExp(`Usage: outboard ${command.name}`));
        }
        if (name !== 'help' && name !== 'mcp') {
          // Byte for byte what a home without any extension prints: the shadows change nothing.
          const plain = runCli([name], { home: empty, env });
          assert.deepEqual({ code: r.code, stdout: r.stdout, stderr: r.stderr }, { code: plain.code, stdout: plain.stdout, stderr: plain.stderr });
        }
        assert.deepEqual(readdirSync(markers), [], 'no extension ran');
      });
    }
  }
});

describe('help', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const markers = join(tmp.path, 'markers');
  const env = { MARKER_DIR: markers };

  before(() => {
    mkdirSync(markers);
    installFixture(home, 'marker');
    installFixture(home, 'probe');
    installFixture(home, 'other');
    installFixture(home, 'configured');
    enable(home, 'marker');
    enable(home, 'probe');
    enable(home, 'other');
    const r = runCli(['extensions', 'disable', 'other'], { home });
    assert.equal(r.code, 0, r.stderr);
    // `configured` stays unapproved.
  });
  after(() => tmp.cleanup());

  it('`outboard --help` lists enabled extension commands with their summaries under Extensions', () => {
    const r = runCli(['--help'], { home, env });
    assert.equal(r.code, 0, r.stderr);
    const [builtins, extensions] = r.stdout.split(/^Extensions:$/m);
    assert.ok(extensions !== undefined, r.stdout);
    assert.match(builtins ?? '', /^ {2}version\s+Print the version$/m);
    const section = (extensions ?? '').split(/\n\n/)[0] ?? '';
    // `  <command>  <summary>  [(<extension>) when the names differ]`
    const listed = [...section.matchAll(/^ {2}(\S+)\s+(.+?)(?:\s{2,}\((\S+)\))?\s*$/gm)].map((m) => [m[1], m[2], m[3] ?? m[1]]);
    assert.deepEqual(listed, [
      ['marker', 'Marker main command', 'marker'],
      ['marker-exec', 'Marker exec command', 'marker'],
      ['probe', 'Report argv, cwd, env and config', 'probe'],
      ['probe-ask', 'Ask a question on the terminal', 'probe'],
      ['probe-cat', 'Copy stdin to stdout', 'probe'],
      ['probe-exec', 'The report, through exec', 'probe'],
      ['probe-exit', 'Exit with a code, or die of a signal', 'probe'],
      ['probe-nest', 'Run the CLI again through OUTBOARD_BIN', 'probe'],
      ['probe-wait', 'Wait for a signal and say which', 'probe'],
    ]);
    assert.doesNotMatch(r.stdout, /^ {2}other\b|Report the contract variables/m, 'the disabled extension is not listed');
    assert.doesNotMatch(r.stdout, /^ {2}configured\b|Print the config file/m, 'the unapproved extension is not listed');
  });

  it('builds help, the command list and the hints without importing or spawning any extension', () => {
    for (const args of [['--help'], ['-h'], [], ['help'], ['help', 'marker'], ['extensions', 'list'], ['extensions', 'info', 'marker'], ['extensions', 'doctor'], ['markr'], ['other']]) {
      runCli(args, { home, env });
    }
    rmSync(join(home, 'extensions.json'), { force: true }); // a cold discovery reads package.json files only, too
    const cold = runCli(['--help'], { home, env });
    assert.equal(cold.code, 0);
    assert.match(cold.stdout, /marker-exec/);
    assert.deepEqual(readdirSync(markers), [], 'no file of the marker extension was loaded');
    const about = runCli(['help', 'marker'], { home, env });
    assert.match(about.stdout, /outboard marker: Marker main command \(extension marker\)/);
  });

  it('`help` with a misspelt topic names the topics it is near, built-in or extension', () => {
    const typo = runCli(['help', 'markr'], { home, env });
    assert.equal(typo.code, 1);
    assert.match(typo.stderr, /^error: no command "markr" — Did you mean `outboard help marker`\?/);
    const builtin = runCli(['help', 'extensons'], { home, env });
    assert.match(builtin.stderr, /Did you mean `outboard help extensions`\?/);
    const far = runCli(['help', 'zzzzzz'], { home, env });
    assert.match(far.stderr, /^error: no command "zzzzzz" — Run `outboard --help` for the list\./);
  });

  it('`outboard <name> --help` goes to the extension', () => {
    const r = runCli(['marker', '--help'], { home, env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    const files = readdirSync(markers);
    assert.equal(files.length, 1, files.join(', '));
    assert.match(files[0] ?? '', /^ran-cli\.js-\d+$/);
    const probe = runCli(['probe', '--help', '-h'], { home });
    assert.equal(probe.code, 0, probe.stderr);
    assert.deepEqual((JSON.parse(probe.stdout) as { argv: string[] }).argv, ['--help', '-h']);
  });
});
