import { SdkError } from './sdk-error.js';

/**
 * The environment a host gives every extension process (docs/environment.md), parsed once. The variables
 * carry the host's own prefix (`OUTBOARD_` for the reference host, `NDX_` for a host `ndx`): it is read
 * from what the process was started with, never assumed.
 */
export interface ExtensionEnvironment {
  /** The variable prefix, e.g. `OUTBOARD`. */
  readonly prefix: string;
  /** The contract version the host speaks. */
  readonly apiVersion: number;
  /** The running host version. */
  readonly hostVersion: string;
  /** Absolute path of the host's CLI entry (run it with `process.execPath`); '' when the host names none. */
  readonly bin: string;
  /** The host's home folder. */
  readonly home: string;
  /** The extension's manifest name. */
  readonly name: string;
  /** The extension's persistent folder (`<home>/ext/<name>/`). */
  readonly stateDir: string;
  /** The JSON file holding the checked config section. */
  readonly configFile: string;
  /** The running hub's base URL, or undefined when no hub runs. */
  readonly hubUrl: string | undefined;
  /** The hub's token file, set only with `hubUrl`. */
  readonly tokenFile: string | undefined;
}

/** Thrown when a process was not started by an Outboard host (started by hand, or an incomplete environment): code SDK_NOT_STARTED_BY_HOST. */
export class NotStartedByHostError extends SdkError {
  override readonly name = 'NotStartedByHostError';
  constructor(message: string) {
    super('SDK_NOT_STARTED_BY_HOST', message);
  }
}

/** The command of the host whose variables start with `prefix` (`OUTBOARD` → `outboard`), for messages. */
export function hostCommandOf(prefix: string): string {
  return prefix.toLowerCase().replace(/_/g, '-');
}

/** The prefix of the variables the process was started with: `OUTBOARD` when present, else the one prefix found. */
export function environmentPrefix(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.OUTBOARD_EXTENSION_NAME !== undefined) return 'OUTBOARD';
  const found = Object.keys(env)
    .map((key) => /^([A-Z][A-Z0-9]*)_EXTENSION_NAME$/.exec(key)?.[1])
    .filter((p): p is string => p !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Parses the environment of an extension process.
 * @throws NotStartedByHostError naming the missing variable, with how the process should be started.
 */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): ExtensionEnvironment {
  const prefix = environmentPrefix(env);
  if (prefix === undefined) throw new NotStartedByHostError('this program is an Outboard extension: the host starts it (no OUTBOARD_EXTENSION_NAME in the environment); run it through `outboard`');
  const need = (suffix: string): string => {
    const value = env[`${prefix}_${suffix}`];
    if (value === undefined || value === '') throw new NotStartedByHostError(`${prefix}_${suffix} is not set: this process was not started by the host`);
    return value;
  };
  const hubUrl = env[`${prefix}_HUB_URL`] || undefined;
  return {
    prefix,
    apiVersion: Number(env[`${prefix}_EXTENSION_API`] ?? '1'),
    hostVersion: env[`${prefix}_VERSION`] ?? '',
    bin: env[`${prefix}_BIN`] ?? '',
    home: need('HOME'),
    name: need('EXTENSION_NAME'),
    stateDir: need('EXTENSION_STATE_DIR'),
    configFile: env[`${prefix}_EXTENSION_CONFIG`] ?? '',
    hubUrl,
    tokenFile: hubUrl ? env[`${prefix}_TOKEN_FILE`] || undefined : undefined,
  };
}

/** The header a sidecar or the hub uses, from the prefix: `OUTBOARD` + `Sidecar-Secret` → `x-outboard-sidecar-secret`. */
export function prefixedHeader(prefix: string, name: string): string {
  return `x-${prefix.toLowerCase().replace(/_/g, '-')}-${name.toLowerCase()}`;
}
