import fs from 'node:fs';
import path from 'node:path';
import { findExecutableOnPath } from './find-on-path.js';
import { resolvePackagePath } from './package-path.js';
import { RunnableError } from './runnable-error.js';

/** A manifest runnable: exactly one of `bin` (a JS file run with the host's Node) or `exec` (an argv). */
export interface Runnable {
  /** A `.js`/`.mjs`/`.cjs` file inside the package, relative to the package root. */
  readonly bin?: string;
  /** An argv array, never run through a shell. `./x` elements are package paths. */
  readonly exec?: readonly string[];
}

/** Options of {@link resolveRunnable}. */
export interface ResolveRunnableOptions {
  /** The Node executable that runs `bin` files: the host's own, normally `process.execPath`. */
  readonly execPath: string;
  /** The PATH list used to find a bare first `exec` element. Default: `process.env.PATH`. */
  readonly pathEnv?: string;
}

/** A resolved command line, ready for `spawn(command, [...args, ...userArgs])` without a shell. */
export interface ResolvedCommand {
  /** Absolute path of the program to start. */
  readonly command: string;
  /** Arguments that come before the user's own. */
  readonly args: string[];
}

/**
 * Turns a manifest runnable into a command line, without running anything.
 *
 * - `bin`: `{ command: execPath, args: [<real path of the bin file>] }`; no shebang or run bit needed.
 * - `exec`: every element starting with `./` becomes the real path of that file inside the package
 *   (it must exist); a bare first element (`python3`) is looked up on `pathEnv` (executable regular files
 *   only); an absolute first element and every other element pass unchanged. A `./` first element must be
 *   executable.
 *
 * Every package path must stay inside the package directory, lexically and by real path (symlinks are
 * followed once with `fs.realpathSync`, and the real path checked is the one returned, so it is what gets
 * spawned). The caller appends the user's arguments to `args`.
 *
 * @throws RunnableError with code `RUNNABLE_INVALID`, `RUNNABLE_MISSING_BIN`, `RUNNABLE_NOT_EXECUTABLE`,
 *   `RUNNABLE_NOT_ON_PATH` or `RUNNABLE_ESCAPES_PACKAGE`; the message names the file, the hint the fix.
 */
export function resolveRunnable(
  runnable: Runnable,
  packageDir: string,
  opts: ResolveRunnableOptions,
): ResolvedCommand {
  const { bin, exec } = runnable;
  if ((bin === undefined) === (exec === undefined)) {
    throw new RunnableError('RUNNABLE_INVALID', `The runnable of the extension at "${path.resolve(packageDir)}" must have exactly one of "bin" or "exec"`, {
      hint: 'correct the package.json manifest of the extension',
      file: path.resolve(packageDir),
    });
  }
  if (bin !== undefined) {
    const file = resolvePackagePath(packageDir, bin, 'file', `bin "${bin}"`);
    return { command: opts.execPath, args: [file] };
  }
  return resolveExec(exec ?? [], packageDir, opts.pathEnv ?? process.env['PATH']);
}

function resolveExec(exec: readonly string[], packageDir: string, pathEnv: string | undefined): ResolvedCommand {
  const [first, ...rest] = exec;
  if (first === undefined || first === '') {
    throw new RunnableError('RUNNABLE_INVALID', `"exec" of the extension at "${path.resolve(packageDir)}" has no program as its first element`, {
      hint: 'start "exec" with a program name such as "python3" or a package path such as "./bin/tool"',
      file: path.resolve(packageDir),
    });
  }
  return { command: resolveProgram(first, packageDir, pathEnv), args: rest.map((a) => resolveArgument(a, packageDir)) };
}

function resolveProgram(first: string, packageDir: string, pathEnv: string | undefined): string {
  if (first.startsWith('./')) {
    const file = resolvePackagePath(packageDir, first, 'file', `exec program "${first}"`);
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch (cause) {
      throw new RunnableError('RUNNABLE_NOT_EXECUTABLE', `exec program "${file}" is not executable`, {
        hint: 'the extension author must set its run bit (chmod +x) or run it through an interpreter, such as ["python3", "./tool.py"]',
        file,
        cause,
      });
    }
    return file;
  }
  if (path.isAbsolute(first)) return first;
  if (first.includes('/') || first.includes(path.sep)) {
    throw new RunnableError(
      'RUNNABLE_INVALID',
      `exec program "${first}" of the extension at "${path.resolve(packageDir)}" is a relative path, which would depend on the current directory`,
      { hint: 'write package files as "./path" and system programs as a bare name', file: first },
    );
  }
  const found = findExecutableOnPath(first, pathEnv);
  if (found === undefined) {
    throw new RunnableError('RUNNABLE_NOT_ON_PATH', `exec program "${first}" was not found as an executable on PATH`, {
      hint: `install "${first}" or add its folder to PATH, then run the command again`,
      file: first,
    });
  }
  return found;
}

function resolveArgument(arg: string, packageDir: string): string {
  return arg.startsWith('./') ? resolvePackagePath(packageDir, arg, 'any', `exec argument "${arg}"`) : arg;
}
