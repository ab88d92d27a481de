// startInputTrace: every path read through node:fs while it is on, each with its identity taken before the read
// (real files in a temp folder; node:fs is patched in place, so every call below goes through the module object).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import fs, { statSync as namedStatSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { currentIdentity, identityOf, linkTarget, type StatInput } from '../../src/package-facts/stat-inputs.js';
import { startInputTrace, type TracedInputs } from '../../src/run/input-trace.js';
import type { LaunchDecision } from '../../src/run/launch-plan.js';
import { launchRecordKey, readLaunchRecord, writeLaunchRecord } from '../../src/run/launch-record.js';
import { makeTempDir } from './run-fixtures.js';

const SYNC_READS = ['readFileSync', 'readdirSync', 'statSync', 'lstatSync', 'existsSync', 'accessSync', 'openSync', 'realpathSync', 'readlinkSync', 'opendirSync'] as const;
const CALLBACK_READS = ['readFile', 'readdir', 'stat', 'lstat', 'exists', 'access', 'open', 'realpath', 'readlink', 'opendir', 'createReadStream'] as const;
const PROMISE_READS = ['readFile', 'readdir', 'stat', 'lstat', 'access', 'open', 'realpath', 'readlink', 'opendir'] as const;

const fsObject = fs as unknown as Record<string, unknown>;
const promisesObject = fs.promises as unknown as Record<string, unknown>;

/** Every function the trace may replace, read now: to compare with what is there after `stop()`. */
function snapshot(): Map<string, unknown> {
  const functions = new Map<string, unknown>();
  for (const key of [...SYNC_READS, ...CALLBACK_READS]) functions.set(`fs.${key}`, fsObject[key]);
  for (const key of PROMISE_READS) functions.set(`fs.promises.${key}`, promisesObject[key]);
  functions.set('fs.realpathSync.native', fs.realpathSync.native);
  functions.set('fs.realpath.native', fs.realpath.native);
  functions.set('process.kill', process.kill);
  return functions;
}

/** Runs `read` under a trace (stopped whatever happens) and returns what the trace saw. */
async function traced(read: () => unknown): Promise<TracedInputs> {
  const trace = startInputTrace();
  try {
    await read();
  } finally {
    trace.stop();
  }
  return trace.stop();
}

