import fs from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentIdentity, type StatInput } from '../package-facts/stat-inputs.js';

/** The calls of `node:fs` (and of `fs.promises`) that take a path and read what is there, or whether it is there. */
const SYNC_READS = ['readFileSync', 'readdirSync', 'statSync', 'lstatSync', 'existsSync', 'accessSync', 'openSync', 'realpathSync', 'readlinkSync', 'opendirSync'] as const;
const CALLBACK_READS = ['readFile', 'readdir', 'stat', 'lstat', 'exists', 'access', 'open', 'realpath', 'readlink', 'opendir', 'createReadStream'] as const;
const PROMISE_READS = ['readFile', 'readdir', 'stat', 'lstat', 'access', 'open', 'realpath', 'readlink', 'opendir'] as const;

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

type Patched = { target: Record<string, unknown>; key: string; original: unknown };

/**
 * Records every path this process reads through `node:fs` until stopped, each with its identity (device, inode,
 * size, mtime, ctime; or absent) taken just BEFORE the read: a change after that moment gives the file another
 * identity, so "every input still has its identity" means "everything read is as it was read". It wraps the
 * module's functions in place, which is what makes the list complete: whatever module reads a file, however it
 * was imported, goes through them. Only for a short synchronous-minded phase of a CLI process (deciding a launch,
 * see launch-record.ts): nothing else may run while it is on, and it must be stopped (in a `finally`).
 * A signal sent (or a process probed) meanwhile marks the trace untraceable: a process's life is no file.
 */
export function startInputTrace(): InputTrace {
  const startedAt = Date.now();
  const seen = new Map<string, StatInput>();
  let untraceable: string | undefined;
  let noting = false;
  const note = (target: unknown): void => {
    if (noting) return; // the trace's own stat
    const path = pathOf(target);
    if (path === undefined || seen.has(path)) return;
    noting = true;
    try {
      seen.set(path, { path, id: currentIdentity(path) });
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
        note(args[0]);
        return (native as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
    patched.push({ target, key, original });
    target[key] = replacement;
  };
  const reading = (original: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return original.apply(this, args);
    };
  const fsObject = fs as unknown as Record<string, unknown>;
  for (const key of SYNC_READS) wrap(fsObject, key, reading);
  for (const key of CALLBACK_READS) wrap(fsObject, key, reading);
  for (const key of PROMISE_READS) wrap(fs.promises as unknown as Record<string, unknown>, key, reading);
  wrap(process as unknown as Record<string, unknown>, 'kill', (original) =>
    function (this: unknown, ...args: unknown[]) {
      untraceable ??= `process ${String(args[0])} was signalled or probed`;
      return original.apply(this, args);
    },
  );
  let stopped: TracedInputs | undefined;
  return {
    stop(): TracedInputs {
      if (stopped) return stopped;
      for (const { target, key, original } of patched.reverse()) target[key] = original;
      stopped = { inputs: [...seen.values()], startedAt, ...(untraceable ? { untraceable } : {}) };
      return stopped;
    },
  };
}

/** The absolute path a call names: a string, Buffer or file URL (a descriptor names nothing new). */
function pathOf(target: unknown): string | undefined {
  let path: string | undefined;
  if (typeof target === 'string') path = target;
  else if (Buffer.isBuffer(target)) path = target.toString();
  else if (target instanceof URL && target.protocol === 'file:') path = fileURLToPath(target);
  if (path === undefined || path === '' || path.includes('\0')) return undefined;
  return isAbsolute(path) ? resolve(path) : resolve(process.cwd(), path);
}
