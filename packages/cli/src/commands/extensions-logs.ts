import { join } from 'node:path';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { LogTail } from './log-tail.js';
import { requireExtension } from './require-extension.js';
import { StopSignals } from './stop-signals.js';

/** The logs an extension's processes write under `<home>/ext/<name>/logs/`, in the order shown. */
const LOG_FILES = ['peer.log', 'sidecar.log'] as const;
/** How often `--follow` looks for new lines, in ms. */
const FOLLOW_POLL_MS = 200;

/**
 * `<id> extensions logs <name> [--lines N] [--follow]`: the last lines of its peer's and sidecar's logs, each
 * under a `==> file <==` heading, then (with --follow) every new line prefixed by its source until Ctrl+C.
 * What the logs hold is the extension's own output: every line goes through the printer, which escapes it.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const ext = await requireExtension(ctx, opts.positionals[0] as string);
  const linesText = opts.string('lines') ?? '50';
  if (!/^\d{1,6}$/.test(linesText)) throw new UsageError(`--lines must be a whole number of lines, got ${JSON.stringify(linesText)}`, 'For example: --lines 200');
  const count = Number(linesText);
  const dir = join(ctx.host().home, 'ext', ext.key, 'logs');
  const tails = LOG_FILES.map((file) => ({ file, tail: new LogTail(join(dir, file)) }));
  const present = tails.filter((x) => x.tail.exists());
  if (present.length === 0 && !opts.flag('follow')) {
    ctx.print(t`No logs of ${ext.key} yet (${dir}): its peer and sidecar write them when they run.`);
    return 0;
  }
  for (const { file, tail } of tails) {
    if (!tail.exists()) continue;
    ctx.print(ctx.out.bold(t`==> ${file} <==`), ...tail.last(count));
  }
  if (!opts.flag('follow')) return 0;
  const stop = new StopSignals();
  try {
    while (!stop.signal.aborted) {
      for (const { file, tail } of tails) for (const line of tail.more()) ctx.print(t`${ctx.out.dim(`${file}:`)} ${line}`);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          stop.signal.removeEventListener('abort', wake);
          resolve();
        };
        const timer = setTimeout(wake, FOLLOW_POLL_MS);
        stop.signal.addEventListener('abort', wake, { once: true });
      });
    }
    return stop.exitCode;
  } finally {
    stop.dispose();
  }
}
