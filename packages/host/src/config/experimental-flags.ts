import { isConfigObject, type ConfigObject } from './config-key.js';
import type { ConfigProblem } from './config-problem.js';

/** The outcome of reading `experimental.<flag>` switches. */
export interface ExperimentalFlags {
  /** One entry per known flag: true only when the config holds exactly `true`. */
  readonly flags: Readonly<Record<string, boolean>>;
  /** Known flags whose value is not a boolean (treated as false), or an `experimental` that is not an object. */
  readonly problems: readonly ConfigProblem[];
}

/**
 * Reads the known flags from a merged config: a missing flag is false, a name not in `known` is ignored,
 * and a non-boolean value is reported as a problem and read as false.
 */
export function readExperimentalFlags(config: ConfigObject, known: readonly string[]): ExperimentalFlags {
  const section = config['experimental'];
  const flags: Record<string, boolean> = {};
  for (const name of known) flags[name] = false;
  if (section === undefined) return { flags, problems: [] };
  if (!isConfigObject(section)) {
    return { flags, problems: [{ path: 'experimental', rule: 'type', message: 'must be an object of true/false switches', missing: false }] };
  }
  const problems: ConfigProblem[] = [];
  for (const name of known) {
    if (!Object.hasOwn(section, name)) continue;
    const value = section[name];
    if (typeof value === 'boolean') flags[name] = value;
    else problems.push({ path: `experimental.${name}`, rule: 'type', message: `must be true or false, got ${JSON.stringify(value)}`, missing: false });
  }
  return { flags, problems };
}
