// Every home file in every format this project has shipped (tests/fixtures/home-formats) is read by today's
// code with nothing lost; a file in a later format is refused with STORE_NEWER_FORMAT, naming the file, the
// format found and the one supported, and is never written over, moved aside or started again.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHost } from '../../src/index.js';
import { ApprovalStore } from '../../src/approvals/approval-store.js';
import { ProjectStore } from '../../src/projects/project-store.js';
import { ConfigService } from '../../src/config/index.js';
import { ConfigVerdictCache } from '../../src/config/config-verdict-cache.js';
import { StoreError } from '../../src/store/index.js';
import { AutomationStore } from '../../src/automations/automation-store.js';
import { AutomationRunner } from '../../src/automations/automation-runner.js';
import { EventBus } from '../../src/bus/event-bus.js';
import { readLaunchRecord, writeLaunchRecord, type LaunchRecordKey } from '../../src/run/launch-record.js';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/home-formats/', import.meta.url));
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'help'] };

/** Asserts `fn` refuses `file` as a later format and that the file's bytes and its folder are untouched. */
async function assertRefusedUntouched(file: string, fn: () => unknown): Promise<void> {
  const before = readFileSync(file);
  const siblings = readdirSync(join(file, '..')).sort();
  await assert.rejects(
    async () => fn(),
    (error: unknown) => {
      assert.ok(error instanceof StoreError, String(error));
      assert.equal(error.code, 'STORE_NEWER_FORMAT');
      assert.equal(error.path, file);
      assert.match(error.message, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in format 7\\b.*format 1 at most`));
      assert.match(error.hint ?? '', /upgrade/);
      return true;
    },
  );
  assert.deepEqual(readFileSync(file), before, `${file} was changed`);
  assert.deepEqual(readdirSync(join(file, '..')).sort(), siblings, 'nothing was moved aside or left behind');
}

/** A temporary folder with an empty home in it. */
function freshHome(): { root: string; home: string } {
  const root = mkdtempSync(join(tmpdir(), 'outboard-home-formats-'));
  mkdirSync(join(root, 'home'));
  return { root, home: join(root, 'home') };
}

describe('home files: every shipped format reads unchanged', () => {
  let root = '';
  let home = '';
  beforeEach(() => ({ root, home } = freshHome()));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  for (const name of ['approvals.1-first.json', 'approvals.1.json']) {
    it(`${name}: every approval read as stored; a write keeps them and says format 1`, async () => {
      copyFileSync(join(FIXTURES, name), join(home, 'approvals.json'));
      chmodSync(join(home, 'approvals.json'), 0o600);
      const stored = fixture(name) as { extensions: Record<string, unknown>; projects: Record<string, Record<string, unknown>> };
      const store = new ApprovalStore({ home, projectRoot: '/home/someone/src/web' });
      assert.deepEqual(store.current().value, stored);
      assert.equal(store.current().corrupt, undefined);
      assert.deepEqual(store.find({ source: 'user', name: 'deploy' }), stored.extensions['deploy']);
      // disable() writes the file: every other record stays as it was.
      await new ApprovalStore({ home, projectRoot: undefined }).setEnabled({ source: 'user', name: 'deploy' } as Parameters<ApprovalStore['setEnabled']>[0], false);
      const written = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as typeof stored & { format: number };
      assert.equal(written.format, 1);
      assert.deepEqual(written.projects, stored.projects);
      assert.equal((written.extensions['deploy'] as { enabled: boolean }).enabled, false);
      assert.deepEqual({ ...(written.extensions['deploy'] as object), enabled: true }, { ...(stored.extensions['deploy'] as object), enabled: true });
    });
  }

  it('projects.1.json: every project listed as stored; registering one keeps them', async () => {
    copyFileSync(join(FIXTURES, 'projects.1.json'), join(home, 'projects.json'));
    const stored = fixture('projects.1.json') as { projects: Record<string, unknown> };
    const projects = new ProjectStore({ home });
    assert.deepEqual(projects.list(), Object.values(stored.projects).sort((a, b) => ((a as { id: string }).id < (b as { id: string }).id ? -1 : 1)));
    const folder = join(root, 'repo');
    mkdirSync(folder);
    await projects.register({ root: folder });
    const written = JSON.parse(readFileSync(join(home, 'projects.json'), 'utf8')) as { format: number; projects: Record<string, unknown> };
    assert.equal(written.format, 1);
    assert.deepEqual(written.projects['web'], stored.projects['web']);
    assert.deepEqual(written.projects['api-2'], stored.projects['api-2']);
  });

  it('config.unversioned.json: read as format 1 with every setting; a write stamps the format and keeps the rest', async () => {
    copyFileSync(join(FIXTURES, 'config.unversioned.json'), join(home, 'config.json'));
    const stored = fixture('config.unversioned.json') as Record<string, unknown>;
    const config = new ConfigService({ hostId: 'outboard', home, cwd: root, projectRoot: null });
    assert.deepEqual(config.inspect().user, stored);
    assert.equal(config.get('extensions.deploy.target'), 'staging');
    await config.set('extensions.deploy.retries', 4, { scope: 'user' });
    const written = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(Object.keys(written)[0], 'format', 'the format comes first');
    assert.equal(written['format'], 1);
    assert.deepEqual(written['experimental'], stored['experimental']);
    // The field is the file's, never a setting: reads do not show it and `config format` is refused.
    assert.equal(Object.hasOwn(new ConfigService({ hostId: 'outboard', home, cwd: root, projectRoot: null }).inspect().user, 'format'), false);
    assert.throws(() => config.get('format'), /format version, not a setting/);
  });

  it('config-checks.1.json: read, and a new verdict keeps the others', () => {
    copyFileSync(join(FIXTURES, 'config-checks.1.json'), join(home, 'config-checks.json'));
    const schema = join(root, 'schema.json');
    writeFileSync(schema, '{}');
    const cache = new ConfigVerdictCache(home);
    cache.store('other', 'k', [{ path: schema, id: 'x' }], [], Date.now() + 60_000);
    const written = JSON.parse(readFileSync(join(home, 'config-checks.json'), 'utf8')) as { format: number; entries: Record<string, unknown> };
    assert.equal(written.format, 1);
    assert.deepEqual(written.entries['deploy'], (fixture('config-checks.1.json') as { entries: Record<string, unknown> }).entries['deploy']);
    assert.ok(written.entries['other']);
  });

  it('automations.1.json: every automation and run read as stored; a runner start marks the left-over run interrupted and keeps the rest', async () => {
    copyFileSync(join(FIXTURES, 'automations.1.json'), join(home, 'automations.json'));
    const stored = fixture('automations.1.json') as { automations: Record<string, unknown>; runs: Record<string, Array<Record<string, unknown>>> };
    const store = new AutomationStore({ home });
    assert.deepEqual(store.read(), { format: 1, automations: stored.automations, runs: stored.runs });
    const bus = new EventBus();
    const runner = new AutomationRunner({ hostId: 'outboard', home, bus, store, watch: false, resolve: async () => ({ problem: 'not in this test' }), invoke: async () => ({}) });
    await runner.start();
    await runner.dispose();
    bus.dispose();
    const written = JSON.parse(readFileSync(join(home, 'automations.json'), 'utf8')) as typeof stored & { format: number };
    assert.equal(written.format, 1);
    assert.deepEqual(written.automations, stored.automations);
    assert.deepEqual(written.runs['note-dirty']?.[0], stored.runs['note-dirty']?.[0]);
    assert.equal(written.runs['note-dirty']?.[1]?.['status'], 'interrupted');
    assert.equal(written.runs['note-dirty']?.[1]?.['args'] !== undefined, true);
  });

  it('launch-record.1.json: its decision read as stored for its key, nothing for another key', () => {
    mkdirSync(join(home, 'cache'), { mode: 0o700 });
    copyFileSync(join(FIXTURES, 'launch-record.1.json'), join(home, 'cache', 'launch-hello.json'));
    const stored = fixture('launch-record.1.json') as { key: LaunchRecordKey; extension: unknown; decision: unknown };
    assert.deepEqual(readLaunchRecord(home, { ...stored.key, uid: stored.key.uid + 1 }), undefined, 'another user\'s key');
    assert.deepEqual(readLaunchRecord(home, stored.key), { extension: stored.extension, decision: stored.decision });
  });

  it('extensions.3.json (an older discovery cache): rescanned without a problem and replaced by the current format', async () => {
    copyFileSync(join(FIXTURES, 'extensions.3.json'), join(home, 'extensions.json'));
    const inventory = await createHost({ identity, home, cwd: root, env: {}, globalRoots: [] }).extensions();
    assert.deepEqual(inventory.diagnostics.filter((d) => d.rule === 'home.newer-format'), []);
    assert.ok(inventory.rescanned > 0);
    assert.ok((JSON.parse(readFileSync(join(home, 'extensions.json'), 'utf8')) as { format: number }).format > 3);
  });
});

describe('home files: a later format is refused and never written over', () => {
  let root = '';
  let home = '';
  beforeEach(() => ({ root, home } = freshHome()));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A fixture as a newer host would write it: format 7, with a field this version does not know. */
  const newer = (name: string, file: string): string => {
    const value = fixture(name) as Record<string, unknown>;
    writeFileSync(join(home, file), `${JSON.stringify({ ...value, format: 7, addedLater: { kept: true } }, null, 2)}\n`, { mode: 0o600 });
    return join(home, file);
  };

  it('approvals.json: reads, approvals and disable refuse it', async () => {
    const file = newer('approvals.1.json', 'approvals.json');
    await assertRefusedUntouched(file, () => new ApprovalStore({ home, projectRoot: undefined }).current());
    await assertRefusedUntouched(file, () => new ApprovalStore({ home, projectRoot: undefined }).setEnabled({ source: 'user', name: 'deploy' } as Parameters<ApprovalStore['setEnabled']>[0], false));
  });

  it('projects.json: list and register refuse it', async () => {
    const file = newer('projects.1.json', 'projects.json');
    await assertRefusedUntouched(file, () => new ProjectStore({ home }).list());
    mkdirSync(join(root, 'repo'));
    await assertRefusedUntouched(file, () => new ProjectStore({ home }).register({ root: join(root, 'repo') }));
  });

  it('config.json: reads and writes refuse it', async () => {
    const file = newer('config.unversioned.json', 'config.json');
    const config = () => new ConfigService({ hostId: 'outboard', home, cwd: root, projectRoot: null });
    await assertRefusedUntouched(file, () => config().inspect());
    await assertRefusedUntouched(file, () => config().set('extensions.deploy.retries', 4, { scope: 'user' }));
  });

  it('extensions.json: discovery scans without it, says so, and leaves it', async () => {
    const file = join(home, 'extensions.json');
    writeFileSync(file, JSON.stringify({ format: 7, contextKey: 'from a newer host', sections: {} }));
    const before = readFileSync(file);
    const inventory = await createHost({ identity, home, cwd: root, env: {}, globalRoots: [] }).extensions();
    const problem = inventory.diagnostics.find((d) => d.rule === 'home.newer-format');
    assert.ok(problem, 'a diagnostic names the newer cache');
    assert.match(problem.message, /extensions\.json is in format 7\b.*format 4 at most/);
    assert.match(problem.fix, /upgrade/);
    assert.deepEqual(readFileSync(file), before);
  });

  it('automations.json: reads and writes refuse it', async () => {
    const file = newer('automations.1.json', 'automations.json');
    await assertRefusedUntouched(file, () => new AutomationStore({ home }).read());
    await assertRefusedUntouched(file, () => new AutomationStore({ home }).update(() => undefined));
  });

  it('a launch record: neither used nor written over', () => {
    mkdirSync(join(home, 'cache'), { mode: 0o700 });
    const stored = fixture('launch-record.1.json') as { key: LaunchRecordKey; extension: { key: string; dir: string }; decision: Parameters<typeof writeLaunchRecord>[4] };
    const file = join(home, 'cache', 'launch-hello.json');
    writeFileSync(file, `${JSON.stringify({ ...stored, format: 7, addedLater: { kept: true } })}\n`, { mode: 0o600 });
    const before = readFileSync(file);
    assert.equal(readLaunchRecord(home, stored.key), undefined);
    const traced = { inputs: [{ path: join(root, 'absent'), id: null }], startedAt: Date.now() };
    assert.deepEqual(writeLaunchRecord(home, stored.key, traced, stored.extension, stored.decision), { written: false, why: `${file} is in a newer format` });
    assert.deepEqual(readFileSync(file), before);
  });

  it('config-checks.json: a verdict is not kept over it', () => {
    const file = newer('config-checks.1.json', 'config-checks.json');
    const before = readFileSync(file);
    const schema = join(root, 'schema.json');
    writeFileSync(schema, '{}');
    new ConfigVerdictCache(home).store('other', 'k', [{ path: schema, id: 'x' }], [], Date.now() + 60_000);
    assert.deepEqual(readFileSync(file), before);
  });
});
