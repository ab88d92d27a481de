import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, runCli, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';

interface DoctorJson {
  ok: boolean;
  problems: Array<{ extension: string | null; path: string; rule: string; message: string; fix: string }>;
  experimental: Record<string, boolean>;
}

// experimental.<flag> switches: only the flags the host's identity declares are read; missing means false.
describe('experimental flags under an identity that declares some (xp)', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'xp-home');
  const project = join(tmp.path, 'project');
  const main = join(tmp.path, 'xp.mjs');
  before(() => {
    const cli = pathToFileURL(join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'index.js')).href;
    writeFiles(tmp.path, {
      'xp.mjs': [
        `import { runCli } from ${JSON.stringify(cli)};`,
        `const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };`,
        `process.exitCode = await runCli(process.argv.slice(2), { id: 'xp', version: '1.0.0', experiments: ['newHub', 'fastScan'] }, io);`,
      ].join('\n'),
    });
    writeFiles(project, { 'package.json': { name: 'app', private: true } });
    writeExtension(join(home, 'extensions', 'node_modules', 'xp-tool'), { name: 'tool', hostId: 'xp', packageName: 'xp-tool' });
  });
  after(() => tmp.cleanup());

  const xp = (args: string[]) => runCli(args, { home: join(tmp.path, 'unused-outboard-home'), main, env: { XP_HOME: home }, cwd: project });
  const doctor = () => {
    const r = xp(['extensions', 'doctor', '--json']);
    return { code: r.code, json: JSON.parse(r.stdout) as DoctorJson };
  };
  const info = () => JSON.parse(xp(['extensions', 'info', 'tool', '--json']).stdout) as { experimental: Record<string, boolean> };

  it('missing flags are false, in doctor (text and --json) and info (text and --json)', () => {
    const d = doctor();
    assert.equal(d.code, 0);
    assert.deepEqual(d.json.experimental, { newHub: false, fastScan: false });
    const text = xp(['extensions', 'doctor']);
    assert.equal(text.code, 0, text.stdout);
    const lines = text.stdout.split('\n').filter((l) => l.includes('experimental.'));
    assert.deepEqual(lines.map((l) => l.replace(/^\W+/, '')), ['experimental.newHub: false', 'experimental.fastScan: false']);
    assert.deepEqual(info().experimental, { newHub: false, fastScan: false });
    assert.match(xp(['extensions', 'info', 'tool']).stdout, /experimental\.newHub:\s+false/);
  });

  it('reads the user config, ignores unknown names, and lets the project override', () => {
    assert.equal(xp(['config', 'experimental.newHub', 'true', '--user']).code, 0);
    assert.equal(xp(['config', 'experimental.noSuchFlag', 'true', '--user']).code, 0);
    const d = doctor();
    assert.equal(d.code, 0);
    assert.deepEqual(d.json.experimental, { newHub: true, fastScan: false });
    assert.ok(!d.json.problems.some((p) => /noSuchFlag/.test(p.message)));
    assert.doesNotMatch(xp(['extensions', 'doctor']).stdout, /noSuchFlag/);
    assert.deepEqual(info().experimental, { newHub: true, fastScan: false });
    const text = xp(['extensions', 'info', 'tool']).stdout;
    assert.match(text, /experimental\.newHub:\s+true/);
    assert.match(text, /experimental\.fastScan:\s+false/);

    assert.equal(xp(['config', 'experimental.newHub', 'false']).code, 0);
    assert.deepEqual(doctor().json.experimental, { newHub: false, fastScan: false });
    assert.equal(xp(['config', 'experimental.newHub', '--unset']).code, 0);
    assert.deepEqual(doctor().json.experimental, { newHub: true, fastScan: false });
  });

  it('a non-boolean value is a problem (named with its file and fix) and reads as false', () => {
    assert.equal(xp(['config', 'experimental.fastScan', 'yes']).code, 0);
    const d = doctor();
    assert.equal(d.code, 1);
    assert.equal(d.json.ok, false);
    assert.deepEqual(d.json.experimental, { newHub: true, fastScan: false });
    const problem = d.json.problems.find((p) => p.rule === 'experimental.fastScan.type');
    assert.ok(problem, JSON.stringify(d.json.problems));
    assert.equal(problem.path, join(project, '.xp.json'));
    assert.match(problem.message, /experimental\.fastScan must be true or false, got "yes"/);
    assert.match(problem.fix, /`xp config experimental\.fastScan true` \(or false\)/);
    const text = xp(['extensions', 'doctor']);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /✖ .*\.xp\.json: experimental\.fastScan must be true or false/);
    assert.match(text.stdout, /experimental\.fastScan: false/);
    assert.equal(xp(['config', 'experimental.fastScan', 'true']).code, 0);
    assert.equal(doctor().code, 0);
    assert.deepEqual(info().experimental, { newHub: true, fastScan: true });
  });

  it('an identity with a bad experiments list is refused with a TypeError naming the option', () => {
    const bad = join(tmp.path, 'bad.mjs');
    const cli = pathToFileURL(join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'index.js')).href;
    writeFiles(tmp.path, {
      'bad.mjs': [
        `import { runCli } from ${JSON.stringify(cli)};`,
        `const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };`,
        `process.exitCode = await runCli(['extensions', 'doctor'], { id: 'xp', version: '1.0.0', experiments: ['has.dot'] }, io);`,
      ].join('\n'),
    });
    const r = runCli([], { home: join(tmp.path, 'unused-outboard-home'), main: bad, env: { XP_HOME: home }, cwd: project });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /TypeError: identity\.experiments must be a list of flag names/);
  });
});

describe('experimental flags under the reference CLI (declares none)', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());
  it('doctor and info show an empty set, whatever the config holds', () => {
    const home = join(tmp.path, 'home');
    const cwd = join(tmp.path, 'work');
    writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
    writeExtension(join(home, 'extensions', 'node_modules', 'outboard-ext-one'), { name: 'one' });
    assert.equal(runCli(['config', 'experimental.anything', 'true', '--user'], { home, cwd }).code, 0);
    const d = runCli(['extensions', 'doctor', '--json'], { home, cwd });
    assert.equal(d.code, 0, d.stdout);
    assert.deepEqual((JSON.parse(d.stdout) as DoctorJson).experimental, {});
    assert.doesNotMatch(runCli(['extensions', 'doctor'], { home, cwd }).stdout, /experimental/);
    assert.deepEqual(JSON.parse(runCli(['extensions', 'info', 'one', '--json'], { home, cwd }).stdout).experimental, {});
  });
});
