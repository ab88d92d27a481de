import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, runCli, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';

// A host embedding Outboard under its own identity gets its own command, home, env prefix and manifest key.
describe('the CLI under a second identity (ndx)', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'ndx-home');
  const main = join(tmp.path, 'ndx.mjs');
  before(() => {
    const cli = pathToFileURL(join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'index.js')).href;
    writeFiles(tmp.path, {
      'ndx.mjs': [
        `import { runCli } from ${JSON.stringify(cli)};`,
        `const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };`,
        `process.exitCode = await runCli(process.argv.slice(2), { id: 'ndx', displayName: 'n-dx', version: '2.3.0', builtins: ['status', 'rex'] }, io);`,
      ].join('\n'),
    });
    const mods = join(home, 'extensions', 'node_modules');
    writeExtension(join(mods, 'ndx-recon'), { name: 'recon', hostId: 'ndx', engines: '>=2.0.0 <3.0.0' });
    writeExtension(join(mods, 'ndx-old'), { name: 'old', hostId: 'ndx', engines: '^1.0.0' });
    writeExtension(join(mods, 'ndx-shadow'), { name: 'rex', hostId: 'ndx' });
    writeExtension(join(mods, 'outboard-only'), { name: 'elsewhere' });
  });
  after(() => tmp.cleanup());

  const ndx = (args: string[]) => runCli(args, { home: join(tmp.path, 'unused-outboard-home'), main, env: { NDX_HOME: home }, cwd: tmp.path });

  it('reads ndx.extension blocks from NDX_HOME and ignores outboard ones', () => {
    const r = ndx(['extensions', 'list', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const list = JSON.parse(r.stdout) as Array<{ name: string; state: string; reason: string; fix: string | null }>;
    const byName = new Map(list.map((e) => [e.name, e]));
    assert.deepEqual([...byName.keys()].sort(), ['old', 'recon', 'rex']);
    assert.equal(byName.get('recon')?.state, 'unapproved');
    assert.match(byName.get('recon')?.fix ?? '', /^ndx extensions enable recon/);
    assert.equal(byName.get('old')?.state, 'incompatible');
    assert.match(byName.get('old')?.reason ?? '', /2\.3\.0/);
    // A host built-in passed in the identity is reserved.
    assert.equal(byName.get('rex')?.state, 'invalid');
  });

  it('names itself in help, version and errors', () => {
    const help = ndx(['--help']);
    assert.match(help.stdout, /^n-dx 2\.3\.0/);
    assert.match(help.stdout, /ndx <command>/);
    assert.doesNotMatch(help.stdout, /outboard/i);
    assert.equal(ndx(['--version']).stdout.trim(), '2.3.0');
    const unknown = ndx(['nope']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /Unknown command "nope"/);
    assert.match(unknown.stderr, /ndx --help/);
  });

  it("suggests an unapproved extension's command for a typo, with its own enable command", () => {
    const typo = ndx(['recno']);
    assert.equal(typo.code, 1);
    assert.match(typo.stderr, /Unknown command "recno" — Did you mean `ndx recon`\?/);
    assert.match(typo.stderr, /run `ndx extensions enable recon` to review and approve it/);
    assert.doesNotMatch(typo.stderr, /outboard/i);
  });
});
