import { ERROR_CODES, OutboardError, fixFor, isOutboardError } from '@outboard/host/errors';
import type { OutboardErrorCode } from '@outboard/host/errors';
import type { Printer } from '../terminal/printer.js';
import { t } from '../terminal/text.js';

/** The command line is not understood: exit 2 and `error: <message> — <hint>` (code USAGE). */
export class UsageError extends OutboardError {
  override name = 'UsageError';
  constructor(message: string, hint?: string) {
    super('USAGE', message, hint === undefined ? {} : { hint });
  }
}

/** An OutboardError of the CLI with a hint (usually the command that fixes it). */
export function cliError(code: OutboardErrorCode, message: string, hint?: string, details?: readonly string[]): OutboardError {
  return new OutboardError(code, message, { ...(hint === undefined ? {} : { hint }), ...(details ? { details } : {}) });
}

/**
 * The ONE mapping from an error to what the user sees and the exit code: `error: <message> — <hint>` on one
 * line (the hint from the error, else the code's fix from the table; an empty hint: the message alone), detail lines under it, and the exit code
 * of the code's row. Anything that is not an OutboardError is INTERNAL. The stack only with OUTBOARD_DEBUG=1.
 */
export function reportError(printer: Printer, error: unknown, options: { host: { id: string; envPrefix?: string | undefined }; debug: boolean }): number {
  const known = isOutboardError(error) ? error : undefined;
  const code: OutboardErrorCode = known?.code ?? 'INTERNAL';
  const row = ERROR_CODES[code];
  // A bug names its class (TypeError...): it is what a report needs.
  const plain = error instanceof Error ? error.message : String(error);
  const message = !known && error instanceof Error && error.name !== 'Error' ? `${error.name}: ${plain}` : plain;
  const [first = '', ...rest] = message.split('\n');
  // The code's fix is a template: another identity's users read its own command.
  const hint = known?.hint ?? fixFor(code, options.host);
  // An empty hint means the message already says what to do (npm's output above it, say): it stands alone.
  const line = hint === '' ? t`${printer.err.red('error:')} ${first}` : t`${printer.err.red('error:')} ${first.replace(/[.\s]+$/, '')} — ${hint}`;
  printer.printError(line, ...[...rest, ...(known?.details ?? [])].map((l) => t`  ${l}`));
  if (options.debug && error instanceof Error && error.stack) printer.printError(...error.stack.split('\n'));
  return row.exitCode;
}
