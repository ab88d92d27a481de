import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionPackageJson, runCli, runCliJson, tempDir, writeFiles } from './lib/fixture-home.js';
import type { ExtensionListEntry } from '@outboard/host';

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

interface StoredApproval {
  source: string;
}

describe('project-source approvals are per project path', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('approving in project A does not approve a fresh clone of it at another path', () => {
    const home = join(tmp.path, 'home');
    const projectA = join(tmp.path, 'repos', 'a');
    writeFiles(projectA, {
      'package.json': { name: 'proj', private: true, devDependencies: { 'outboard-ext-lint': '1.0.0' } },
      'node_modules/outboard-ext-lint/package.json': extensionPackageJson({ name: 'lint' }),
      'node_modules/outboard-ext-lint/bin/cli.js': `process.stdout.write('lint ran\\n');\n`,
    });
    const list = (cwd: string) => runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd }).json.find((e) => e.name === 'lint');
    assert.equal(list(projectA)?.source, 'project');
    const ok = runCli(['extensions', 'enable', 'lint', '--yes'], { home, cwd: projectA });
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(list(projectA)?.state, 'enabled');
    // From a subfolder of A it is the same project.
    mkdirSync(join(projectA, 'src'));
    assert.equal(runCli(['lint'], { home, cwd: join(projectA, 'src') }).stdout, 'lint ran\n');

    const approvals = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { extensions: Record<string, unknown>; projects: Record<string, Record<string, StoredApproval>> };
    assert.deepEqual(Object.keys(approvals.projects), [projectA]);
    assert.equal(approvals.projects[projectA]?.['lint']?.source, 'project');
    assert.deepEqual(approvals.extensions, {});

    const clone = join(tmp.path, 'repos', 'b');
    cpSync(projectA, clone, { recursive: true });
    const fresh = list(clone);
    assert.equal(fresh?.state, 'unapproved');
    assert.equal(fresh?.reason, 'not approved yet');
    const run = runCli(['lint'], { home, cwd: clone });
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /outboard extensions enable lint/);
    // A stays approved.
    assert.equal(list(projectA)?.state, 'enabled');
  });
});
