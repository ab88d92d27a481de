import { outboardIdentity } from './outboard-identity.js';
import { launchRecorded } from './recorded-launch.js';

/**
 * The entry of launch.cjs, the bundle the bin loads first for `outboard <word>` when the word is no built-in.
 * `build` is the build key the bin was written with. Resolves to true when the command ran from its launch
 * record (its exit code set), false when nothing ran and run.cjs must decide.
 */
/** process.stderr, made only when written to: making it costs a start about 2 ms. */
const stderr = { write: (text: string) => process.stderr.write(text) };

export async function launchRecordedOutboard(build: string): Promise<boolean> {
  // launchRecorded never rejects once the command started; before, anything that throws means "not run".
  const code = await launchRecorded(process.argv.slice(2), outboardIdentity(), build, { env: process.env, cwd: process.cwd(), stderr }).catch(() => undefined);
  if (code === undefined) return false;
  process.exitCode = code;
  return true;
}
