import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runCli, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';

interface DoctorJson {
  ok: boolean;
  problems: Array<{ extension: string | null; path: string; rule: string; message: string; fix: string }>;
}

/** The one `<file>.corrupt-*` copy next to `file`, and its bytes. */
function keptCopy(file: string): { path: string; bytes: string } {
  const dir = join(file, '..');
  const base = file.slice(dir.length + 1);
  const copies = readdirSync(dir).filter((f) => f.startsWith(`${base}.corrupt-`));
  assert.equal(copies.length, 1, `expected one kept copy of ${base}, found ${copies.join(', ') || 'none'}`);
  const path = join(dir, copies[0]!);
  return { path, bytes: readFileSync(path, 'utf8') };
}

// A corrupt file is reported with its path and kept aside by the next write, never silently overwritten.
describe('corrupt config and approvals files', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  function setup(label: string) {
    const home = join(tmp.path, label, 'home');
    const cwd = join(tmp.path, label, 'project');
    writeFiles(cwd, { 'package.json': { name: 'project', private: true } });
    writeExtension(join(home, 'extensions', 'node_modules', 'outboard-ext-one'), { name: 'one' });
    writeExtension(join(home, 'extensions', 'node_modules', 'outboard-ext-two'), { name: 'two' });
    return { home, cwd, cli: (args: string[]) => runCli(args, { home, cwd }) };
  }

  it('a corrupt user config.json: doctor names it, reads refuse naming it, the next write keeps the old bytes aside', () => {
    const { home, cwd, cli } = setup('user-config');
    const file = join(home, 'config.json');
    const bytes = '{ "extensions": { "one": { "k": 1 }, \n';
    writeFileSync(file, bytes);
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd });
    assert.equal(doctor.code, 1);
    const problem = doctor.json.problems.find((p) => p.path === file);
    assert.ok(problem, JSON.stringify(doctor.json.problems));
    assert.equal(problem.rule, 'config.corrupt');
    assert.match(problem.message, /is corrupt \(not valid JSON/);
    assert.ok(problem.fix.length > 0);
    assert.ok(cli(['extensions', 'doctor']).stdout.includes(file));
    const read = cli(['config', 'extensions.one.k']);
    assert.equal(read.code, 2);
    assert.ok(read.stderr.includes(file), read.stderr);
    // Reads never touch it.
    assert.equal(readFileSync(file, 'utf8'), bytes);

    const write = cli(['config', 'extensions.one.k', '2', '--user']);
    assert.equal(write.code, 0, write.stderr);
    const kept = keptCopy(file);
    assert.equal(kept.bytes, bytes);
    assert.match(write.stderr, /warning: .*config\.json was corrupt .*its content was kept at /);
    assert.ok(write.stderr.includes(kept.path));
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { format: 1, extensions: { one: { k: 2 } } });
    assert.equal(cli(['extensions', 'doctor']).code, 0);
  });

  it('a corrupt project .outboard.json is named by doctor and kept aside by the next project write', () => {
    const { cwd, cli } = setup('project-config');
    const file = join(cwd, '.outboard.json');
    const bytes = '["not", "an", "object"]\n';
    writeFileSync(file, bytes);
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home: join(tmp.path, 'project-config', 'home'), cwd });
    assert.equal(doctor.code, 1);
    assert.ok(doctor.json.problems.some((p) => p.path === file && p.rule === 'config.corrupt'), JSON.stringify(doctor.json.problems));
    // A user write leaves the project file alone.
    assert.equal(cli(['config', 'a.b', '1', '--user']).code, 0);
    assert.equal(readFileSync(file, 'utf8'), bytes);
    const write = cli(['config', 'a.b', '2']);
    assert.equal(write.code, 0, write.stderr);
    assert.equal(keptCopy(file).bytes, bytes);
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { format: 1, a: { b: 2 } });
  });

  it('a corrupt approvals.json: nothing counts as approved, list and doctor name it, the next approval keeps it aside', () => {
    const { home, cwd, cli } = setup('approvals');
    assert.equal(cli(['extensions', 'enable', 'one', '--yes']).code, 0);
    const file = join(home, 'approvals.json');
    const bytes = readFileSync(file, 'utf8').slice(0, 40);
    writeFileSync(file, bytes);

    const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.deepEqual(list.json.map((e) => e.state), ['unapproved', 'unapproved']);
    const text = cli(['extensions', 'list']);
    assert.match(text.stderr, /warning: .*approvals\.json is corrupt .*until it is fixed no extension counts as approved/);
    assert.doesNotMatch(text.stderr, /package could not be read/);
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd });
    assert.equal(doctor.code, 1);
    const problem = doctor.json.problems.find((p) => p.path === file);
    assert.equal(problem?.rule, 'approvals.corrupt');
    assert.match(problem?.fix ?? '', /outboard extensions enable <name>/);
    // The command refuses to run rather than trusting an unreadable approval.
    assert.equal(cli(['one']).code, 2);
    assert.equal(readFileSync(file, 'utf8'), bytes);

    const approve = cli(['extensions', 'enable', 'two', '--yes']);
    assert.equal(approve.code, 0, approve.stderr);
    assert.match(approve.stderr, /warning: .*approvals\.json was corrupt/);
    assert.equal(keptCopy(file).bytes, bytes);
    const now = JSON.parse(readFileSync(file, 'utf8')) as { extensions: Record<string, unknown> };
    assert.deepEqual(Object.keys(now.extensions), ['two']);
    assert.equal(cli(['extensions', 'doctor']).code, 0);
  });

  it('an approvals.json of the wrong shape counts as corrupt too', () => {
    const { home, cwd, cli } = setup('shape');
    const file = join(home, 'approvals.json');
    writeFileSync(file, '{"format": 1, "extensions": "nope", "projects": {}}\n');
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd });
    const problem = doctor.json.problems.find((p) => p.path === file);
    assert.equal(problem?.rule, 'approvals.corrupt', JSON.stringify(doctor.json.problems));
    assert.equal(cli(['extensions', 'enable', 'one', '--yes']).code, 0);
    assert.equal(keptCopy(file).bytes, '{"format": 1, "extensions": "nope", "projects": {}}\n');
  });

  it('an approvals.json in a newer format is refused with the fix and never overwritten', () => {
    const { home, cli } = setup('newer');
    const file = join(home, 'approvals.json');
    const bytes = '{"format": 99, "extensions": {}, "projects": {}}\n';
    writeFileSync(file, bytes);
    const doctor = cli(['extensions', 'doctor']);
    assert.notEqual(doctor.code, 0);
    assert.match(doctor.stderr, /approvals\.json is in format 99, written by a newer version.*upgrade/);
    const enable = cli(['extensions', 'enable', 'one', '--yes']);
    assert.notEqual(enable.code, 0);
    assert.match(enable.stderr, /format 99/);
    assert.equal(readFileSync(file, 'utf8'), bytes);
  });
});

