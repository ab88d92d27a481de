// Launch records: the key of a launch, the record file, what refuses a write and what makes a read miss
// (real files in temp folders; a home per test, inputs made old enough not to be racy).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { currentIdentity } from '../../src/package-facts/stat-inputs.js';
import { startInputTrace, type TracedInputs } from '../../src/run/input-trace.js';
import type { LaunchDecision } from '../../src/run/launch-plan.js';
import { LAUNCH_RECORD_FORMAT, launchRecordFile, launchRecordKey, readLaunchRecord, writeLaunchRecord, type LaunchRecordKey, type RecordedExtension } from '../../src/run/launch-record.js';
import { makeTempDir } from './run-fixtures.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than the racy window (50 ms) of a fine-grained file system. */
const NOT_RACY_MS = 80;

const extension: RecordedExtension = { key: 'demo', dir: '/opt/ext/demo' };
const decision: LaunchDecision = { kind: 'command', name: 'demo', command: process.execPath, args: ['/opt/ext/demo/bin/demo.js', '--flag'], config: { depth: 3, tags: ['a'] } };
const ENV = { PATH: '/usr/bin:/bin', HOME: '/home/someone', OUTBOARD_HOME: '/home/someone/.outboard' };

describe('launch records', () => {
  const temp = makeTempDir();
  after(() => temp.dispose());
  let count = 0;

  /**
   * A fresh home and package folder: a manifest, a config file and a path that is absent, all traced as a
   * decision would read them, `NOT_RACY_MS` after they were written.
   */
  async function setup(command = 'demo'): Promise<{ root: string; home: string; manifest: string; config: string; absent: string; traced: TracedInputs; key: LaunchRecordKey; file: string }> {
    const root = path.join(temp.dir, `case-${++count}`);
    const home = path.join(root, 'home');
    const pkg = path.join(root, 'pkg');
    fs.mkdirSync(pkg, { recursive: true });
    const manifest = path.join(pkg, 'package.json');
    const config = path.join(pkg, 'config.json');
    const absent = path.join(pkg, 'outboard.policy.json');
    fs.writeFileSync(manifest, '{"name":"demo","version":"1.0.0"}\n');
    fs.writeFileSync(config, '{"depth":3}\n');
    await settle(NOT_RACY_MS);
    const traced: TracedInputs = { inputs: [manifest, config, absent].map((p) => ({ path: p, id: currentIdentity(p) })), startedAt: Date.now() };
    const key = launchRecordKey({ build: 'build-1', version: '1.0.0' }, command, ENV, root);
    return { root, home, manifest, config, absent, traced, key, file: path.join(home, 'cache', `launch-${command}.json`) };
  }

  /** A home with a record written; asserts it reads back. */
  async function recorded(): Promise<Awaited<ReturnType<typeof setup>>> {
    const s = await setup();
    assert.deepEqual(writeLaunchRecord(s.home, s.key, s.traced, extension, decision), { written: true });
    assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
    return s;
  }

  describe('launchRecordKey', () => {
    it('holds the build, the host version, Node version, execPath, bin, uid, cwd, command and a digest of the environment', () => {
      const key = launchRecordKey({ build: 'build-1', version: '1.0.0' }, 'demo', ENV, '/some/cwd');
      assert.equal(key.build, 'build-1');
      assert.equal(key.version, '1.0.0');
      assert.equal(key.node, process.version);
      assert.equal(key.execPath, process.execPath);
      assert.equal(key.bin, path.resolve(process.argv[1] ?? ''));
      assert.equal(key.uid, process.getuid?.() ?? -1);
      assert.equal(key.cwd, '/some/cwd');
      assert.equal(key.command, 'demo');
      assert.match(key.env, /^[0-9a-f]{16}$/);
      assert.deepEqual(Object.keys(key).sort(), ['bin', 'build', 'command', 'cwd', 'env', 'execPath', 'node', 'uid', 'version']);
      assert.equal(JSON.stringify(key).includes('/home/someone'), false, 'the environment is kept as a digest only');
    });

    it('defaults to process.env and process.cwd()', () => {
      assert.deepEqual(launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo'), launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', process.env, process.cwd()));
    });

    it('is the same for the same environment in any key order, and ignores undefined values', () => {
      const a = launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { A: '1', B: '2', C: '3' }, '/w');
      const b = launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { C: '3', A: '1', B: '2' }, '/w');
      const c = launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { B: '2', D: undefined, C: '3', A: '1' }, '/w');
      assert.deepEqual(a, b);
      assert.deepEqual(a, c);
    });

    it('differs when any variable, the cwd, the command or the build differs', () => {
      const base = launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', ENV, '/w');
      const variants: Array<[string, LaunchRecordKey]> = [
        ['a changed value', launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { ...ENV, PATH: '/usr/local/bin:/usr/bin:/bin' }, '/w')],
        ['one more character', launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { ...ENV, HOME: '/home/someone/' }, '/w')],
        ['an empty value', launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { ...ENV, HOME: '' }, '/w')],
        ['an added variable', launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { ...ENV, OUTBOARD_DEBUG: '1' }, '/w')],
        ['a removed variable', launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { PATH: ENV.PATH, HOME: ENV.HOME }, '/w')],
        ['a renamed variable', launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { PATH: ENV.PATH, HOME: ENV.HOME, OUTBOARD_HOMF: ENV.OUTBOARD_HOME }, '/w')],
        ['a value moved to another name', launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { PATH: ENV.HOME, HOME: ENV.PATH, OUTBOARD_HOME: ENV.OUTBOARD_HOME }, '/w')],
      ];
      for (const [what, key] of variants) {
        assert.notEqual(key.env, base.env, what);
        assert.notDeepEqual(key, base, what);
      }
      assert.notDeepEqual(launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', ENV, '/w/sub'), base, 'another cwd');
      assert.notDeepEqual(launchRecordKey({ build: 'b', version: '1.0.0' }, 'other', ENV, '/w'), base, 'another command');
      assert.notDeepEqual(launchRecordKey({ build: 'c', version: '1.0.0' }, 'demo', ENV, '/w'), base, 'another build');
    });

    it('tells apart thousands of environments that differ in one variable', () => {
      const digests = new Set<string>();
      for (let i = 0; i < 5000; i++) digests.add(launchRecordKey({ build: 'b', version: '1.0.0' }, 'demo', { ...ENV, PATH: `/opt/${i}/bin:/usr/bin` }, '/w').env);
      assert.equal(digests.size, 5000);
    });
  });

  describe('launchRecordFile', () => {
    it('is <home>/cache/launch-<command>.json for a slug, up to 64 characters', () => {
      for (const name of ['demo', 'a', '0', 'git-log', '9lives', 'x'.repeat(64)]) assert.equal(launchRecordFile('/h', name), path.join('/h', 'cache', `launch-${name}.json`), name);
    });

    it('is undefined for a name that is not a slug', () => {
      for (const name of ['../x', '..', '.', 'a/b', 'a\\b', 'A', 'Demo', '', 'x'.repeat(65), '-x', 'a.b', 'a b', 'a_b', 'a\0', 'a\n', 'é']) {
        assert.equal(launchRecordFile('/h', name), undefined, JSON.stringify(name));
      }
    });
  });

  describe('writeLaunchRecord and readLaunchRecord', () => {
    it('round-trip a decision: the file is mode 0600 in a folder of mode 0700, holding the key and every input', async () => {
      const s = await recorded();
      assert.equal(fs.statSync(s.file).mode & 0o777, 0o600);
      assert.equal(fs.statSync(path.dirname(s.file)).mode & 0o777, 0o700);
      const json = JSON.parse(fs.readFileSync(s.file, 'utf8')) as Record<string, unknown>;
      assert.equal(json['format'], LAUNCH_RECORD_FORMAT);
      assert.deepEqual(json['key'], s.key);
      assert.deepEqual(json['extension'], extension);
      assert.deepEqual(json['decision'], decision);
      assert.deepEqual(json['inputs'], [
        [s.manifest, currentIdentity(s.manifest)],
        [s.config, currentIdentity(s.config)],
        [s.absent, null],
      ]);
      assert.deepEqual(fs.readdirSync(path.dirname(s.file)), ['launch-demo.json'], 'no temp file left behind');
      // Written again (the next launch of a changed decision): replaced, still readable.
      const again = { ...decision, args: ['/opt/ext/demo/bin/demo.js'] };
      assert.deepEqual(writeLaunchRecord(s.home, s.key, s.traced, extension, again), { written: true });
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision: again });
    });

    it('records what a real trace saw, and misses once a traced file changes', async () => {
      const s = await setup();
      const trace = startInputTrace();
      try {
        JSON.parse(fs.readFileSync(s.manifest, 'utf8'));
        fs.existsSync(s.absent);
        fs.statSync(s.config);
      } finally {
        trace.stop();
      }
      assert.deepEqual(writeLaunchRecord(s.home, s.key, trace.stop(), extension, decision), { written: true });
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
      fs.appendFileSync(s.config, ' ');
      assert.equal(readLaunchRecord(s.home, s.key), undefined);
    });

    it('refuses an untraceable trace, one with no input, a racy input, a decision that is no command and a name that is no slug, saying why and writing nothing', async () => {
      const s = await setup();
      const refusals: Array<[string, { written: boolean; why?: string }, RegExp]> = [
        ['untraceable', writeLaunchRecord(s.home, s.key, { ...s.traced, untraceable: 'process 42 was signalled or probed' }, extension, decision), /^process 42 was signalled or probed$/],
        ['no input', writeLaunchRecord(s.home, s.key, { inputs: [], startedAt: s.traced.startedAt }, extension, decision), /^the trace saw no input$/],
        ['a peer', writeLaunchRecord(s.home, s.key, s.traced, extension, { ...decision, kind: 'peer' }), /^only commands are recorded$/],
        ['a sidecar', writeLaunchRecord(s.home, s.key, s.traced, extension, { ...decision, kind: 'sidecar' }), /^only commands are recorded$/],
      ];
      for (const name of ['../x', 'a/b', 'A', '', 'x'.repeat(65)]) {
        refusals.push([`name ${JSON.stringify(name)}`, writeLaunchRecord(s.home, { ...s.key, command: name }, s.traced, extension, decision), /^the command name is not a slug$/]);
      }
      // A file written just now: a second change within the same timestamp tick could not be told apart.
      const fresh = path.join(s.root, 'pkg', 'fresh.json');
      fs.writeFileSync(fresh, '{}');
      const racy = { inputs: [...s.traced.inputs, { path: fresh, id: currentIdentity(fresh) }], startedAt: Date.now() };
      refusals.push(['racy', writeLaunchRecord(s.home, s.key, racy, extension, decision), new RegExp(`^${fresh.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} changed too recently to tell a later change apart$`)]);
      for (const [what, result, why] of refusals) {
        assert.equal(result.written, false, what);
        assert.match(result.why ?? '', why, what);
      }
      assert.equal(fs.existsSync(path.join(s.home, 'cache')), false, 'nothing was written');
      assert.equal(fs.existsSync(path.join(s.root, 'x')), false);
    });

    it('never reads an input as racy when it is absent, nor when it is older than the window', async () => {
      const s = await setup();
      const onlyAbsent = { inputs: [{ path: s.absent, id: null }], startedAt: Date.now() };
      assert.deepEqual(writeLaunchRecord(s.home, s.key, onlyAbsent, extension, decision), { written: true });
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
      fs.writeFileSync(s.absent, '{}');
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'the absent input appeared');
    });

    it('does not record the bin\'s code caches in <home>/cache/: a racy one there refuses nothing, and changing it later misses nothing', async () => {
      const s = await setup();
      const cached = path.join(s.home, 'cache', 'cli-0123456789abcdef-validate-v20.20.2-x64-2b5d9.v8');
      fs.mkdirSync(path.dirname(cached), { recursive: true, mode: 0o700 });
      fs.writeFileSync(cached, 'v8 code cache');
      const traced = { inputs: [...s.traced.inputs, { path: cached, id: currentIdentity(cached) }], startedAt: Date.now() };
      assert.deepEqual(writeLaunchRecord(s.home, s.key, traced, extension, decision), { written: true });
      const json = JSON.parse(fs.readFileSync(s.file, 'utf8')) as { inputs: Array<[string, string | null]> };
      assert.deepEqual(
        json.inputs.map(([p]) => p),
        [s.manifest, s.config, s.absent],
      );
      fs.writeFileSync(cached, 'another code cache, longer');
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
    });

    it('records any other file under <home>/cache/ (a linked folder could sit there)', async () => {
      const s = await setup();
      const other = path.join(s.home, 'cache', 'linked', 'package.json');
      fs.mkdirSync(path.dirname(other), { recursive: true, mode: 0o700 });
      fs.writeFileSync(other, '{}');
      await settle(NOT_RACY_MS);
      const traced = { inputs: [...s.traced.inputs, { path: other, id: currentIdentity(other) }], startedAt: Date.now() };
      assert.deepEqual(writeLaunchRecord(s.home, s.key, traced, extension, decision), { written: true });
      fs.writeFileSync(other, '{"changed":1}');
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'a change there is a change of an input');
    });

    it('refuses a trace whose only inputs are the bin\'s code caches (what is left is no input: nothing could ever invalidate the record)', async () => {
      const s = await setup();
      const cached = path.join(s.home, 'cache', 'cli-0123456789abcdef-run-v20.20.2-x64-2b5d9.v8');
      fs.mkdirSync(path.dirname(cached), { recursive: true, mode: 0o700 });
      fs.writeFileSync(cached, 'v8 code cache');
      await settle(NOT_RACY_MS);
      const result = writeLaunchRecord(s.home, s.key, { inputs: [{ path: cached, id: currentIdentity(cached) }], startedAt: Date.now() }, extension, decision);
      assert.equal(result.written, false, `a record with no input to check was written: ${fs.existsSync(s.file) ? fs.readFileSync(s.file, 'utf8') : ''}`);
      assert.equal(fs.existsSync(s.file), false);
    });

    it('misses when there is no record', async () => {
      const s = await setup();
      assert.equal(readLaunchRecord(s.home, s.key), undefined);
      fs.mkdirSync(path.join(s.home, 'cache'), { recursive: true, mode: 0o700 });
      assert.equal(readLaunchRecord(s.home, s.key), undefined);
      assert.equal(readLaunchRecord(s.home, { ...s.key, command: '../x' }), undefined);
    });

    it('misses when an input is rewritten with the same size', async () => {
      const s = await recorded();
      const size = fs.statSync(s.config).size;
      fs.writeFileSync(s.config, '{"depth":4}\n');
      assert.equal(fs.statSync(s.config).size, size);
      assert.equal(readLaunchRecord(s.home, s.key), undefined);
    });

    it('misses when an input is rewritten with the same size and its mtime set back (the ctime still tells)', async () => {
      const s = await setup();
      fs.utimesSync(s.config, 1_700_000_000, 1_700_000_000);
      await settle(NOT_RACY_MS);
      const traced = { inputs: [{ path: s.manifest, id: currentIdentity(s.manifest) }, { path: s.config, id: currentIdentity(s.config) }], startedAt: Date.now() };
      assert.deepEqual(writeLaunchRecord(s.home, s.key, traced, extension, decision), { written: true });
      const before = currentIdentity(s.config)?.split(':') ?? [];
      fs.writeFileSync(s.config, '{"depth":4}\n');
      fs.utimesSync(s.config, 1_700_000_000, 1_700_000_000);
      const now = currentIdentity(s.config)?.split(':') ?? [];
      assert.deepEqual(now.slice(0, 4), before.slice(0, 4), 'device, inode, size and mtime are as recorded');
      assert.notEqual(now[4], before[4], 'the ctime is not');
      assert.equal(readLaunchRecord(s.home, s.key), undefined);
    });

    it('misses when a file replaces an input with the same content, size and mtime (another inode)', async () => {
      const s = await recorded();
      const stat = fs.statSync(s.manifest);
      const copy = `${s.manifest}.new`;
      fs.copyFileSync(s.manifest, copy);
      fs.utimesSync(copy, stat.atime, stat.mtime);
      fs.renameSync(copy, s.manifest);
      assert.equal(readLaunchRecord(s.home, s.key), undefined);
    });

    it('misses when an absent input appears, or a present one disappears', async () => {
      const s = await recorded();
      fs.writeFileSync(s.absent, '{}');
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'appeared');
      fs.rmSync(s.absent);
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision }, 'absent again: as recorded');
      fs.renameSync(s.manifest, `${s.manifest}.moved`);
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'disappeared');
    });

    it('misses for another key, whichever field differs', async () => {
      const s = await recorded();
      const other: Record<keyof LaunchRecordKey, unknown> = { build: 'build-2', version: '2.0.0', node: 'v99.0.0', execPath: '/usr/bin/node-other', bin: '/opt/other/bin.js', uid: s.key.uid + 1, cwd: `${s.key.cwd}/sub`, command: 'other', env: '0000000000000000' };
      for (const field of Object.keys(s.key) as Array<keyof LaunchRecordKey>) {
        assert.ok(field in other, field);
        assert.equal(readLaunchRecord(s.home, { ...s.key, [field]: other[field] }), undefined, field);
      }
      // The same file read for another command (same folder, other name): the key's command tells them apart.
      fs.copyFileSync(s.file, path.join(path.dirname(s.file), 'launch-other.json'));
      assert.equal(readLaunchRecord(s.home, { ...s.key, command: 'other' }), undefined);
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
    });

    it('misses when the cache folder is group- or world-writable, or a symlink', async () => {
      const s = await recorded();
      const cache = path.dirname(s.file);
      for (const mode of [0o770, 0o777, 0o720, 0o702]) {
        fs.chmodSync(cache, mode);
        assert.equal(readLaunchRecord(s.home, s.key), undefined, mode.toString(8));
      }
      fs.chmodSync(cache, 0o755);
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision }, 'readable by others is fine: only writes matter');
      fs.chmodSync(cache, 0o700);
      const real = path.join(s.home, 'real-cache');
      fs.renameSync(cache, real);
      fs.symlinkSync(real, cache);
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'a symlinked folder');
    });

    it('misses when the record is group- or world-writable', async () => {
      const s = await recorded();
      for (const mode of [0o620, 0o602, 0o666]) {
        fs.chmodSync(s.file, mode);
        assert.equal(readLaunchRecord(s.home, s.key), undefined, mode.toString(8));
      }
      fs.chmodSync(s.file, 0o644);
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
    });

    it('misses when the record is a symlink (to a record that is itself fine) or not a file', async () => {
      const s = await recorded();
      const cache = path.dirname(s.file);
      const aside = path.join(cache, 'kept.json');
      fs.renameSync(s.file, aside);
      fs.symlinkSync(aside, s.file);
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'O_NOFOLLOW');
      fs.unlinkSync(s.file);
      fs.mkdirSync(s.file, { mode: 0o700 });
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'a folder');
      fs.rmdirSync(s.file);
      fs.renameSync(aside, s.file);
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
    });

    it('misses when the record is damaged or of another shape', async () => {
      const s = await recorded();
      const good = fs.readFileSync(s.file, 'utf8');
      const record = JSON.parse(good) as Record<string, any>;
      const edits: Array<[string, string]> = [
        ['truncated', good.slice(0, good.length / 2)],
        ['empty', ''],
        ['not JSON', 'launch record\n'],
        ['null', 'null'],
        ['an array', '[]'],
        ['format 2', JSON.stringify({ ...record, format: 2 })],
        ['format 0', JSON.stringify({ ...record, format: 0 })],
        ['format "1"', JSON.stringify({ ...record, format: '1' })],
        ['no format', JSON.stringify({ ...record, format: undefined })],
        ['no key', JSON.stringify({ ...record, key: undefined })],
        ['a key with one more field', JSON.stringify({ ...record, key: { ...record['key'], extra: 1 } })],
        ['a relative command', JSON.stringify({ ...record, decision: { ...record['decision'], command: 'node' } })],
        ['args not strings', JSON.stringify({ ...record, decision: { ...record['decision'], args: ['/a.js', 3] } })],
        ['args not an array', JSON.stringify({ ...record, decision: { ...record['decision'], args: '/a.js' } })],
        ['limits', JSON.stringify({ ...record, decision: { ...record['decision'], limits: { memoryMb: 64 } } })],
        ['a peer decision', JSON.stringify({ ...record, decision: { ...record['decision'], kind: 'peer' } })],
        ['no name', JSON.stringify({ ...record, decision: { ...record['decision'], name: undefined } })],
        ['no config', JSON.stringify({ ...record, decision: { ...record['decision'], config: undefined } })],
        ['no extension', JSON.stringify({ ...record, extension: undefined })],
        ['an extension without dir', JSON.stringify({ ...record, extension: { key: 'demo' } })],
        ['inputs not an array', JSON.stringify({ ...record, inputs: {} })],
        ['an input with a relative path', JSON.stringify({ ...record, inputs: [...record['inputs'], ['pkg/x.json', null]] })],
        ['an input with a numeric identity', JSON.stringify({ ...record, inputs: [...record['inputs'], ['/x.json', 0]] })],
        ['an input of three items', JSON.stringify({ ...record, inputs: [...record['inputs'], ['/x.json', null, 'x']] })],
      ];
      for (const [what, text] of edits) {
        fs.writeFileSync(s.file, text);
        assert.equal(readLaunchRecord(s.home, s.key), undefined, what);
      }
      fs.writeFileSync(s.file, good);
      assert.equal(fs.statSync(s.file).mode & 0o777, 0o600);
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision });
    });

    it('misses when the record is larger than 1 MiB, even when it is a valid record', async () => {
      const s = await recorded();
      const good = fs.readFileSync(s.file, 'utf8');
      fs.writeFileSync(s.file, good.padEnd(1024 * 1024, ' '));
      assert.deepEqual(readLaunchRecord(s.home, s.key), { extension, decision }, 'exactly 1 MiB is read');
      fs.writeFileSync(s.file, good.padEnd(1024 * 1024 + 1, ' '));
      assert.equal(readLaunchRecord(s.home, s.key), undefined, 'one byte more is not');
    });
  });
});
