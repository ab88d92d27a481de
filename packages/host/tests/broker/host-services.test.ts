import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CapabilityGrants } from '../../src/approvals/approval-record.js';
import { CapabilityBroker, HOST_SERVICE_METHODS, registerHostServices, ServiceError } from '../../src/broker/index.js';
import { EventBus } from '../../src/bus/index.js';
import { ProjectStore } from '../../src/projects/index.js';
import { ExtensionStorage } from '../../src/storage/index.js';

interface Fixture {
  broker: CapabilityBroker;
  bus: EventBus;
  projects: ProjectStore;
  home: string;
  work: string;
  call(extension: string, grants: CapabilityGrants, method: string, params?: unknown): Promise<unknown>;
}

function setUp(t: { after(fn: () => void): void }): Fixture {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'host-services-')));
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'host-services-work-')));
  t.after(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });
  const bus = new EventBus();
  const projects = new ProjectStore({ home, bus, eventSource: 'devtool' });
  const storages = new Map<string, ExtensionStorage>();
  // `aaa` declares types it does not own (a manifest the validator would refuse, as if approved by an older host).
  const declared: Record<string, string[]> = { git: ['git.changed', 'git.branch.moved'], aaa: ['project.registered', 'git.changed'] };
  const broker = new CapabilityBroker({ hostId: 'devtool' });
  registerHostServices(broker, {
    bus,
    projects,
    storageFor: (extension) => {
      let storage = storages.get(extension);
      if (!storage) storages.set(extension, (storage = new ExtensionStorage({ home, extension, limits: { maxValueBytes: 1024 } })));
      return storage;
    },
    declaredEvents: (extension) => declared[extension],
    maxEventBytes: 512,
  });
  return { broker, bus, projects, home, work, call: (extension, grants, method, params) => broker.invoke({ extension, grants, method, params }) };
}

async function refused(promise: Promise<unknown>, code: string, pattern: RegExp = /./): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    assert.match(error.message, pattern);
    return true;
  });
}

const ALL = {
  capabilities: ['projects.read', 'projects.register', 'events.publish', 'storage.private', 'storage.project'],
};

