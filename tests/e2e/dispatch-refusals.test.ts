// Refusals (exit 2, the problem and the fix) and "Unknown command" (exit 1, a hint naming the hidden extension,
// its state and the fixing command), as DESIGN.md §4 states them.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, runCliInTerminal, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import { installFixture, enable } from './lib/dispatch-fixtures.js';


/** The non-empty lines of a stream. */
function lines(text: string): string[] {
  return text.split(/\r?\n/).filter((l) => l.trim() !== '');
}

/** The state of one extension according to `extensions list --json`. */
function stateOf(home: string, name: string): string | undefined {
  return runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home }).json.find((e) => e.name === name)?.state;
}

describe('refusals exit 2 with the problem and the fix', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const markers = join(tmp.path, 'markers');
  let probeDir = '';
  const ran = (): string[] => readdirSync(markers);

  before(() => {
    mkdirSync(markers);
    installFixture(home, 'marker');
    probeDir = installFixture(home, 'probe');
    installFixture(home, 'configured');
    enable(home, 'probe');
    enable(home, 'configured');
  });
  after(() => tmp.cleanup());

  it('unapproved, not in a terminal: exit 2 naming `outboard extensions enable <name>`, nothing ran', () => {
    const r = runCli(['marker', 'x'], { home, env: { MARKER_DIR: markers } });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    const [problem, ...rest] = lines(r.stderr);
    const fix = problem;
    assert.match(problem ?? '', /^error: extension marker is not approved/);
    // The fix works in a shell without a terminal.
    assert.match(fix ?? '', /`outboard extensions enable marker --yes`/);
    assert.deepEqual(rest, []);
    assert.deepEqual(ran(), []);
    assert.equal(stateOf(home, 'marker'), 'unapproved');
  });

  it('unapproved, in a terminal, answered n: exit 2, nothing ran, still unapproved', () => {
    const r = runCliInTerminal(['marker', 'x'], [['[y/N]', 'n\n']], { home, env: { MARKER_DIR: markers } });
    assert.equal(r.code, 2, r.output);
    assert.match(r.output, /outboard wants to run extension "marker"/);
    assert.match(r.output, /error: extension marker is not approved/);
    assert.match(r.output, /`outboard extensions enable marker`/);
    assert.deepEqual(ran(), []);
    assert.equal(stateOf(home, 'marker'), 'unapproved');
  });

  it('unapproved, in a terminal, answered y: the command runs, and stays approved', () => {
    const r = runCliInTerminal(['marker', 'first'], [['[y/N]', 'y\n']], { home, env: { MARKER_DIR: markers } });
    assert.equal(r.code, 0, r.output);
    assert.match(r.output, /Approve and enable marker\?/);
    assert.equal(ran().filter((f) => f.startsWith('ran-cli.js-')).length, 1, `marker ran once: ${ran().join(', ')}`);
    assert.equal(stateOf(home, 'marker'), 'enabled');
    const again = runCli(['marker', 'second'], { home, env: { MARKER_DIR: markers } });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(ran().length, 2);
  });

  it('a bin deleted after approval: exit 2 naming the missing file and the fix', () => {
    const copy = join(tmp.path, 'report.js');
    cpSync(join(probeDir, 'bin', 'report.js'), copy);
    rmSync(join(probeDir, 'bin', 'report.js'));
    try {
      for (const command of ['probe', 'probe-exec']) {
        const r = runCli([command], { home });
        assert.equal(r.code, 2, `${command}: ${r.stderr}`);
        assert.equal(r.stdout, '');
        const [problem, ...rest] = lines(r.stderr);
        assert.match(problem ?? '', /^error: cannot run probe: .*bin\/report\.js.* does not exist/);
        assert.match(problem ?? '', /outboard extensions doctor/);
        assert.deepEqual(rest, []);
      }
    } finally {
      cpSync(copy, join(probeDir, 'bin', 'report.js'));
    }
    assert.equal(runCli(['probe'], { home }).code, 0, 'runs again once the file is back');
  });

  it('config missing a required key: exit 2 naming the key and `outboard config`', () => {
    const r = runCli(['configured'], { home });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    const [problem, ...rest] = lines(r.stderr);
    const fix = problem;
    assert.match(problem ?? '', /^error: the config of configured breaks its schema: extensions\.configured\.greeting: is missing/);
    assert.match(fix ?? '', /`outboard config extensions\.configured\./);
    assert.deepEqual(rest, []);
  });

  it('config of the wrong type written by hand: exit 2 naming each bad key', () => {
    writeFiles(home, { 'config.json': { extensions: { configured: { greeting: 5, count: 'three' } } } });
    try {
      const r = runCli(['configured'], { home });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      const [problem, ...rest] = lines(r.stderr);
    const fix = problem;
      assert.match(problem ?? '', /breaks its schema: .*extensions\.configured\.greeting: must be string/);
      assert.match(problem ?? '', /extensions\.configured\.count: must be integer/);
      assert.match(fix ?? '', /`outboard config extensions\.configured\./);
      assert.deepEqual(rest, []);
      writeFiles(home, { 'config.json': { extensions: { configured: { greeting: 'hi', count: 2 } } } });
      const ok = runCli(['configured'], { home });
      assert.equal(ok.code, 0, ok.stderr);
      assert.deepEqual((JSON.parse(ok.stdout) as { config: unknown }).config, { greeting: 'hi', count: 2 });
    } finally {
      rmSync(join(home, 'config.json'), { force: true });
    }
  });
});

