import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ServiceError } from '../../src/broker/index.js';
import { EventBus, type BusEvent } from '../../src/bus/index.js';
import { ProjectStore, projectIdFromFolderName, projectIdProblem, uniqueProjectId } from '../../src/projects/index.js';
import { StoreError } from '../../src/store/index.js';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'projects-')));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function folder(...parts: string[]): string {
  const path = join(...parts);
  mkdirSync(path, { recursive: true });
  return path;
}

function refusal(code: string, pattern: RegExp): (error: unknown) => boolean {
  return (error) => error instanceof ServiceError && error.code === code && pattern.test(error.message);
}

describe('project ids', () => {
  it('derive a slug from the folder name', () => {
    assert.equal(projectIdFromFolderName('Web App'), 'web-app');
    assert.equal(projectIdFromFolderName('Ünïcödé!!'), 'unicode');
    assert.equal(projectIdFromFolderName('--my_repo.git--'), 'my-repo-git');
    assert.equal(projectIdFromFolderName('---'), 'project');
    assert.equal(projectIdFromFolderName('日本'), 'project');
    assert.equal(projectIdFromFolderName('a'.repeat(100)).length, 63);
  });

  it('are made unique with a numeric suffix, never taking a reserved id, within 63 characters', () => {
    assert.equal(uniqueProjectId('web', new Set()), 'web');
    assert.equal(uniqueProjectId('web', new Set(['web', 'web-2'])), 'web-3');
    assert.equal(uniqueProjectId('x', new Set()), 'x-2');
    const long = 'a'.repeat(63);
    const next = uniqueProjectId(long, new Set([long]));
    assert.equal(next, `${'a'.repeat(61)}-2`);
    assert.equal(projectIdProblem(next), undefined);
  });

  it('are slugs of at most 63 characters, and x is reserved', () => {
    for (const good of ['web', '1st', 'a-b-c', 'a'.repeat(63)]) assert.equal(projectIdProblem(good), undefined, good);
    for (const bad of ['', 'Web', '-web', 'web_app', 'a/b', '../x', 'a'.repeat(64), 7]) assert.match(projectIdProblem(bad) ?? '', /lowercase slug/, String(bad));
    assert.match(projectIdProblem('x') ?? '', /reserved/);
  });
});

