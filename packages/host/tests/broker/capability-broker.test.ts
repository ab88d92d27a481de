import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEventListeners } from 'node:events';
import { CAPABILITY_CATALOG, type CapabilityInfo } from '@outboard/manifest';
import type { CapabilityGrants } from '../../src/approvals/approval-record.js';
import { CapabilityBroker, ServiceError, type ServiceCall } from '../../src/broker/index.js';

const HOST_ID = 'devtool';

/** Rejects like `promise` must, with a ServiceError of `code` whose message matches every pattern. */
async function rejectsWith(promise: Promise<unknown>, code: string, ...patterns: RegExp[]): Promise<ServiceError> {
  let caught: unknown;
  await promise.then(
    () => assert.fail(`expected a ${code} refusal, got a result`),
    (error: unknown) => (caught = error),
  );
  assert.ok(caught instanceof ServiceError, `expected a ServiceError, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  for (const pattern of patterns) assert.match(caught.message, pattern);
  return caught;
}

function brokerWithEcho(): { broker: CapabilityBroker; calls: ServiceCall[] } {
  const broker = new CapabilityBroker({ hostId: HOST_ID });
  const calls: ServiceCall[] = [];
  broker.registerService('projects.list', {
    capability: 'projects.read',
    scope: 'global',
    handler: (call) => {
      calls.push(call);
      return { ok: true };
    },
  });
  broker.registerService('status/set', {
    capability: 'ui.status.contribute',
    scope: 'project',
    handler: (call) => {
      calls.push(call);
      return { projectId: call.projectId };
    },
  });
  return { broker, calls };
}

describe('CapabilityBroker catalog', () => {
  it('starts from the built-in catalog and accepts host capabilities', () => {
    const extra: CapabilityInfo = { name: 'deploy.trigger', scope: 'project', sensitive: true, access: 'mutate', needsApproval: true, description: 'Start a deployment.' };
    const broker = new CapabilityBroker({ hostId: HOST_ID, capabilities: [extra] });
    assert.deepEqual(broker.capabilities().slice(0, CAPABILITY_CATALOG.length), [...CAPABILITY_CATALOG]);
    assert.deepEqual(broker.capability('deploy.trigger'), extra);
    broker.registerCapability({ ...extra, name: 'deploy.observe', access: 'read', sensitive: false, needsApproval: false });
    assert.deepEqual(broker.capabilities().map((c) => c.name).slice(-2), ['deploy.trigger', 'deploy.observe']);
  });

  it('refuses duplicate and malformed capabilities with a TypeError naming the field', () => {
    const broker = new CapabilityBroker({ hostId: HOST_ID });
    const base: CapabilityInfo = { name: 'x.y', scope: 'global', sensitive: false, access: 'read', needsApproval: false, description: 'X.' };
    assert.throws(() => broker.registerCapability({ ...base, name: 'projects.read' }), /already in the catalog/);
    assert.throws(() => broker.registerCapability({ ...base, name: 'Nodots' }), /name must be lowercase dotted/);
    assert.throws(() => broker.registerCapability({ ...base, scope: 'pane' as never }), /scope of "x.y"/);
    assert.throws(() => broker.registerCapability({ ...base, access: 'write' as never }), /access of "x.y"/);
    assert.throws(() => broker.registerCapability({ ...base, sensitive: 'no' as never }), /sensitive of "x.y"/);
    assert.throws(() => broker.registerCapability({ ...base, description: ' ' }), /description of "x.y"/);
    assert.equal(broker.capability('x.y'), undefined);
  });

  it('needs a host id, never assumes one', () => {
    assert.throws(() => new CapabilityBroker({} as never), /hostId must be the host's lowercase command name/);
    assert.throws(() => new CapabilityBroker({ hostId: 'Dev Tool' }), TypeError);
  });
});

describe('CapabilityBroker.registerService', () => {
  it('refuses unknown capabilities, bad scopes, taken and malformed names', () => {
    const broker = new CapabilityBroker({ hostId: HOST_ID });
    const handler = (): null => null;
    assert.throws(() => broker.registerService('a/b', { capability: 'nope.nope', scope: 'global', handler }), /not in the catalog\. Register it with registerCapability first/);
    assert.throws(() => broker.registerService('a/b', { capability: 'projects.read', scope: 'pane' as never, handler }), /scope "global" or "project"/);
    assert.throws(() => broker.registerService('has space', { capability: 'projects.read', scope: 'global', handler }), /method must be a name/);
    assert.throws(() => broker.registerService('a/b', { capability: 'projects.read', scope: 'global', handler: 3 as never }), /must be a function/);
    broker.registerService('a/b', { capability: 'projects.read', scope: 'global', handler });
    assert.throws(() => broker.registerService('a/b', { capability: 'projects.read', scope: 'global', handler }), /already registered/);
  });

  it('disposing unregisters once, and never removes a later registration of the same name', async () => {
    const broker = new CapabilityBroker({ hostId: HOST_ID });
    const first = broker.registerService('a/b', { capability: 'projects.read', scope: 'global', handler: () => 'first' });
    assert.deepEqual(broker.services(), [{ method: 'a/b', gates: [{ capability: 'projects.read', scope: 'global' }] }]);
    first.dispose();
    assert.equal(broker.hasService('a/b'), false);
    broker.registerService('a/b', { capability: 'projects.read', scope: 'global', handler: () => 'second' });
    first.dispose();
    assert.equal(await broker.invoke({ extension: 'e', grants: { capabilities: ['projects.read'] }, method: 'a/b' }), 'second');
  });
});

describe('CapabilityBroker.invoke', () => {
  it('denies by default, naming the capability and the command that grants it', async () => {
    const { broker, calls } = brokerWithEcho();
    for (const grants of [{ capabilities: [] }, { capabilities: ['ui.notification', 'projects.observe'] }]) {
      const error = await rejectsWith(
        broker.invoke({ extension: 'git', grants, method: 'projects.list' }),
        'denied',
        /Extension "git" may not call "projects\.list"/,
        /"projects\.read", which is not granted/,
        /`devtool extensions enable git --grant projects\.read`/,
      );
      assert.deepEqual(error.details, { capability: 'projects.read' });
      await rejectsWith(broker.invoke({ extension: 'git', grants, method: 'status/set', params: 'garbage' }), 'denied', /ui\.status\.contribute/);
    }
    assert.equal(calls.length, 0, 'no handler ran');
  });

  it('answers not_found for an unknown method, listing what exists', async () => {
    const { broker } = brokerWithEcho();
    await rejectsWith(
      broker.invoke({ extension: 'git', grants: { capabilities: ['projects.read'] }, method: 'projects.delete' }),
      'not_found',
      /no host method "projects\.delete"/,
      /offers: projects\.list, status\/set/,
    );
  });

  it('refuses params that are not an object', async () => {
    const { broker } = brokerWithEcho();
    for (const params of [[1], 'x', 5, true]) {
      await rejectsWith(broker.invoke({ extension: 'git', grants: { capabilities: ['projects.read'] }, method: 'projects.list', params }), 'invalid_params', /must be an object/);
    }
  });

  it('hands the handler the extension, params, grants and a signal', async () => {
    const { broker, calls } = brokerWithEcho();
    assert.deepEqual(await broker.invoke({ extension: 'git', grants: { capabilities: ['projects.read'], projects: ['web'] }, method: 'projects.list', params: { q: 1 } }), { ok: true });
    const call = calls[0]!;
    assert.equal(call.extension, 'git');
    assert.equal(call.method, 'projects.list');
    assert.deepEqual(call.params, { q: 1 });
    assert.deepEqual(call.grants, { capabilities: ['projects.read'], projects: ['web'] });
    assert.ok(Object.isFrozen(call.grants) && Object.isFrozen(call.grants.capabilities));
    assert.equal(call.signal.aborted, false);
    assert.equal('projectId' in call, false);
    await broker.invoke({ extension: 'git', grants: { capabilities: ['projects.read'] }, method: 'projects.list' });
    assert.deepEqual(calls[1]!.params, {});
  });

  it('checks a project-scoped call: projectId required, and inside grants.projects when those are listed', async () => {
    const { broker, calls } = brokerWithEcho();
    const capabilities = ['ui.status.contribute'];
    await rejectsWith(broker.invoke({ extension: 'git', grants: { capabilities }, method: 'status/set', params: {} }), 'invalid_params', /params\.projectId must be a project id/);
    await rejectsWith(broker.invoke({ extension: 'git', grants: { capabilities }, method: 'status/set', params: { projectId: 7 } }), 'invalid_params');
    assert.deepEqual(await broker.invoke({ extension: 'git', grants: { capabilities }, method: 'status/set', params: { projectId: 'any' } }), { projectId: 'any' });
    const limited: CapabilityGrants = { capabilities, projects: ['web', 'api'] };
    assert.deepEqual(await broker.invoke({ extension: 'git', grants: limited, method: 'status/set', params: { projectId: 'api' } }), { projectId: 'api' });
    const error = await rejectsWith(
      broker.invoke({ extension: 'git', grants: limited, method: 'status/set', params: { projectId: 'secret' } }),
      'invalid_scope',
      /holds "ui\.status\.contribute" only for the projects "web", "api", not for "secret"/,
    );
    assert.deepEqual(error.details, { capability: 'ui.status.contribute', projectId: 'secret' });
    await rejectsWith(broker.invoke({ extension: 'git', grants: { capabilities, projects: [] }, method: 'status/set', params: { projectId: 'web' } }), 'invalid_scope', /\(none\)/);
    assert.deepEqual(calls.map((c) => c.projectId), ['any', 'api']);
  });

  it('re-reads the grants on every call: a change applies to the very next call', async () => {
    const { broker } = brokerWithEcho();
    const grants: CapabilityGrants = { capabilities: ['projects.read', 'ui.status.contribute'] };
    const invoke = (method: string, params?: unknown): Promise<unknown> => broker.invoke({ extension: 'git', grants, method, params });
    for (let i = 0; i < 3; i++) assert.deepEqual(await invoke('projects.list'), { ok: true });
    grants.capabilities = ['ui.status.contribute'];
    await rejectsWith(invoke('projects.list'), 'denied');
    grants.capabilities.push('projects.read');
    assert.deepEqual(await invoke('projects.list'), { ok: true });
    assert.deepEqual(await invoke('status/set', { projectId: 'web' }), { projectId: 'web' });
    grants.projects = ['api'];
    await rejectsWith(invoke('status/set', { projectId: 'web' }), 'invalid_scope');
    grants.projects.push('web');
    assert.deepEqual(await invoke('status/set', { projectId: 'web' }), { projectId: 'web' });
    delete grants.projects;
    grants.capabilities.length = 0;
    await rejectsWith(invoke('status/set', { projectId: 'web' }), 'denied');
  });

  it('gates a service the embedding host registers, with a capability of its own', async () => {
    const broker = new CapabilityBroker({ hostId: 'acme' });
    broker.registerCapability({ name: 'deploy.trigger', scope: 'project', sensitive: true, access: 'mutate', needsApproval: true, description: 'Start a deployment of a project.' });
    const deployed: string[] = [];
    const registration = broker.registerService('deploy/run', {
      capability: 'deploy.trigger',
      scope: 'project',
      handler: (call) => {
        deployed.push(`${call.extension}:${call.projectId}`);
        return { started: true };
      },
    });
    await rejectsWith(
      broker.invoke({ extension: 'ship', grants: { capabilities: ['projects.read', 'rpc.call'] }, method: 'deploy/run', params: { projectId: 'web' } }),
      'denied',
      /`acme extensions enable ship --grant deploy\.trigger`/,
    );
    await rejectsWith(broker.invoke({ extension: 'ship', grants: { capabilities: ['deploy.trigger'], projects: ['api'] }, method: 'deploy/run', params: { projectId: 'web' } }), 'invalid_scope');
    assert.deepEqual(await broker.invoke({ extension: 'ship', grants: { capabilities: ['deploy.trigger'] }, method: 'deploy/run', params: { projectId: 'web' } }), { started: true });
    assert.deepEqual(deployed, ['ship:web']);
    registration.dispose();
    await rejectsWith(broker.invoke({ extension: 'ship', grants: { capabilities: ['deploy.trigger'] }, method: 'deploy/run', params: { projectId: 'web' } }), 'not_found');
  });

  it('a method with a gate per params shape checks the selected gate', async () => {
    const broker = new CapabilityBroker({ hostId: HOST_ID });
    const privateGate = { capability: 'storage.private', scope: 'global' } as const;
    const projectGate = { capability: 'storage.project', scope: 'project' } as const;
    broker.registerService('storage/get', {
      gates: [privateGate, projectGate],
      selectGate: (params) => {
        if (params['scope'] === 'private') return privateGate;
        if (params['scope'] === 'project') return projectGate;
        if (params['scope'] === 'evil') return { capability: 'projects.read', scope: 'global' };
        throw new ServiceError('invalid_params', 'scope must be "private" or "project"');
      },
      handler: (call) => call.gate.capability,
    });
    assert.deepEqual(broker.services()[0]!.gates, [privateGate, projectGate]);
    const onlyPrivate = { capabilities: ['storage.private'] };
    assert.equal(await broker.invoke({ extension: 'e', grants: onlyPrivate, method: 'storage/get', params: { scope: 'private' } }), 'storage.private');
    await rejectsWith(broker.invoke({ extension: 'e', grants: onlyPrivate, method: 'storage/get', params: { scope: 'project', projectId: 'web' } }), 'denied', /--grant storage\.project/);
    await rejectsWith(broker.invoke({ extension: 'e', grants: { capabilities: [] }, method: 'storage/get', params: { scope: 'private' } }), 'denied', /one of the capabilities "storage\.private", "storage\.project"/);
    await rejectsWith(broker.invoke({ extension: 'e', grants: onlyPrivate, method: 'storage/get', params: {} }), 'invalid_params', /scope must be/);
    const both = { capabilities: ['storage.private', 'storage.project'], projects: ['web'] };
    assert.equal(await broker.invoke({ extension: 'e', grants: both, method: 'storage/get', params: { scope: 'project', projectId: 'web' } }), 'storage.project');
    await rejectsWith(broker.invoke({ extension: 'e', grants: both, method: 'storage/get', params: { scope: 'project', projectId: 'api' } }), 'invalid_scope');
    await assert.rejects(broker.invoke({ extension: 'e', grants: { capabilities: ['projects.read', 'storage.private'] }, method: 'storage/get', params: { scope: 'evil' } }), /returned a gate not listed/);
  });

  it('cancels: an aborted signal refuses at once, and an abort mid-call rejects without waiting for the handler', async () => {
    const broker = new CapabilityBroker({ hostId: HOST_ID });
    let handlerSignal: AbortSignal | undefined;
    let ran = 0;
    broker.registerService('slow/op', {
      capability: 'projects.read',
      scope: 'global',
      handler: (call) => {
        ran++;
        handlerSignal = call.signal;
        return new Promise(() => undefined); // never settles: only cancellation ends the call
      },
    });
    const grants = { capabilities: ['projects.read'] };
    const already = new AbortController();
    already.abort();
    await rejectsWith(broker.invoke({ extension: 'e', grants, method: 'slow/op', signal: already.signal }), 'cancelled', /"slow\/op" was cancelled/);
    assert.equal(ran, 0);
    const controller = new AbortController();
    const pending = broker.invoke({ extension: 'e', grants, method: 'slow/op', signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(ran, 1);
    controller.abort();
    await rejectsWith(pending, 'cancelled');
    assert.equal(handlerSignal?.aborted, true);
  });

  it('passes handler errors through, and handler results made asynchronously', async () => {
    const broker = new CapabilityBroker({ hostId: HOST_ID });
    broker.registerService('a/fail', { capability: 'projects.read', scope: 'global', handler: () => { throw new ServiceError('not_found', 'No such thing.'); } });
    broker.registerService('a/bug', { capability: 'projects.read', scope: 'global', handler: () => { throw new RangeError('host bug'); } });
    broker.registerService('a/later', { capability: 'projects.read', scope: 'global', handler: async () => 42 });
    const grants = { capabilities: ['projects.read'] };
    await rejectsWith(broker.invoke({ extension: 'e', grants, method: 'a/fail' }), 'not_found', /No such thing/);
    await assert.rejects(broker.invoke({ extension: 'e', grants, method: 'a/bug' }), RangeError);
    assert.equal(await broker.invoke({ extension: 'e', grants, method: 'a/later', signal: new AbortController().signal }), 42);
  });

  it('runs the handler inside invoke (so a caller measuring invoke is charged with it); a result already there needs no abort listener', async () => {
    const broker = new CapabilityBroker({ hostId: HOST_ID });
    let ran = 0;
    broker.registerService('a/now', { capability: 'projects.read', scope: 'global', handler: () => ++ran });
    broker.registerService('a/later', { capability: 'projects.read', scope: 'global', handler: () => new Promise((resolve) => setImmediate(() => resolve('later'))) });
    const grants = { capabilities: ['projects.read'] };
    const signal = new AbortController().signal;
    const now = broker.invoke({ extension: 'e', grants, method: 'a/now', signal });
    assert.equal(ran, 1, 'ran before invoke returned');
    assert.equal(getEventListeners(signal, 'abort').length, 0);
    assert.equal(await now, 1);
    const later = broker.invoke({ extension: 'e', grants, method: 'a/later', signal });
    assert.equal(getEventListeners(signal, 'abort').length, 1, 'a pending result races cancellation');
    assert.equal(await later, 'later');
    assert.equal(getEventListeners(signal, 'abort').length, 0, 'and lets go of the signal once settled');
    // A handler that throws synchronously still rejects the promise (never throws out of invoke).
    broker.registerService('a/throw', { capability: 'projects.read', scope: 'global', handler: () => { throw new ServiceError('not_found', 'gone'); } });
    const failing = broker.invoke({ extension: 'e', grants, method: 'a/throw' });
    await rejectsWith(failing, 'not_found', /gone/);
  });

  it('treats malformed extension or grants as host misuse (TypeError)', async () => {
    const { broker } = brokerWithEcho();
    await assert.rejects(broker.invoke({ extension: '', grants: { capabilities: [] }, method: 'projects.list' }), TypeError);
    await assert.rejects(broker.invoke({ extension: 'e', grants: {} as never, method: 'projects.list' }), TypeError);
  });
});