describe('after the host\'s own prompt, the terminal belongs to the extension', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  before(() => installFixture(home, 'probe'));
  after(() => tmp.cleanup());

  it('approved at the prompt, the extension then reads what the user types', () => {
    const r = runCliInTerminal(['probe-ask'], [['[y/N]', 'y\n'], ['name? ', 'Ada Lovelace\n']], { home });
    assert.equal(r.code, 0, r.output);
    assert.match(r.output, /extension got: \[Ada Lovelace\]/);
    assert.equal(stateOf(home, 'probe'), 'enabled');
    const again = runCliInTerminal(['probe-ask'], [['name? ', 'second\n']], { home });
    assert.equal(again.code, 0, again.output);
    assert.doesNotMatch(again.output, /\[y\/N\]/, 'no prompt once approved');
    assert.match(again.output, /extension got: \[second\]/);
  });
});

describe('commands nothing may run: Unknown command, exit 1, a hint naming the extension, its state and the fix', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const userModules = join(home, 'extensions', 'node_modules');
  const marked = { 'bin/cli.js': `require('node:fs').writeFileSync(require('node:path').join(process.env.MARKER_DIR, 'ran-' + process.pid), '');\n` };
  const markers = join(tmp.path, 'markers');

  before(() => {
    mkdirSync(markers);
    writeExtension(join(userModules, 'outboard-ext-off'), { name: 'off', commands: [{ name: 'off-cmd', bin: 'bin/cli.js', summary: 'Off' }] }, marked);
    writeExtension(join(userModules, 'outboard-ext-future'), { name: 'future', engines: '>=99.0.0' }, marked);
    writeFiles(join(userModules, 'outboard-ext-broken'), {
      ...marked,
      'package.json': { name: 'outboard-ext-broken', version: '1.0.0', engines: { outboard: '>=0.1.0' }, outboard: { extension: { apiVersion: 1, name: 'broken', commands: [{ name: 'broken', bin: '../outside.js' }] } } },
    });
    writeExtension(join(userModules, 'outboard-ext-twin-a'), { name: 'twin', packageName: 'outboard-ext-twin-a' }, marked);
    writeExtension(join(userModules, 'outboard-ext-twin-b'), { name: 'twin', packageName: 'outboard-ext-twin-b' }, marked);
    writeExtension(join(userModules, 'outboard-ext-deploy'), { name: 'deploy', commands: [{ name: 'deploy', bin: 'bin/cli.js', summary: 'Deploy' }] }, marked);
    enable(home, 'off');
    const r = runCli(['extensions', 'disable', 'off'], { home });
    assert.equal(r.code, 0, r.stderr);
    enable(home, 'deploy');
  });
  after(() => tmp.cleanup());

  const cases: Array<{ command: string; ext: string; state: RegExp; fix: RegExp }> = [
    { command: 'off-cmd', ext: 'off', state: /is disabled: disabled by the user/, fix: /run `outboard extensions enable off`/ },
    { command: 'off', ext: 'off', state: /is disabled/, fix: /run `outboard extensions enable off`/ },
    { command: 'future', ext: 'future', state: /is incompatible: engines\.outboard ">=99\.0\.0" excludes the running outboard/, fix: /`outboard extensions add outboard-ext-future@latest`/ },
    { command: 'broken', ext: 'broken', state: /is invalid: .*commands\[0\]\.bin/, fix: /run `outboard extensions doctor`/ },
    { command: 'twin', ext: 'twin', state: /is in conflict: 2 packages claim the name "twin"/, fix: /`?outboard extensions info twin`?/ },
  ];
  for (const c of cases) {
    it(`${c.command} (${c.ext}): Unknown command and the hint`, () => {
      const r = runCli([c.command, 'arg'], { home, env: { MARKER_DIR: markers } });
      assert.equal(r.code, 1);
      assert.equal(r.stdout, '');
      const [hint, ...rest] = lines(r.stderr);
      assert.match(hint ?? '', new RegExp(`^error: Unknown command "${c.command}": extension ${c.ext} \\(`));
      assert.match(hint ?? '', c.state);
      assert.match(hint ?? '', c.fix);
      assert.deepEqual(rest, []);
      assert.deepEqual(readdirSync(markers), [], 'nothing ran');
    });
  }

  it('a typo gets "did you mean" from built-ins and enabled extension commands', () => {
    const builtin = runCli(['verison'], { home });
    assert.equal(builtin.code, 1);
    assert.match(builtin.stderr, /Unknown command "verison"/);
    assert.match(builtin.stderr, /Did you mean `outboard version`/);
    const ext = runCli(['depoly'], { home });
    assert.equal(ext.code, 1);
    assert.match(ext.stderr, /Unknown command "depoly"/);
    assert.match(ext.stderr, /Did you mean `outboard deploy`/);
    const none = runCli(['zzzzzz'], { home });
    assert.equal(none.code, 1);
    assert.match(none.stderr, /Run `outboard --help` for the list of commands/);
    assert.deepEqual(readdirSync(markers), []);
  });

  it("a typo of an extension's own command suggests it, before and after approval; before, it names the approval", () => {
    const fresh = join(tmp.path, 'fresh-home');
    writeExtension(join(fresh, 'extensions', 'node_modules', 'outboard-ext-greet'), { name: 'greet', commands: [{ name: 'hello', bin: 'bin/cli.js', summary: 'Hello' }] }, marked);
    const unapproved = runCli(['helo', 'arg'], { home: fresh, env: { MARKER_DIR: markers } });
    assert.equal(unapproved.code, 1);
    assert.equal(unapproved.stdout, '');
    assert.deepEqual(lines(unapproved.stderr), [
      'error: Unknown command "helo" — Did you mean `outboard hello` or `outboard help`?',
      '  `outboard hello` is a command of extension greet, which is not approved yet: run `outboard extensions enable greet` to review and approve it.',
    ]);
    enable(fresh, 'greet');
    const approved = runCli(['helo'], { home: fresh, env: { MARKER_DIR: markers } });
    assert.equal(approved.code, 1);
    assert.deepEqual(lines(approved.stderr), ['error: Unknown command "helo" — Did you mean `outboard hello` or `outboard help`?']);
    assert.deepEqual(readdirSync(markers), [], 'nothing ran');
  });
});