/** The input the trace holds for `file`, asserting it holds exactly one. */
function only(result: TracedInputs, file: string): StatInput {
  const matches = result.inputs.filter((input) => input.path === file);
  assert.equal(matches.length, 1, `${file} is recorded once in ${JSON.stringify(result.inputs)}`);
  return matches[0] as StatInput;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than the racy window (50 ms) of a fine-grained file system. */
const NOT_RACY_MS = 80;

describe('startInputTrace', () => {
  const temp = makeTempDir();
  const dir = path.join(temp.dir, 'pkg');
  const file = path.join(dir, 'package.json');
  const link = path.join(dir, 'link.json');
  const missing = path.join(dir, 'missing.json');
  const originals = snapshot();

  before(() => {
    fs.mkdirSync(dir);
    fs.writeFileSync(file, '{"name":"pkg"}\n');
    fs.symlinkSync('package.json', link);
  });
  after(() => temp.dispose());

  /** The path each read below is called with: a link for readlink, the folder for the folder reads. */
  const targetOf = (key: string): string => (key.startsWith('readlink') ? link : key.startsWith('readdir') || key.startsWith('opendir') ? dir : file);
  /** The input a read of `target` leaves: a read that sees a symlink itself (lstat, readlink) keeps its target too. */
  const inputOf = (key: string, target: string): { path: string; id: string | null; link?: string } =>
    key.startsWith('lstat') || key.startsWith('readlink') ? { path: target, id: currentIdentity(target), link: linkTarget(target) ?? '' } : { path: target, id: currentIdentity(target) };

  for (const key of SYNC_READS) {
    it(`records fs.${key} with the identity of its path`, async () => {
      const target = targetOf(key);
      const result = await traced(() => {
        const value = (fsObject[key] as (p: string) => unknown)(target);
        if (key === 'openSync') fs.closeSync(value as number);
        if (key === 'opendirSync') (value as fs.Dir).closeSync();
      });
      assert.deepEqual(result.inputs, [inputOf(key, target)]);
      assert.notEqual(currentIdentity(target), null);
      assert.equal(result.untraceable, undefined);
    });
  }

  for (const key of CALLBACK_READS) {
    it(`records fs.${key} (callback) with the identity of its path`, async () => {
      const target = targetOf(key);
      let done: Promise<unknown> = Promise.resolve();
      const result = await traced(() => {
        if (key === 'createReadStream') {
          const stream = fs.createReadStream(target);
          stream.resume();
          done = once(stream, 'close');
          return;
        }
        done = new Promise<void>((resolve, reject) => {
          const callback = (...args: unknown[]): void => {
            // exists calls back with a boolean, the others with (error, value).
            if (key === 'exists') return resolve();
            if (args[0]) return reject(args[0] as Error);
            if (key === 'open') fs.closeSync(args[1] as number);
            if (key === 'opendir') (args[1] as fs.Dir).closeSync();
            resolve();
          };
          (fsObject[key] as (p: string, cb: (...args: unknown[]) => void) => void)(target, callback);
        });
      });
      await done;
      assert.deepEqual(result.inputs, [inputOf(key, target)]);
    });
  }

  for (const key of PROMISE_READS) {
    it(`records fs.promises.${key} with the identity of its path`, async () => {
      const target = targetOf(key);
      const result = await traced(async () => {
        const value = await (promisesObject[key] as (p: string) => Promise<unknown>)(target);
        if (key === 'open') await (value as fs.promises.FileHandle).close();
        if (key === 'opendir') await (value as fs.Dir).close();
      });
      assert.deepEqual(result.inputs, [inputOf(key, target)]);
    });
  }

  it('records a Buffer path and a file: URL as the absolute path they name', async () => {
    const result = await traced(() => {
      fs.readFileSync(Buffer.from(file));
      fs.statSync(pathToFileURL(dir));
    });
    assert.deepEqual(result.inputs, [
      { path: file, id: currentIdentity(file) },
      { path: dir, id: currentIdentity(dir) },
    ]);
  });

  it('resolves a relative path (string or Buffer) against the cwd of the moment', async () => {
    const cwd = process.cwd();
    let result: TracedInputs;
    try {
      process.chdir(dir);
      result = await traced(() => {
        fs.readFileSync('package.json');
        fs.existsSync('missing.json');
        fs.statSync(Buffer.from('link.json'));
      });
    } finally {
      process.chdir(cwd);
    }
    assert.deepEqual(result.inputs, [
      { path: file, id: currentIdentity(file) },
      { path: missing, id: null },
      { path: link, id: currentIdentity(link) },
    ]);
  });

  /**
   * Keeps what a trace saw as a launch record (what it exists for) in a home of its own; `holds()` says whether
   * that record is still read back, i.e. whether the record still takes every input to be as it was read.
   */
  function kept(result: TracedInputs): { holds(): boolean } {
    const home = fs.mkdtempSync(path.join(temp.dir, 'home-'));
    const key = launchRecordKey({ build: 'build', version: '1.0.0' }, 'probe', {}, dir);
    const decision: LaunchDecision = { kind: 'command', name: 'probe', command: process.execPath, args: [], config: {} };
    assert.deepEqual(writeLaunchRecord(home, key, result, { key: 'probe', dir }, decision), { written: true });
    assert.notEqual(readLaunchRecord(home, key), undefined, 'the record holds before the change');
    return { holds: () => readLaunchRecord(home, key) !== undefined };
  }

  // The kernel resolves `..` after following what comes before it; path.resolve drops `x/..` as text. A path with
  // `..` after a symlink (or after a folder that is absent) names another file for each of them.
  it('a path with .. after a symlinked folder: changing the file the read reached invalidates its record', async () => {
    const elsewhere = path.join(temp.dir, 'elsewhere');
    fs.mkdirSync(path.join(elsewhere, 'inner'), { recursive: true });
    fs.writeFileSync(path.join(elsewhere, 'conf.json'), '{"v":1}');
    fs.writeFileSync(path.join(dir, 'conf.json'), '{"decoy":true}');
    fs.symlinkSync(path.join(elsewhere, 'inner'), path.join(dir, 'inner'));
    const raw = `${dir}/inner/../conf.json`;
    await settle(NOT_RACY_MS);
    let text = '';
    const result = await traced(() => {
      text = fs.readFileSync(raw, 'utf8');
    });
    assert.equal(text, '{"v":1}', 'the kernel read elsewhere/conf.json');
    const record = kept(result);
    fs.writeFileSync(path.join(elsewhere, 'conf.json'), '{"v":2}');
    assert.equal(fs.readFileSync(raw, 'utf8'), '{"v":2}', 'the same read now answers otherwise');
    assert.equal(record.holds(), false, `the file read changed, yet the record of ${JSON.stringify(result.inputs)} still holds`);
  });

  it('a path with .. after an absent folder: creating the folder (the read now succeeds) invalidates its record', async () => {
    const raw = `${dir}/later/../package.json`;
    const result = await traced(() => {
      assert.throws(() => fs.readFileSync(raw), { code: 'ENOENT' });
    });
    const record = kept(result);
    fs.mkdirSync(path.join(dir, 'later'));
    try {
      assert.ok(fs.readFileSync(raw).length > 0, 'the same read now succeeds');
      assert.equal(record.holds(), false, `the read's outcome changed, yet the record of ${JSON.stringify(result.inputs)} still holds`);
    } finally {
      fs.rmdirSync(path.join(dir, 'later'));
    }
  });

  it('readlinkSync of a dangling symlink: re-pointing it (another answer to the same read) invalidates its record', async () => {
    const dangling = path.join(dir, 'dangling');
    fs.symlinkSync('nowhere-1', dangling);
    await settle(NOT_RACY_MS);
    let first = '';
    const result = await traced(() => {
      first = fs.readlinkSync(dangling);
    });
    const record = kept(result);
    fs.unlinkSync(dangling);
    fs.symlinkSync('nowhere-2', dangling);
    assert.notEqual(fs.readlinkSync(dangling), first, 'the same read now answers otherwise');
    assert.equal(record.holds(), false, `the link was re-pointed, yet the record of ${JSON.stringify(result.inputs)} still holds`);
  });

  it('records an absent path with id null, whether the call throws or answers', async () => {
    const result = await traced(async () => {
      assert.equal(fs.existsSync(missing), false);
      assert.throws(() => fs.readFileSync(path.join(dir, 'gone.txt')), { code: 'ENOENT' });
      await assert.rejects(fs.promises.stat(path.join(dir, 'nothing')), { code: 'ENOENT' });
    });
    assert.deepEqual(result.inputs, [
      { path: missing, id: null },
      { path: path.join(dir, 'gone.txt'), id: null },
      { path: path.join(dir, 'nothing'), id: null },
    ]);
  });

  it('does not record a file descriptor (a number names nothing new)', async () => {
    const fd = fs.openSync(file, 'r');
    try {
      const result = await traced(() => {
        fs.readFileSync(fd, 'utf8');
        fs.fstatSync(fd);
      });
      assert.deepEqual(result.inputs, []);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('traces realpathSync.native and realpath.native, and restores both', async () => {
    const nativeSync = fs.realpathSync.native;
    const nativeCallback = fs.realpath.native;
    const other = path.join(dir, 'other');
    fs.mkdirSync(other);
    const trace = startInputTrace();
    let during: { sync: unknown; callback: unknown };
    try {
      during = { sync: fs.realpathSync.native, callback: fs.realpath.native };
      assert.equal(fs.realpathSync.native(link), file);
      await new Promise<void>((resolve, reject) => fs.realpath.native(other, (error) => (error ? reject(error) : resolve())));
    } finally {
      trace.stop();
    }
    const result = trace.stop();
    assert.notEqual(during.sync, nativeSync, 'the trace replaces realpathSync.native');
    assert.notEqual(during.callback, nativeCallback);
    assert.deepEqual(result.inputs, [
      { path: link, id: currentIdentity(link) },
      { path: other, id: currentIdentity(other) },
    ]);
    assert.equal(fs.realpathSync.native, nativeSync);
    assert.equal(fs.realpath.native, nativeCallback);
  });

  it('restores node:fs, fs.promises and process.kill exactly on stop; a second stop returns the same result and reads after stop are not recorded', () => {
    const trace = startInputTrace();
    let patchedSome = false;
    try {
      patchedSome = fs.readFileSync !== originals.get('fs.readFileSync') && fs.promises.readFile !== originals.get('fs.promises.readFile') && process.kill !== originals.get('process.kill');
      fs.readFileSync(file);
    } finally {
      trace.stop();
    }
    assert.ok(patchedSome, 'the trace replaced the functions while on');
    const first = trace.stop();
    const now = snapshot();
    for (const [name, original] of originals) assert.equal(now.get(name), original, `${name} is the original function again`);
    fs.readFileSync(path.join(dir, 'link.json'));
    fs.existsSync(missing);
    const second = trace.stop();
    assert.equal(second, first, 'the same result object');
    assert.deepEqual(second.inputs, [{ path: file, id: currentIdentity(file) }]);
    assert.deepEqual(snapshot(), originals, 'a second stop changes nothing');
  });

  it('marks the trace untraceable when process.kill is called (a probe with signal 0 too), and only then', async () => {
    const probed = await traced(() => {
      assert.equal(process.kill(process.pid, 0), true);
      fs.readFileSync(file);
    });
    assert.match(probed.untraceable ?? '', new RegExp(`process ${process.pid} was signalled or probed`));
    assert.deepEqual(probed.inputs, [{ path: file, id: currentIdentity(file) }], 'the inputs are still recorded');
    const plain = await traced(() => fs.readFileSync(file));
    assert.equal(Object.hasOwn(plain, 'untraceable'), false);
    assert.equal(process.kill, originals.get('process.kill'));
  });

  it('records a path read many times once; the trace\'s own stat goes through the traced statSync without recursing', async () => {
    // syncBuiltinESMExports makes the named `statSync` of stat-inputs.ts (currentIdentity) the traced one, as
    // in the CommonJS bundles, where every call reads the function off the module object.
    const trace = startInputTrace();
    let result: TracedInputs;
    try {
      syncBuiltinESMExports();
      assert.notEqual(namedStatSync, originals.get('fs.statSync'), 'named imports of node:fs now call the traced functions');
      for (let i = 0; i < 1000; i++) {
        fs.statSync(file);
        fs.readFileSync(file);
        fs.existsSync(missing);
      }
      await fs.promises.readFile(file);
    } finally {
      result = trace.stop();
      syncBuiltinESMExports();
    }
    assert.deepEqual(result.inputs, [
      { path: file, id: currentIdentity(file) },
      { path: missing, id: null },
    ]);
    assert.deepEqual(snapshot(), originals);
    assert.equal(namedStatSync, originals.get('fs.statSync'));
  });

  it('sees the named imports of ES modules (synced at start and stop), unless told only CommonJS reads', async () => {
    const esm = await traced(() => namedStatSync(file));
    assert.deepEqual(esm.inputs, [{ path: file, id: currentIdentity(file) }]);
    assert.equal(namedStatSync, originals.get('fs.statSync'), 'the named import is the original again after stop');
    const trace = startInputTrace({ esModules: false });
    namedStatSync(file);
    assert.deepEqual(trace.stop().inputs, [], 'a CommonJS-only trace leaves the bindings of ES modules alone');
  });

  it('keeps the identity seen before the first read when the file is written after it', async () => {
    const data = path.join(dir, 'data.txt');
    fs.writeFileSync(data, 'one');
    const before = identityOf(fs.statSync(data));
    await settle(20);
    const result = await traced(() => {
      fs.readFileSync(data, 'utf8');
      fs.writeFileSync(data, 'two, longer');
      fs.readFileSync(data, 'utf8');
      fs.statSync(data);
    });
    assert.equal(only(result, data).id, before);
    assert.notEqual(currentIdentity(data), before, 'so a record of this read would no longer hold');
  });

  it('records a file created during the trace as absent (its identity before the read)', async () => {
    const created = path.join(dir, 'created.txt');
    const result = await traced(() => {
      fs.existsSync(created);
      fs.writeFileSync(created, 'x');
      fs.readFileSync(created);
    });
    assert.deepEqual(only(result, created), { path: created, id: null });
  });

  it('takes startedAt when the trace starts, not when it stops', async () => {
    const low = Date.now();
    const trace = startInputTrace();
    const high = Date.now();
    try {
      await settle(30);
    } finally {
      trace.stop();
    }
    const result = trace.stop();
    assert.ok(result.startedAt >= low && result.startedAt <= high, `${result.startedAt} in [${low}, ${high}]`);
    assert.ok(Date.now() - result.startedAt >= 25);
  });
});
