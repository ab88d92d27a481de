import { envPrefixOf } from '@outboard/host/errors';
import { Printer, type CliIo } from '../terminal/printer.js';
import { reportError } from './cli-errors.js';

/**
 * The last resort for what escapes a run (a stream's error event, a stray rejection): one `error:` line, no
 * stack, and exit. `host` names the host in the fix. Returns the function that removes it again.
 */
export function catchFatal(io: CliIo, host: { id: string; envPrefix?: string | undefined }): () => void {
  const fatal = (error: unknown): void => {
    // A closed pipe (`outboard --help | head -1`) is the reader's choice, not an error.
    if ((error as { code?: unknown }).code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.exitCode = reportError(new Printer(io), error, { host, debug: io.env[`${envPrefixOf(host)}_DEBUG`] === '1' });
    process.exit();
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  return () => {
    process.removeListener('uncaughtException', fatal);
    process.removeListener('unhandledRejection', fatal);
  };
}