describe('registerHostServices', () => {
  it('registers every method behind its catalog capability', (t) => {
    const { broker } = setUp(t);
    const gates = Object.fromEntries(broker.services().map((s) => [s.method, s.gates.map((g) => `${g.capability}/${g.scope}`)]));
    const storageGates = ['storage.private/global', 'storage.project/project'];
    assert.deepEqual(gates, {
      'events/publish': ['events.publish/global'],
      'projects.get': ['projects.read/project'],
      'projects.list': ['projects.read/global'],
      'projects.register': ['projects.register/global'],
      'storage/delete': storageGates,
      'storage/get': storageGates,
      'storage/list': storageGates,
      'storage/set': storageGates,
    });
    assert.deepEqual(Object.values(HOST_SERVICE_METHODS).sort(), Object.keys(gates).sort());
  });

  it('denies every method to an extension with no grants, before looking at its params', async (t) => {
    const { call } = setUp(t);
    for (const method of Object.values(HOST_SERVICE_METHODS)) {
      await refused(call('git', { capabilities: [] }, method, { scope: 'private', key: 'k', value: 1, projectId: 'web' }), 'denied', /`devtool extensions enable git --grant /);
    }
  });

  it('disposing unregisters them all; registering twice on one broker is refused', async (t) => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'host-services-')));
    t.after(() => rmSync(home, { recursive: true, force: true }));
    const broker = new CapabilityBroker({ hostId: 'devtool' });
    const options = {
      bus: new EventBus(),
      projects: new ProjectStore({ home }),
      storageFor: (extension: string) => new ExtensionStorage({ home, extension }),
      declaredEvents: () => [],
    };
    const services = registerHostServices(broker, options);
    assert.throws(() => registerHostServices(broker, options), /already registered/);
    assert.equal(broker.services().length, 8, 'the failed second call left the first intact');
    services.dispose();
    services.dispose();
    assert.deepEqual(broker.services(), []);
    assert.throws(() => registerHostServices(broker, { ...options, maxEventBytes: 0 }), /maxEventBytes must be a positive integer/);
  });
});

describe('project services', () => {
  it('list, get and register, filtered and checked by the project grants', async (t) => {
    const { call, work, bus } = setUp(t);
    mkdirSync(join(work, 'web'));
    mkdirSync(join(work, 'api'));
    await refused(call('git', { capabilities: ['projects.read'] }, 'projects.register', { root: join(work, 'web') }), 'denied', /--grant projects\.register/);
    const registered = (await call('git', { capabilities: ['projects.register'] }, 'projects.register', { root: join(work, 'web'), name: 'Web' })) as { project: { id: string }; created: boolean };
    assert.equal(registered.created, true);
    assert.equal(registered.project.id, 'web');
    await call('git', { capabilities: ['projects.register'] }, 'projects.register', { root: join(work, 'api'), id: 'backend' });
    assert.deepEqual(bus.query({ types: ['project.*'] }).map((e) => [e.type, e.source, e.scope?.projectId]), [
      ['project.registered', 'devtool', 'web'],
      ['project.registered', 'devtool', 'backend'],
    ]);
    const all = (await call('git', { capabilities: ['projects.read'] }, 'projects.list')) as { projects: Array<{ id: string }> };
    assert.deepEqual(all.projects.map((p) => p.id), ['backend', 'web']);
    const limited = { capabilities: ['projects.read'], projects: ['web'] };
    assert.deepEqual(((await call('git', limited, 'projects.list')) as { projects: Array<{ id: string }> }).projects.map((p) => p.id), ['web']);
    assert.deepEqual(((await call('git', limited, 'projects.get', { projectId: 'web' })) as { project: { name: string } }).project.name, 'Web');
    await refused(call('git', limited, 'projects.get', { projectId: 'backend' }), 'invalid_scope');
    await refused(call('git', { capabilities: ['projects.read'] }, 'projects.get', { projectId: 'nope' }), 'not_found', /No project "nope" is registered/);
    await refused(call('git', { capabilities: ['projects.read'] }, 'projects.get', {}), 'invalid_params', /projectId/);
    await refused(call('git', { capabilities: ['projects.register'] }, 'projects.register', {}), 'invalid_params', /params\.root/);
    await refused(call('git', { capabilities: ['projects.register'] }, 'projects.register', { root: 'relative' }), 'invalid_params', /absolute path/);
    await refused(call('git', { capabilities: ['projects.register'] }, 'projects.register', { root: join(work, 'web'), name: 7 }), 'invalid_params', /params\.name/);
  });

  it('an unreadable projects.json answers unavailable, naming the file', async (t) => {
    const { call, home } = setUp(t);
    writeFileSync(join(home, 'projects.json'), '{ not json');
    await refused(call('git', ALL, 'projects.list'), 'unavailable', /projects\.json/);
  });
});

describe('events/publish', () => {
  it('publishes a declared type with the extension as source', async (t) => {
    const { call, bus, work, projects } = setUp(t);
    mkdirSync(join(work, 'web'));
    await projects.register({ root: join(work, 'web') });
    const { seq } = (await call('git', ALL, 'events/publish', { type: 'git.changed', source: 'devtool', attributes: { branch: 'main' }, body: { files: 2 }, projectId: 'web' })) as { seq: number };
    const event = bus.query({ types: ['git.*'] }).at(-1)!;
    assert.equal(event.seq, seq);
    assert.deepEqual(
      { type: event.type, source: event.source, scope: event.scope, attributes: event.attributes, body: event.body },
      { type: 'git.changed', source: 'git', scope: { projectId: 'web' }, attributes: { branch: 'main' }, body: { files: 2 } },
    );
    await call('git', ALL, 'events/publish', { type: 'git.branch.moved' });
    assert.equal(bus.lastSeq, seq + 1);
  });

  it('refuses undeclared types, bad events, foreign or unknown projects and oversized events', async (t) => {
    const { call, bus, work, projects } = setUp(t);
    mkdirSync(join(work, 'web'));
    await projects.register({ root: join(work, 'web') });
    const before = bus.lastSeq;
    await refused(call('git', ALL, 'events/publish', { type: 'git.pushed' }), 'denied', /declares only "git\.changed", "git\.branch\.moved" in contributes\.events and contributes\.listeners\. Add "git\.pushed" to contributes\.events \(or a listener/);
    await refused(call('git', ALL, 'events/publish', { type: 'git.*' }), 'denied');
    // Declared is not enough: the host's namespaces are the host's, and another extension's are its own.
    await refused(call('aaa', ALL, 'events/publish', { type: 'project.registered' }), 'denied', /host's namespace "project\."/);
    await refused(call('aaa', ALL, 'events/publish', { type: 'git.changed' }), 'denied', /namespace of the extension named "git"/);
    await refused(call('npm', ALL, 'events/publish', { type: 'git.changed' }), 'denied', /declares no event types/);
    await refused(call('git', ALL, 'events/publish', {}), 'invalid_params', /params\.type/);
    await refused(call('git', ALL, 'events/publish', { type: 'git.changed', attributes: { nested: { a: 1 } } }), 'invalid_params', /attribute "nested"/);
    await refused(call('git', ALL, 'events/publish', { type: 'git.changed', projectId: 'nope' }), 'not_found', /No project "nope"/);
    await refused(call('git', { ...ALL, projects: ['other'] }, 'events/publish', { type: 'git.changed', projectId: 'web' }), 'invalid_scope');
    await refused(call('git', ALL, 'events/publish', { type: 'git.changed', body: 'x'.repeat(600) }), 'too_large', /the limit is 512 bytes/);
    await refused(call('git', { capabilities: ['events.subscribe'] }, 'events/publish', { type: 'git.changed' }), 'denied', /--grant events\.publish/);
    assert.equal(bus.lastSeq, before, 'nothing was published');
  });
});

describe('storage services', () => {
  it('private storage: set, get, list, delete, each behind storage.private', async (t) => {
    const { call, home } = setUp(t);
    const grants = { capabilities: ['storage.private'] };
    assert.deepEqual(await call('git', grants, 'storage/set', { scope: 'private', key: 'cache/a', value: { n: 1 } }), { bytes: '{"key":"cache/a","value":{"n":1}}'.length });
    assert.deepEqual(await call('git', grants, 'storage/get', { scope: 'private', key: 'cache/a' }), { found: true, value: { n: 1 } });
    assert.deepEqual(await call('git', grants, 'storage/get', { scope: 'private', key: 'missing' }), { found: false });
    assert.deepEqual(await call('git', grants, 'storage/list', { scope: 'private', prefix: 'cache/' }), { keys: ['cache/a'] });
    assert.deepEqual(await call('npm', { capabilities: ['storage.private'] }, 'storage/list', { scope: 'private' }), { keys: [] }, 'namespaced per extension');
    assert.deepEqual(await call('git', grants, 'storage/delete', { scope: 'private', key: 'cache/a' }), { deleted: true });
    assert.deepEqual(await call('git', grants, 'storage/delete', { scope: 'private', key: 'cache/a' }), { deleted: false });
    assert.ok(new ExtensionStorage({ home, extension: 'git' }).privateScope().dir.startsWith(join(home, 'ext', 'git', 'storage')));
  });

  it('project storage needs storage.project, a registered project and the project grants', async (t) => {
    const { call, work, projects } = setUp(t);
    mkdirSync(join(work, 'web'));
    await projects.register({ root: join(work, 'web') });
    await refused(call('git', { capabilities: ['storage.private'] }, 'storage/set', { scope: 'project', projectId: 'web', key: 'k', value: 1 }), 'denied', /--grant storage\.project/);
    await refused(call('git', { capabilities: ['storage.project'] }, 'storage/get', { scope: 'private', key: 'k' }), 'denied', /--grant storage\.private/);
    const grants = { capabilities: ['storage.project'], projects: ['web', 'ghost'] };
    await call('git', grants, 'storage/set', { scope: 'project', projectId: 'web', key: 'k', value: 'v' });
    assert.deepEqual(await call('git', grants, 'storage/get', { scope: 'project', projectId: 'web', key: 'k' }), { found: true, value: 'v' });
    await refused(call('git', grants, 'storage/get', { scope: 'project', key: 'k' }), 'invalid_params', /projectId/);
    await refused(call('git', grants, 'storage/get', { scope: 'project', projectId: 'api', key: 'k' }), 'invalid_scope');
    await refused(call('git', grants, 'storage/set', { scope: 'project', projectId: 'ghost', key: 'k', value: 1 }), 'not_found', /No project "ghost" is registered/);
    await refused(call('git', { capabilities: ['storage.project'] }, 'storage/get', { scope: 'project', projectId: '../private', key: 'k' }), 'not_found');
  });

  it('refuses a missing scope, key or value, a bad key, and values over the limit', async (t) => {
    const { call } = setUp(t);
    const grants = { capabilities: ['storage.private'] };
    await refused(call('git', grants, 'storage/get', { key: 'k' }), 'invalid_params', /params\.scope: "private" .* or "project"/);
    await refused(call('git', grants, 'storage/get', { scope: 'everything', key: 'k' }), 'invalid_params', /params\.scope/);
    await refused(call('git', grants, 'storage/get', { scope: 'private' }), 'invalid_params', /params\.key/);
    await refused(call('git', grants, 'storage/set', { scope: 'private', key: 'k' }), 'invalid_params', /params\.value/);
    await refused(call('git', grants, 'storage/set', { scope: 'private', key: 'a\0b', value: 1 }), 'invalid_params', /control characters/);
    await refused(call('git', grants, 'storage/set', { scope: 'private', key: 'big', value: 'x'.repeat(2000) }), 'too_large', /at most 1024 bytes \(1 KiB\) per key/);
    await refused(call('git', grants, 'storage/list', { scope: 'private', prefix: 3 }), 'invalid_params', /params\.prefix/);
  });
});
