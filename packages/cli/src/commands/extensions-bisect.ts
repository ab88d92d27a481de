import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { ExtensionRecord } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { BisectRestore } from './bisect-restore.js';

type Verdict = 'good' | 'bad' | 'skip' | 'stop';
/** The exit code of a `--run` command that means "cannot test this step" (as `git bisect run`). */
const SKIP_EXIT = 125;

/**
 * `<id> extensions bisect [--run '<command>'] [--reset]`: finds the enabled extension behind a problem by
 * halving the enabled set. Each step enables one half of the suspects only (the others of the set disabled)
 * and asks whether the problem is still there (good/bad/skip in a terminal; with --run, the command's exit
 * code: 0 good, 125 skip, anything else bad). Before changing anything it saves approvals.json (every
 * extension's enabled state, approval and grants) to `<home>/bisect.json`; at the end, on Ctrl+C (or
 * SIGTERM, SIGHUP) it puts it back byte for byte, and `--reset` does so after a crash.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const restore = BisectRestore.of(ctx.host().home);
  if (opts.flag('reset')) {
    ctx.print(restore.restore() ? t`Restored every extension's enabled state, approval and grants as they were before the bisect.` : t`No bisect to reset: nothing was changed.`);
    return 0;
  }
  const pending = restore.pending();
  if (pending) throw cliError('BISECT_IN_PROGRESS', `a bisect of this home started at ${pending.startedAt} was not finished`, `restore what it changed with \`${ctx.cmd} extensions bisect --reset\``);
  const command = opts.string('run');
  if (command === undefined && !ctx.printer.interactive) throw cliError('BISECT_NEEDS_TERMINAL', 'bisect asks after each step whether the problem is still there, and no person is at this terminal', `pass --run '<command>' to decide each step by its exit code`);
  const enabled = (await ctx.host().extensions()).extensions.filter((e): e is ExtensionRecord & { name: string } => e.state === 'enabled' && e.name !== undefined);
  if (enabled.length < 2) throw cliError('BISECT_NOTHING_ENABLED', `bisect halves the enabled extensions, and ${enabled.length === 0 ? 'none is' : 'only one is'} enabled`, `enable the extensions to search among with \`${ctx.cmd} extensions enable <name>\``);

  restore.save();
  const stop = onStopSignal(() => {
    restore.restore();
    ctx.printError(t`Bisect interrupted: every extension's enabled state, approval and grants are back as they were.`);
  });
  try {
    const states = new Map(enabled.map((e) => [e.key, true]));
    const enableOnly = async (keep: ReadonlySet<string>): Promise<void> => {
      for (const ext of enabled) {
        const want = keep.has(ext.key);
        if (states.get(ext.key) === want) continue;
        await ctx.host().approvals.setEnabled(ext, want);
        states.set(ext.key, want);
      }
    };
    let suspects = enabled.map((e) => e.key);
    let step = 0;
    while (suspects.length > 1) {
      step++;
      const half = Math.ceil(suspects.length / 2);
      let tested = suspects.slice(0, half);
      let other = suspects.slice(half);
      let verdict: Verdict = 'skip';
      for (let attempt = 0; attempt < 2 && verdict === 'skip'; attempt++) {
        if (attempt === 1) [tested, other] = [other, tested];
        await enableOnly(new Set(tested));
        ctx.printError(t`Step ${String(step)}: ${String(tested.length)} of ${String(enabled.length)} extensions enabled: ${tested.join(', ')}`);
        verdict = command === undefined ? await ask(ctx) : await runCheck(ctx, command);
        if (verdict === 'stop') {
          ctx.print(t`Bisect stopped at step ${String(step)}; suspects left: ${suspects.join(', ')}.`);
          return 1;
        }
        ctx.printError(t`  ${verdict}`);
      }
      if (verdict === 'skip') {
        ctx.print(t`Could not tell (both halves skipped at step ${String(step)}): the problem is in one of ${suspects.join(', ')}.`);
        return 1;
      }
      suspects = verdict === 'bad' ? tested : other;
    }
    ctx.print(t`The problem comes from ${suspects[0] ?? ''} (found in ${String(step)} ${step === 1 ? 'step' : 'steps'}); \`${ctx.cmd} extensions disable ${suspects[0] ?? ''}\` turns it off.`);
    return 0;
  } finally {
    stop.dispose();
    if (restore.restore()) ctx.printError(t`Restored every extension's enabled state, approval and grants as they were before the bisect.`);
  }
}

/** Asks in the terminal until the answer is good, bad or skip (end of input stops the bisect). */
async function ask(ctx: CliContext): Promise<Verdict> {
  for (;;) {
    const answer = (await ctx.printer.askLine(t`Is the problem still there? Answer bad (yes), good (no) or skip:`)).toLowerCase();
    if (answer === '') return 'stop';
    if (answer === 'good' || answer === 'g' || answer === 'no' || answer === 'n') return 'good';
    if (answer === 'bad' || answer === 'b' || answer === 'yes' || answer === 'y') return 'bad';
    if (answer === 'skip' || answer === 's') return 'skip';
  }
}

/** Runs the --run command through the shell, its output copied (escaped) to stderr: 0 good, 125 skip, else bad. */
function runCheck(ctx: CliContext, command: string): Promise<Verdict> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd: ctx.io.cwd, env: ctx.io.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(ctx.printer.passthrough());
    child.stderr.pipe(ctx.printer.passthrough());
    child.on('error', () => resolve('bad'));
    child.on('close', (code) => resolve(code === 0 ? 'good' : code === SKIP_EXIT ? 'skip' : 'bad'));
  });
}

/** On SIGINT, SIGTERM or SIGHUP: runs `cleanup`, then exits with 128 + the signal's number. */
function onStopSignal(cleanup: () => void): { dispose(): void } {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const handlers = signals.map((name) => {
    const handler = (): void => {
      cleanup();
      process.exit(128 + constants.signals[name]);
    };
    process.on(name, handler);
    return () => process.off(name, handler);
  });
  return { dispose: () => handlers.forEach((off) => off()) };
}
