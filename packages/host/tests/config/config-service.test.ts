import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, ConfigService, parseConfigValue } from '../../src/config/index.js';

interface Layout {
  root: string;
  home: string;
  project: string;
  nested: string;
}

// A home and a project (marked by package.json) with a nested working folder; host id "ndx", not "outboard".
function layout(t: { after(fn: () => void): void }): Layout {
  const root = mkdtempSync(join(tmpdir(), 'config-service-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const project = join(root, 'work', 'app');
  const nested = join(project, 'src', 'deep');
  mkdirSync(home, { recursive: true });
  mkdirSync(nested, { recursive: true });
  writeFileSync(join(project, 'package.json'), '{"name":"app"}');
  return { root, home, project, nested };
}

/** A config file's settings, after checking it says its format (store/file-format.ts) first. */
function readJson(path: string): unknown {
  const { format, ...settings } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  assert.equal(format, 1, `${path} says it is in format 1`);
  return settings;
}

test('file locations derive from the host id; the project root is found from a nested cwd', (t) => {
  const { home, project, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  assert.equal(config.userConfigPath, join(home, 'config.json'));
  assert.equal(config.projectRoot(), project);
  assert.equal(config.projectConfigPath(), join(project, '.ndx.json'));
});

test('project root: .<id>.json wins over a nearer package.json, which wins over a nearer .git', (t) => {
  const { root, home } = layout(t);
  const outer = join(root, 'mono');
  const pkg = join(outer, 'packages', 'lib');
  const repo = join(pkg, 'vendored');
  mkdirSync(join(repo, '.git'), { recursive: true });
  writeFileSync(join(outer, '.ndx.json'), '{}');
  writeFileSync(join(pkg, 'package.json'), '{}');
  assert.equal(new ConfigService({ hostId: 'ndx', home, cwd: repo }).projectRoot(), outer);
  rmSync(join(outer, '.ndx.json'));
  assert.equal(new ConfigService({ hostId: 'ndx', home, cwd: repo }).projectRoot(), pkg);
  rmSync(join(pkg, 'package.json'));
  assert.equal(new ConfigService({ hostId: 'ndx', home, cwd: repo }).projectRoot(), repo);
});

test('writes go to the project file by default and to the user file with scope user; get merges project over user', async (t) => {
  const { home, project, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  await config.set('extensions.git.depth', 10, { scope: 'user' });
  await config.set('extensions.git.remote', 'upstream', { scope: 'user' });
  await config.set('extensions.git.tags', ['a', 'b'], { scope: 'user' });
  const projectWrite = await config.set('extensions.git.depth', 2);
  await config.set('extensions.git.tags', ['c']);
  assert.equal(projectWrite.file, join(project, '.ndx.json'));
  assert.equal(projectWrite.scope, 'project');
  assert.deepEqual(readJson(join(project, '.ndx.json')), { extensions: { git: { depth: 2, tags: ['c'] } } });
  assert.deepEqual(readJson(join(home, 'config.json')), { extensions: { git: { depth: 10, remote: 'upstream', tags: ['a', 'b'] } } });
  assert.equal(config.get('extensions.git.depth'), 2);
  assert.equal(config.get('extensions.git.remote'), 'upstream');
  assert.deepEqual(config.get('extensions.git.tags'), ['c'], 'arrays are replaced, not concatenated');
  assert.deepEqual(config.get('extensions.git'), { depth: 2, remote: 'upstream', tags: ['c'] });
  assert.equal(config.getIn('user', 'extensions.git.depth'), 10);
  assert.equal(config.get('extensions.nope'), undefined);
});

test('values typed as text are stored as JSON when they parse, else as strings', async (t) => {
  const { home, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  for (const [key, raw] of [['n', '42'], ['b', 'false'], ['s', 'main'], ['o', '{"x":[1]}'], ['q', '"42"']] as const) {
    await config.set(`tool.${key}`, parseConfigValue(raw));
  }
  assert.deepEqual(config.get('tool'), { n: 42, b: false, s: 'main', o: { x: [1] }, q: '42' });
});

test('unset removes a key from one file and reveals the other', async (t) => {
  const { home, project, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  await config.set('ui.theme', 'light', { scope: 'user' });
  await config.set('ui.theme', 'dark');
  assert.equal(config.get('ui.theme'), 'dark');
  const removed = await config.unset('ui.theme');
  assert.equal(removed.changed, true);
  assert.equal(config.get('ui.theme'), 'light');
  assert.deepEqual(readJson(join(project, '.ndx.json')), {});
  assert.equal((await config.unset('ui.theme')).changed, false);
});

test('outside any project: reads use the user config, project writes fail naming --user', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'config-noproject-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const cwd = join(root, 'loose');
  mkdirSync(cwd, { recursive: true });
  const config = new ConfigService({ hostId: 'ndx', home, cwd });
  assert.equal(config.projectRoot(), undefined);
  await assert.rejects(config.set('a.b', 1), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.code, 'CONFIG_NO_PROJECT');
    assert.ok(error.message.includes(cwd));
    assert.match(error.message, /\.ndx\.json, package\.json or \.git/);
    assert.match(error.message, /Use --user/);
    assert.match(error.message, /run the command inside a project/);
    return true;
  });
  await assert.rejects(config.unset('a.b'), { code: 'CONFIG_NO_PROJECT' });
  await config.set('a.b', 1, { scope: 'user' });
  assert.equal(config.get('a.b'), 1);
});

test('a corrupt config file is reported on read and kept aside on write', async (t) => {
  const { home, project, nested } = layout(t);
  const projectFile = join(project, '.ndx.json');
  const broken = '{ "extensions": { "git": ';
  writeFileSync(projectFile, broken);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  assert.throws(() => config.get('extensions.git'), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.code, 'CONFIG_CORRUPT');
    assert.ok(error.message.includes(projectFile));
    return true;
  });
  assert.throws(() => config.getIn('project', 'extensions'), { code: 'CONFIG_CORRUPT' });
  assert.equal(config.getIn('user', 'extensions'), undefined);
  assert.equal(config.inspect().corrupt[0]?.path, projectFile);
  assert.equal(readFileSync(projectFile, 'utf8'), broken, 'reads leave it alone');

  const write = await config.set('extensions.git.depth', 1);
  const keptAt = write.quarantined?.keptAt ?? '';
  assert.ok(keptAt.startsWith(`${projectFile}.corrupt-`), keptAt);
  assert.equal(readFileSync(keptAt, 'utf8'), broken);
  assert.ok(write.quarantined?.message.includes(keptAt));
  assert.equal(config.get('extensions.git.depth'), 1);

  writeFileSync(join(home, 'config.json'), '[1,2]');
  assert.match(config.devPaths().corrupt?.reason ?? '', /top level must be a JSON object/);
  assert.deepEqual(config.experimentalFlags(['x']).corrupt.map((c) => c.path), [join(home, 'config.json')]);
});

test('dev paths: added absolute and normalised, deduplicated, removed, user config only', async (t) => {
  const { home, root, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  for (const dir of [join(root, 'work', 'ext-a'), join(root, 'ext-b')]) mkdirSync(dir, { recursive: true });
  const first = await config.addDevPath('../../../ext-a/');
  assert.deepEqual(first.paths, [join(root, 'work', 'ext-a')]);
  assert.equal(first.file, join(home, 'config.json'));
  const again = await config.addDevPath(join(root, 'work', 'x', '..', 'ext-a'));
  assert.equal(again.changed, false);
  await config.addDevPath(join(root, 'ext-b'));
  assert.deepEqual(config.devPaths(), { paths: [join(root, 'work', 'ext-a'), join(root, 'ext-b')], problems: [] });
  assert.equal((await config.removeDevPath(join(root, 'work', 'ext-a'))).changed, true);
  assert.equal((await config.removeDevPath(join(root, 'nowhere'))).changed, false);
  const last = await config.removeDevPath(join(root, 'ext-b'));
  assert.deepEqual(last.paths, []);
  assert.deepEqual(readJson(join(home, 'config.json')), {});

  await assert.rejects(config.set('extensions.paths', ['/x']), { code: 'CONFIG_USER_ONLY' });
  await assert.rejects(config.set('extensions.paths', 'not-a-list', { scope: 'user' }), { code: 'CONFIG_INVALID_VALUE' });
  await config.set('extensions.paths', ['rel', '/abs/./x', '/abs/x'], { scope: 'user' });
  assert.deepEqual(config.getIn('user', 'extensions.paths'), [join(nested, 'rel'), '/abs/x']);

  // A project cannot add dev paths, and bad entries are reported, not thrown.
  writeFileSync(config.projectConfigPath()!, JSON.stringify({ extensions: { paths: ['/evil'] } }));
  assert.deepEqual(config.get('extensions.paths'), [join(nested, 'rel'), '/abs/x']);
  writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths: ['sub', 7, '/abs'] } }));
  const read = config.devPaths();
  assert.deepEqual(read.paths, [join(home, 'sub'), '/abs']);
  assert.deepEqual(read.problems.map((p) => p.path), ['extensions.paths.1']);
  await assert.rejects(config.addDevPath(join(root, 'ext-b')), { code: 'CONFIG_INVALID_VALUE' });
});

