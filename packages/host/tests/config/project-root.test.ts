// One project-root rule: config, approvals and discovery see the same project from any folder inside it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createHost } from '../../src/index.js';
import { findProjectRoot } from '../../src/config/project-root.js';

function write(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
}

test('the host, its config, its approvals and discovery share one project root: .<id>.json, else package.json, else .git', async (t) => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'project-root-')));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const project = path.join(root, 'work');
  const sub = path.join(project, 'packages', 'sub');
  write(path.join(project, '.outboard.json'), {});
  write(path.join(project, 'package.json'), { name: 'work', dependencies: { 'outboard-ext-p': '1.0.0' } });
  write(path.join(sub, 'package.json'), { name: 'sub' });
  write(path.join(project, 'node_modules', 'outboard-ext-p', 'package.json'), {
    name: 'outboard-ext-p',
    version: '1.0.0',
    engines: { outboard: '*' },
    outboard: { extension: { apiVersion: 1, name: 'p', commands: [{ name: 'p', summary: 'p', bin: 'p.js' }] } },
  });
  write(path.join(project, 'node_modules', 'outboard-ext-p', 'p.js'), '');
  fs.mkdirSync(path.join(root, 'home'));

  const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home: path.join(root, 'home'), cwd: path.join(sub, 'src'), env: {}, globalRoots: [] });
  assert.equal(host.projectRoot, project, 'the marker file wins over the nearer package.json');
  assert.equal(host.config.projectRoot(), project);
  assert.equal(host.config.projectConfigPath(), path.join(project, '.outboard.json'));
  const ext = await host.findExtension('p');
  assert.equal(ext?.source, 'project', "discovery reads the same root's dependencies");
  assert.ok(ext?.name);
  await host.approvals.approve({ ...ext, name: ext.name }, { capabilities: [] });
  const approvals = JSON.parse(fs.readFileSync(host.approvals.path, 'utf8')) as { projects: Record<string, unknown> };
  assert.deepEqual(Object.keys(approvals.projects), [project], 'approvals are kept under the same root');

  // Without the marker: the nearest package.json; without any: the nearest .git; else no project.
  fs.rmSync(path.join(project, '.outboard.json'));
  assert.equal(findProjectRoot(path.join(sub, 'src'), 'outboard'), sub);
  const bare = path.join(root, 'bare', 'a', 'b');
  fs.mkdirSync(bare, { recursive: true });
  fs.mkdirSync(path.join(root, 'bare', '.git'));
  assert.equal(findProjectRoot(bare, 'outboard'), path.join(root, 'bare'));
  assert.equal(createHost({ identity: { id: 'outboard', version: '0.1.0' }, home: path.join(root, 'home'), cwd: bare, env: {}, globalRoots: [] }).config.projectRoot(), path.join(root, 'bare'));
});