// Hostile files: never a crash, a stack trace or a hang; one diagnostic each (each run is bounded by runCli's 30 s).
describe('hostile files never crash or hang the host', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());
  const mkfifo = (path: string) => execFileSync('mkfifo', [path]);

  function setup(label: string) {
    const home = join(tmp.path, label, 'home');
    const cwd = join(tmp.path, label, 'project');
    writeExtension(join(home, 'extensions', 'node_modules', 'outboard-ext-one'), { name: 'one' });
    return { home, cwd };
  }

  /** `--help` and `extensions doctor --json` finish quickly, without a stack trace; doctor reports `rule` once. */
  function assertSurvives(home: string, cwd: string, rule: string, path: string): void {
    const help = runCli(['--help'], { home, cwd, timeout: 10_000 });
    assert.equal(help.signal, null, 'no hang');
    assert.equal(help.code, 0, help.stderr);
    assert.doesNotMatch(help.stderr, /Maximum call stack|    at /);
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd, timeout: 10_000 });
    const hits = doctor.json.problems.filter((p) => p.rule === rule && p.path === path);
    assert.equal(hits.length, 1, JSON.stringify(doctor.json.problems));
    assert.doesNotMatch(doctor.stderr, /    at /);
  }

  it('a project dependency whose package.json nests 100,000 deep', () => {
    const { home, cwd } = setup('deep');
    writeFiles(cwd, { 'package.json': { name: 'project', private: true, dependencies: { 'deep-pkg': '1.0.0' } } });
    const depDir = join(cwd, 'node_modules', 'deep-pkg');
    mkdirSync(depDir, { recursive: true });
    writeFileSync(join(depDir, 'package.json'), `{"name":"deep-pkg","version":"1.0.0","outboard":{"extension":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`);
    assertSurvives(home, cwd, 'package-json.too-deep', join(depDir, 'package.json'));
  });

  it('a FIFO named package.json in a package folder', () => {
    const { home, cwd } = setup('fifo-pkg');
    writeFiles(cwd, { 'package.json': { name: 'project', private: true } });
    const dir = join(home, 'extensions', 'node_modules', 'fifo-pkg');
    mkdirSync(dir, { recursive: true });
    mkfifo(join(dir, 'package.json'));
    assertSurvives(home, cwd, 'package-json.not-a-file', join(dir, 'package.json'));
  });

  it('a FIFO as the project package.json', () => {
    const { home, cwd } = setup('fifo-project');
    mkdirSync(cwd, { recursive: true });
    mkfifo(join(cwd, 'package.json'));
    const help = runCli(['--help'], { home, cwd, timeout: 10_000 });
    assert.equal(help.signal, null, 'no hang');
    assert.equal(help.code, 0, help.stderr);
  });

  for (const kind of ['folder', 'FIFO'] as const) {
    it(`approvals.json as a ${kind}: one diagnostic, no stack trace, no hang`, () => {
      const { home, cwd } = setup(`approvals-${kind}`);
      writeFiles(cwd, { 'package.json': { name: 'project', private: true } });
      const file = join(home, 'approvals.json');
      if (kind === 'folder') mkdirSync(file);
      else mkfifo(file);
      assertSurvives(home, cwd, 'approvals.corrupt', file);
      const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home, cwd, timeout: 10_000 });
      assert.equal(list.json.find((e) => e.name === 'one')?.state, 'unapproved');
    });
  }

  it('a home and config.json writable by others: doctor warns; approvals.json writable by others is not trusted', () => {
    const { home, cwd } = setup('perms');
    writeFiles(cwd, { 'package.json': { name: 'project', private: true } });
    assert.equal(runCli(['extensions', 'enable', 'one', '--yes'], { home, cwd }).code, 0);
    writeFileSync(join(home, 'config.json'), '{}\n');
    chmodSync(home, 0o777);
    chmodSync(join(home, 'config.json'), 0o666);
    chmodSync(join(home, 'approvals.json'), 0o620);
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd });
    const rules = doctor.json.problems.map((p) => p.rule);
    for (const rule of ['home.permissions', 'config.permissions', 'approvals.permissions']) assert.ok(rules.includes(rule), rules.join(', '));
    const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.equal(list.json.find((e) => e.name === 'one')?.state, 'unapproved');
    assert.notEqual(runCli(['one'], { home, cwd }).code, 0);
    chmodSync(home, 0o700);
  });
});