test('dev paths: linking a folder that does not exist, or a file, is refused naming it, and nothing is written', async (t) => {
  const { home, root, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  writeFileSync(join(root, 'a-file'), '');
  for (const [path, reason] of [[join(root, 'nonexistent'), /does not exist/], [join(root, 'a-file'), /is not a folder/]] as const) {
    await assert.rejects(config.addDevPath(path), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.code, 'CONFIG_DEV_PATH_MISSING');
      assert.ok(error.message.includes(path), error.message);
      assert.match(error.message, reason);
      assert.match(error.hint ?? '', /ndx extensions link/);
      return true;
    });
  }
  assert.equal(existsSync(join(home, 'config.json')), false);
});

test('experimental flags: known ones only, missing false, non-booleans reported', async (t) => {
  const { home, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  await config.set('experimental', { fastHelp: true, typo: true, mcp: 'yes' }, { scope: 'user' });
  await config.set('experimental.peers', true);
  const result = config.experimentalFlags(['fastHelp', 'mcp', 'peers', 'otel']);
  assert.deepEqual(result.flags, { fastHelp: true, mcp: false, peers: true, otel: false });
  assert.deepEqual(result.problems.map((p) => `${p.path} ${p.rule}`), ['experimental.mcp type']);
  assert.equal(result.corrupt.length, 0);
});

test('bad constructor options throw a TypeError naming the option', () => {
  assert.throws(() => new ConfigService({ hostId: 'Bad Id', home: '/h', cwd: '/c' }), /hostId/);
  assert.throws(() => new ConfigService({ hostId: 'ndx', home: '', cwd: '/c' }), /home/);
});

test('reading config, dev paths and flags never loads Ajv', (t) => {
  const { home, nested } = layout(t);
  writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths: ['/a'], git: { depth: 1 } }, experimental: { x: true } }));
  const entry = fileURLToPath(new URL('../../src/config/index.js', import.meta.url));
  const script = `
    import { createRequire } from 'node:module';
    const { ConfigService } = await import(${JSON.stringify(entry)});
    const config = new ConfigService({ hostId: 'ndx', home: ${JSON.stringify(home)}, cwd: ${JSON.stringify(nested)} });
    const seen = [config.devPaths().paths.length, config.get('extensions.git.depth'), config.experimentalFlags(['x']).flags.x];
    const ajvModules = () => Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('/ajv/')).length;
    const loaded = ajvModules();
    await config.set('extensions.git.depth', 2, { scope: 'user', schema: { schema: { type: 'object' } } });
    process.stdout.write(JSON.stringify({ seen, loaded, afterValidation: ajvModules() }));`;
  const output = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { seen: unknown[]; loaded: number; afterValidation: number };
  assert.deepEqual(output.seen, [1, 1, true]);
  assert.equal(output.loaded, 0);
  assert.ok(output.afterValidation > 0, 'the probe does see Ajv once a section is validated');
});

test('concurrent writers in one process keep every key', async (t) => {
  const { home, project, nested } = layout(t);
  const config = new ConfigService({ hostId: 'ndx', home, cwd: nested });
  await Promise.all(Array.from({ length: 10 }, (_, i) => config.set(`k.v${i}`, i)));
  assert.equal(Object.keys(config.get('k') as object).length, 10);
  assert.deepEqual(readdirSync(project).sort(), ['.ndx.json', 'package.json', 'src']);
  assert.equal(existsSync(`${join(project, '.ndx.json')}.lock`), false);
});
