import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { isAbsolute, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentIdentity, linkTarget, type StatInput } from '../package-facts/stat-inputs.js';

/** The calls of `node:fs` (and of `fs.promises`) that take a path and read what is there, or whether it is there. */
const SYNC_READS = ['readFileSync', 'readdirSync', 'statSync', 'lstatSync', 'existsSync', 'accessSync', 'openSync', 'realpathSync', 'readlinkSync', 'opendirSync'] as const;
const CALLBACK_READS = ['readFile', 'readdir', 'stat', 'lstat', 'exists', 'access', 'open', 'realpath', 'readlink', 'opendir', 'createReadStream'] as const;
const PROMISE_READS = ['readFile', 'readdir', 'stat', 'lstat', 'access', 'open', 'realpath', 'readlink', 'opendir'] as const;
/** The reads that see a symlink itself rather than what it points to: their inputs also keep its target. */
const LINK_READS = new Set<string>(['lstatSync', 'readlinkSync', 'lstat', 'readlink']);

/** What a trace saw once stopped: every path read, with its identity taken before the read. */
export interface TracedInputs {
  readonly inputs: readonly StatInput[];
  /** When the trace started (wall-clock ms): an input changed this close to it proves nothing (see `isRacy`). */
  readonly startedAt: number;
  /** Why what was decided may depend on more than files (a process was signalled or probed); unset when not. */
  readonly untraceable?: string;
}

/** A running trace: {@link InputTrace.stop} restores `node:fs` and returns what was read. */
export interface InputTrace {
  stop(): TracedInputs;
}

/** Options of {@link startInputTrace}. */
export interface InputTraceOptions {
  /**
   * Whether ES modules may read files during the trace (default true): their named imports of node:fs are then
   * synced with the wrappers (node:module's syncBuiltinESMExports). A CommonJS bundle (the bin's run.cjs) has
   * none, and passes false: loading node:module costs it a millisecond.
   */
  readonly esModules?: boolean;
}

type Patched = { target: Record<string, unknown>; key: string; original: unknown };

/**
 * Records every path this process reads through `node:fs` until stopped, each with its identity (device, inode,
 * size, mtime, ctime; or absent) taken just BEFORE the read: a change after that moment gives the file another
 * identity, so "every input still has its identity" means "everything read is as it was read". It wraps the
 * module's functions in place (and syncs ES modules' named imports of them), which is what makes the list
 * complete: whatever module reads a file, however it was imported, goes through them. A read that sees a symlink
 * itself (`lstat`, `readlink`) also keeps the link's target (`link`, '' when it is no symlink). Only for a short synchronous-minded phase of a CLI process (deciding a launch,
 * see launch-record.ts): nothing else may run while it is on, and it must be stopped (in a `finally`).
 * A signal sent (or a process probed) meanwhile marks the trace untraceable: a process's life is no file.
 */
export function startInputTrace(options: InputTraceOptions = {}): InputTrace {
  const syncEsm = options.esModules ?? true;
  const startedAt = Date.now();
  const seen = new Map<string, StatInput>();
  let untraceable: string | undefined;
  let noting = false;
  const note = (target: unknown, linkAware: boolean): void => {
    if (noting) return; // the trace's own stat
    const path = pathOf(target);
    if (path === undefined) return;
    const known = seen.get(path);
    if (known !== undefined && (!linkAware || known.link !== undefined)) return;
    noting = true;
    try {
      // A dangling symlink is absent by its identity: its target tells one re-pointed link from another.
      const input: StatInput = known ?? { path, id: currentIdentity(path) };
      if (linkAware) input.link = linkTarget(path) ?? '';
      seen.set(path, input);
    } finally {
      noting = false;
    }
  };
  const patched: Patched[] = [];
  const wrap = (target: Record<string, unknown>, key: string, wrapper: (original: (...args: unknown[]) => unknown) => unknown): void => {
    const original = target[key];
    if (typeof original !== 'function') return;
    const replacement = wrapper(original as (...args: unknown[]) => unknown) as Record<string, unknown>;
    // realpathSync.native and realpath.native are read through their parent: keep them, traced too.
    const native = (original as unknown as Record<string, unknown>)['native'];
    if (typeof native === 'function') {
      replacement['native'] = function (this: unknown, ...args: unknown[]) {
        note(args[0], false);
        return (native as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
    patched.push({ target, key, original });
    target[key] = replacement;
  };
  const reading = (key: string) => (original: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      note(args[0], LINK_READS.has(key));
      return original.apply(this, args);
    };
  const fsObject = fs as unknown as Record<string, unknown>;
  for (const key of SYNC_READS) wrap(fsObject, key, reading(key));
  for (const key of CALLBACK_READS) wrap(fsObject, key, reading(key));
  for (const key of PROMISE_READS) wrap(fs.promises as unknown as Record<string, unknown>, key, reading(key));
  wrap(process as unknown as Record<string, unknown>, 'kill', (original) =>
    function (this: unknown, ...args: unknown[]) {
      untraceable ??= `process ${String(args[0])} was signalled or probed`;
      return original.apply(this, args);
    },
  );
  // ES modules' named imports of node:fs are bindings of their own: bring them in line with the wrappers.
  if (syncEsm) syncBuiltinESMExports();
  let stopped: TracedInputs | undefined;
  return {
    stop(): TracedInputs {
      if (stopped) return stopped;
      for (const { target, key, original } of patched.reverse()) target[key] = original;
      if (syncEsm) syncBuiltinESMExports();
      stopped = { inputs: [...seen.values()], startedAt, ...(untraceable ? { untraceable } : {}) };
      return stopped;
    },
  };
}

/**
 * The absolute path a call names: a string, Buffer or file URL (a descriptor names nothing new). Not normalised:
 * the kernel resolves `x/..` by following `x` (a symlink, or a folder that may not exist yet), and the input must
 * be the very path that was read.
 */
function pathOf(target: unknown): string | undefined {
  let path: string | undefined;
  if (typeof target === 'string') path = target;
  else if (Buffer.isBuffer(target)) path = target.toString();
  else if (target instanceof URL && target.protocol === 'file:') path = fileURLToPath(target);
  if (path === undefined || path === '' || path.includes('\0')) return undefined;
  return isAbsolute(path) ? path : `${process.cwd()}${sep}${path}`;
}
