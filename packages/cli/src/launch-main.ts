import { outboardIdentity } from './outboard-identity.js';
import { launchRecorded } from './recorded-launch.js';
import { Printer, processIo } from './terminal/printer.js';

/** The printer, made only when a line is printed: making the stderr stream costs a start about 2 ms. */
const printError = (line: string): void => new Printer(processIo()).printError(line);

/**
 * The entry of launch.cjs, the bundle the bin loads first for `outboard <word>` when the word is no built-in.
 * `build` is the build key the bin was written with. Resolves to true when the command ran from its launch
 * record (its exit code set), false when nothing ran and run.cjs must decide.
 */
export async function launchRecordedOutboard(build: string): Promise<boolean> {
  // launchRecorded never rejects once the command started; before, anything that throws means "not run".
  const code = await launchRecorded(process.argv.slice(2), outboardIdentity(), build, { env: process.env, cwd: process.cwd(), printError }).catch(() => undefined);
  if (code === undefined) return false;
  process.exitCode = code;
  return true;
}
