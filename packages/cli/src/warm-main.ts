import { catchFatal } from './errors/catch-fatal.js';
import { outboardIdentity } from './outboard-identity.js';
import { processIo } from './terminal/printer.js';
import { runWarm } from './warm-run.js';

/**
 * The entry of run.cjs, the bundle the bin loads first for `outboard <word>` when the word is no built-in.
 * `builtins` is BUILTIN_NAMES as the build wrote it into the bin; `build` its build key, under which the
 * decision is kept as a launch record (see warm-run.ts). Resolves to true when the command ran (its
 * exit code set), false when the full path (fast.cjs, whose entry is main.ts) must take the same argv.
 */
export async function runWarmOutboard(builtins: readonly string[], build?: string): Promise<boolean> {
  const io = processIo();
  const identity = outboardIdentity();
  const release = catchFatal(io, identity);
  const code = await runWarm(process.argv.slice(2), identity, builtins, io, build);
  if (code === undefined) {
    release();
    return false;
  }
  process.exitCode = code;
  return true;
}