describe('ProjectStore', () => {
  it('registers a folder under a derived id and name, by its real path, durably', async (t) => {
    const home = tempDir(t);
    const work = tempDir(t);
    const root = folder(work, 'Web App');
    const link = join(work, 'link-to-web');
    symlinkSync(root, link);
    const store = new ProjectStore({ home, now: () => Date.UTC(2026, 4, 6, 7, 8, 9) });
    const { project, created } = await store.register({ root: link });
    assert.equal(created, true);
    assert.deepEqual(project, { id: 'web-app', name: 'Web App', root, registeredAt: '2026-05-06T07:08:09.000Z' });
    const file = JSON.parse(readFileSync(join(home, 'projects.json'), 'utf8'));
    assert.deepEqual(file, { format: 1, projects: { 'web-app': project } });
    const reopened = new ProjectStore({ home });
    assert.deepEqual(reopened.list(), [project]);
    assert.deepEqual(reopened.get('web-app'), project);
    assert.deepEqual(reopened.findByRoot(link), project);
    assert.equal(reopened.get('nope'), undefined);
    assert.equal(reopened.get('__proto__'), undefined);
    assert.equal(reopened.findByRoot(join(work, 'missing')), undefined);
  });

  it('registering the same real root again returns the existing project unchanged', async (t) => {
    const home = tempDir(t);
    const work = tempDir(t);
    const root = folder(work, 'api');
    symlinkSync(root, join(work, 'alias'));
    const store = new ProjectStore({ home });
    const first = await store.register({ root, name: 'API' });
    for (const again of [{ root }, { root: `${root}/` }, { root: join(work, 'alias'), name: 'Other', id: 'other' }]) {
      const second = await store.register(again);
      assert.equal(second.created, false);
      assert.deepEqual(second.project, first.project);
    }
    assert.equal(store.list().length, 1);
  });

  it('keeps ids unique across folders with the same name, honours a wanted id, and refuses a taken, reserved or malformed one', async (t) => {
    const home = tempDir(t);
    const work = tempDir(t);
    const store = new ProjectStore({ home });
    assert.equal((await store.register({ root: folder(work, 'one', 'app') })).project.id, 'app');
    assert.equal((await store.register({ root: folder(work, 'two', 'app') })).project.id, 'app-2');
    assert.equal((await store.register({ root: folder(work, 'three', 'x') })).project.id, 'x-2');
    assert.equal((await store.register({ root: folder(work, 'four', 'app'), id: 'mobile' })).project.id, 'mobile');
    await assert.rejects(store.register({ root: folder(work, 'five'), id: 'app' }), refusal('invalid_params', /that id belongs to .*one[/\\]app\. Choose another id/));
    await assert.rejects(store.register({ root: folder(work, 'five'), id: 'x' }), refusal('invalid_params', /reserved/));
    for (const id of ['App', '../etc', 'a/b', '', 'a'.repeat(64)]) {
      await assert.rejects(store.register({ root: folder(work, 'five'), id }), refusal('invalid_params', /lowercase slug/));
    }
    assert.deepEqual(store.list().map((p) => p.id), ['app', 'app-2', 'mobile', 'x-2']);
  });

  it('refuses a relative, missing or non-folder root, and a bad name, each naming the fix', async (t) => {
    const home = tempDir(t);
    const work = tempDir(t);
    const file = join(work, 'file.txt');
    writeFileSync(file, 'x');
    const store = new ProjectStore({ home });
    await assert.rejects(store.register({ root: 'relative/dir' }), refusal('invalid_params', /absolute path .* Pass a full path/));
    await assert.rejects(store.register({ root: 42 as never }), refusal('invalid_params', /absolute path/));
    await assert.rejects(store.register({ root: join(work, 'missing') }), refusal('not_found', /does not exist\. Check the path/));
    await assert.rejects(store.register({ root: file }), refusal('invalid_params', /is not a folder/));
    await assert.rejects(store.register({ root: work, name: '  ' }), refusal('invalid_params', /name must be a line/));
    await assert.rejects(store.register({ root: work, name: 'a\nb' }), refusal('invalid_params', /name must be a line/));
    assert.deepEqual(store.list(), []);
  });

  it('removes a project and reports what was removed', async (t) => {
    const home = tempDir(t);
    const work = tempDir(t);
    const store = new ProjectStore({ home });
    const { project } = await store.register({ root: folder(work, 'web') });
    assert.deepEqual(await store.remove('web'), project);
    assert.equal(await store.remove('web'), undefined);
    assert.deepEqual(store.list(), []);
  });

  it('publishes project.registered and project.removed, scoped to the project, only when something changed', async (t) => {
    const home = tempDir(t);
    const work = tempDir(t);
    const bus = new EventBus();
    const store = new ProjectStore({ home, bus, eventSource: 'devtool' });
    const { project } = await store.register({ root: folder(work, 'web') });
    await store.register({ root: project.root });
    await store.remove('web');
    await store.remove('web');
    const events = bus.query();
    assert.deepEqual(
      events.map((e: BusEvent) => [e.type, e.source, e.scope?.projectId, e.body]),
      [
        ['project.registered', 'devtool', 'web', project],
        ['project.removed', 'devtool', 'web', project],
      ],
    );
  });

  it('concurrent registrations lose nothing and never duplicate a root', async (t) => {
    const home = tempDir(t);
    const work = tempDir(t);
    const store = new ProjectStore({ home });
    const other = new ProjectStore({ home });
    const roots = Array.from({ length: 8 }, (_, i) => folder(work, `p${i}`, 'repo'));
    const results = await Promise.all([...roots.map((root, i) => (i % 2 ? store : other).register({ root })), ...roots.map((root) => store.register({ root }))]);
    const list = store.list();
    assert.equal(list.length, 8);
    assert.deepEqual(new Set(list.map((p) => p.root)), new Set(roots));
    assert.equal(new Set(list.map((p) => p.id)).size, 8);
    assert.equal(results.filter((r) => r.created).length, 8);
  });

  it('reports a corrupt projects.json on read instead of treating it as empty', (t) => {
    const home = tempDir(t);
    writeFileSync(join(home, 'projects.json'), '{"format": 1, "projects": {"web": {"id": "api"}}}');
    const store = new ProjectStore({ home });
    assert.throws(() => store.list(), (error: unknown) => error instanceof StoreError && error.code === 'STORE_CORRUPT');
  });

  it('refuses bad options with a TypeError', () => {
    assert.throws(() => new ProjectStore({ home: '' }), /home must be the host home/);
    assert.throws(() => new ProjectStore({ home: '/tmp', eventSource: '' }), /eventSource/);
  });
});
