import { ERROR_CODES, OutboardError, fixFor, isOutboardError } from '@outboard/host/errors';
import type { OutboardErrorCode, OutboardErrorOptions } from '@outboard/host/errors';
import type { Printer } from '../terminal/printer.js';
import { t } from '../terminal/text.js';
import { CLI_ERROR_CODES, type CliErrorCode } from './cli-error-codes.js';

/** A refusal or failure of the command line itself: an {@link OutboardError} with a code of {@link CLI_ERROR_CODES}. */
export class CliError extends OutboardError<CliErrorCode> {
  override name = 'CliError';

  constructor(code: CliErrorCode, message: string, options: OutboardErrorOptions = {}) {
    super(code, message, options);
  }

  protected override get codeTable(): typeof CLI_ERROR_CODES {
    return CLI_ERROR_CODES;
  }
}

/** The command line is not understood: exit 2 and `error: <message> — <hint>` (code USAGE). */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string, hint?: string) {
    super('USAGE', message, hint === undefined ? {} : { hint });
  }
}

/** An error the CLI raises with a hint (usually the command that fixes it): a {@link CliError} for a code of its own table, else the host's OutboardError. */
export function cliError(code: CliErrorCode | OutboardErrorCode, message: string, hint?: string, details?: readonly string[]): OutboardError<string> {
  const options = { ...(hint === undefined ? {} : { hint }), ...(details ? { details } : {}) };
  return Object.hasOwn(CLI_ERROR_CODES, code) ? new CliError(code as CliErrorCode, message, options) : new OutboardError(code as OutboardErrorCode, message, options);
}

/**
 * The ONE mapping from an error to what the user sees and the exit code: `error: <message> — <hint>` on one
 * line (the hint from the error, else its code's fix from its package's table; an empty hint: the message alone),
 * detail lines under it, and the exit code of the code's row. Anything that is not an OutboardError (of the host,
 * the CLI or the hub) is INTERNAL. The stack only with OUTBOARD_DEBUG=1.
 */
export function reportError(printer: Printer, error: unknown, options: { host: { id: string; envPrefix?: string | undefined }; debug: boolean }): number {
  const known = isOutboardError(error) ? error : undefined;
  // A bug names its class (TypeError...): it is what a report needs.
  const plain = error instanceof Error ? error.message : String(error);
  const message = !known && error instanceof Error && error.name !== 'Error' ? `${error.name}: ${plain}` : plain;
  const [first = '', ...rest] = message.split('\n');
  // The code's fix is a template: another identity's users read its own command.
  const hint = known ? (known.hint ?? known.fixFor(options.host)) : fixFor('INTERNAL', options.host);
  // An empty hint means the message already says what to do (npm's output above it, say): it stands alone.
  const line = hint === '' ? t`${printer.err.red('error:')} ${first}` : t`${printer.err.red('error:')} ${first.replace(/[.\s]+$/, '')} — ${hint}`;
  printer.printError(line, ...[...rest, ...(known?.details ?? [])].map((l) => t`  ${l}`));
  if (options.debug && error instanceof Error && error.stack) printer.printError(...error.stack.split('\n'));
  return known?.exitCode ?? ERROR_CODES.INTERNAL.exitCode;
}
