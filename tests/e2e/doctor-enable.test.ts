// extensions doctor reports every problem of a package in one run, each line naming the package and its
// folder; extensions enable refuses a package doctor finds problems in, listing them.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli, runCliJson, tempDir, writeFiles } from './lib/fixture-home.js';

interface DoctorJson { problems: Array<{ extension: string | null; packageName: string | null; folder: string | null; rule: string; path: string; message: string; fix: string }> }

describe('doctor and enable on a broken package', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('doctor reports every problem of one package in one run: schema, rules, ownership, engines and missing files', () => {
    const home = join(tmp.path, 'home-all');
    const dir = join(home, 'extensions', 'node_modules', '@acme', 'bad-pkg');
    writeFiles(dir, {
      'package.json': {
        name: '@acme/bad-pkg',
        version: '1.0.0',
        outboard: {
          extension: {
            apiVersion: 1,
            name: 'Bad',
            displayName: 5,
            commands: [{ name: 'bad-cmd', bin: 'bin/cli.js' }],
            peer: { exec: ['python3', './bin/run.py'] },
            contributes: { actions: [{ id: 'other.x', title: 'X' }], status: [{ id: 'bad.s' }] },
          },
        },
      },
    });
    const json = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home });
    assert.equal(json.code, 1);
    const rules = json.json.problems.map((p) => p.rule).sort();
    assert.deepEqual(rules, ['contributes.owned-id', 'engines.missing', 'file.missing', 'file.missing', 'name.slug', 'schema.required', 'schema.type'], JSON.stringify(json.json.problems, null, 1));
    const owned = json.json.problems.find((p) => p.rule === 'contributes.owned-id');
    assert.match(owned?.fix ?? '', /Rename it "bad\.x"/, 'ownership is judged against the name the name.slug fix suggests');
    for (const p of json.json.problems) {
      assert.equal(p.packageName, '@acme/bad-pkg');
      assert.equal(p.folder, dir);
    }
    const text = runCli(['extensions', 'doctor'], { home });
    const lines = text.stdout.split('\n').filter((l) => l.startsWith('✖'));
    assert.equal(lines.length, 7, text.stdout);
    for (const line of lines) assert.ok(line.startsWith(`✖ @acme/bad-pkg (extension "Bad") in ${dir}: $.`), line);
    assert.ok(lines.some((l) => /bin\/run\.py does not exist in the package/.test(l)), text.stdout);
  });

  it('a problem outside any package keeps its own path, with no package named', () => {
    const home = join(tmp.path, 'home-broken-json');
    writeFiles(join(home, 'extensions', 'node_modules', 'broken'), { 'package.json': '{ "name": ' });
    const json = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home });
    const p = json.json.problems.find((x) => x.rule === 'package-json.syntax');
    assert.ok(p, JSON.stringify(json.json.problems));
    assert.equal(p.packageName, null);
    assert.equal(p.folder, null);
  });

  it('enable --yes refuses a package with a missing file, printing each problem, and approves nothing', () => {
    const home = join(tmp.path, 'home-enable');
    const dir = join(home, 'extensions', 'node_modules', 'outboard-broken');
    writeFiles(dir, {
      'package.json': {
        name: 'outboard-broken',
        version: '1.0.0',
        engines: { outboard: '>=0.0.1' },
        outboard: { extension: { apiVersion: 1, name: 'broken', commands: [{ name: 'broken', exec: ['python3', './bin/run.py'] }] } },
      },
    });
    const r = runCli(['extensions', 'enable', 'broken', '--yes'], { home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`error: broken cannot be enabled: its package outboard-broken in ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} has a problem`));
    assert.match(r.stderr, /\$\.outboard\.extension\.commands\[0\]\.exec\[1\]: bin\/run\.py does not exist in the package — fix: add bin\/run\.py/);
    const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home });
    assert.equal(list.json.find((e) => e.name === 'broken')?.state, 'unapproved');
    // Mended, it enables.
    writeFiles(dir, { 'bin/run.py': 'print("hi")\n' });
    assert.equal(runCli(['extensions', 'enable', 'broken', '--yes'], { home }).code, 0);
  });
});
