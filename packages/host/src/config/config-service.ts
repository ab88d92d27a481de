import { activationOverrideIn, checkHostOwnedWrite, extensionOwnSection, providerDeadlineIn } from './host-owned-keys.js';
import { checkLimitsWrite, userLimitsIn } from './limits-config.js';
import { dirname, resolve } from 'node:path';
import type { CorruptFileDiagnostic } from '../store/index.js';
import { ConfigError } from './config-error.js';
import { ConfigVerdictCache } from './config-verdict-cache.js';
import { ConfigFiles, type ConfigScope, type ConfigSnapshot } from './config-files.js';
import { getAtPath, isConfigObject, parseConfigKey, setAtPath, unsetAtPath, type ConfigObject } from './config-key.js';
import type { ConfigProblem } from './config-problem.js';
import { checkConfigWrite } from './config-write-check.js';
import { DEV_PATHS_KEY, normaliseDevPath, readDevPathList, requireDevPathList, requireExistingFolder } from './dev-paths.js';
import { readExperimentalFlags, type ExperimentalFlags } from './experimental-flags.js';
import { ExtensionConfigValidator, type CompiledConfigSchema } from './extension-config-validator.js';
import type { ExtensionConfigSchema } from './schema-source.js';
import type {
  ConfigCheckOptions,
  ConfigServiceOptions,
  ConfigSetOptions,
  ConfigWriteResult,
  DevPathsChange,
  ExtensionConfigCheck,
} from './config-service-types.js';

const HOST_ID = /^[a-z][a-z0-9-]{0,38}$/;
const RESERVED_SECTION = 'paths';

/**
 * User and project config of one host: `<home>/config.json` and `.<id>.json` at the project root (the
 * nearest ancestor of cwd with `.<id>.json`, else with `package.json`, else with `.git`). Reads merge
 * project over user and are cheap: Ajv is imported only when an extension section is validated. Every
 * write goes through the locked, atomic `JsonFileStore`; a corrupt file is reported on read (reads
 * throw `CONFIG_CORRUPT` except `devPaths` and `experimentalFlags`, which report it) and moved aside on write.
 */
export class ConfigService {
  /** The host id. */
  readonly hostId: string;
  /** Absolute home folder. */
  readonly home: string;
  /** Absolute working folder. */
  readonly cwd: string;
  readonly #files: ConfigFiles;
  readonly #validator = new ExtensionConfigValidator();
  readonly #verdicts: ConfigVerdictCache;
  readonly #schemaFor: ConfigServiceOptions['schemaFor'];
  readonly #limitsFor: ConfigServiceOptions['limitsFor'];

  constructor(options: ConfigServiceOptions) {
    if (typeof options?.hostId !== 'string' || !HOST_ID.test(options.hostId)) {
      throw new TypeError(`hostId must be a lowercase slug such as "outboard", got ${JSON.stringify(options?.hostId)}`);
    }
    for (const name of ['home', 'cwd'] as const) {
      if (typeof options[name] !== 'string' || options[name].length === 0) {
        throw new TypeError(`${name} must be a folder path, got ${JSON.stringify(options[name])}`);
      }
    }
    this.hostId = options.hostId;
    this.home = resolve(options.home);
    this.cwd = resolve(options.cwd);
    this.#schemaFor = options.schemaFor;
    this.#limitsFor = options.limitsFor;
    this.#verdicts = new ConfigVerdictCache(this.home);
    this.#files = new ConfigFiles({
      hostId: this.hostId,
      home: this.home,
      cwd: this.cwd,
      ...(options.projectRoot === undefined ? {} : { projectRoot: options.projectRoot === null ? null : resolve(options.projectRoot) }),
      ...(options.lock ? { lock: options.lock } : {}),
    });
  }

  /** `<home>/config.json`. */
  get userConfigPath(): string {
    return this.#files.userPath;
  }

  /** The project root, or `undefined` outside any project. */
  projectRoot(): string | undefined {
    return this.#files.projectRoot();
  }

  /** `.<id>.json` at the project root, or `undefined` outside any project. */
  projectConfigPath(): string | undefined {
    return this.#files.projectPath();
  }

  /** Both files and their merge, reporting corrupt files instead of throwing. */
  inspect(): ConfigSnapshot {
    return this.#files.inspect();
  }

  /** The merged value at a dotted key (project over user), or `undefined`. Throws `CONFIG_CORRUPT`. */
  get(key: string): unknown {
    return getAtPath(this.#readMerged(), parseConfigKey(key));
  }

  /**
   * The user's activation override of extension `name` (`extensions.<name>.activation`, project over user):
   * `lazy`, `manifest`, or undefined when unset, unknown or unreadable (a corrupt file is doctor's to report).
   */
  /** The user's `extensions.<name>.limits` (project over user), unchecked; see `checkedLimits`. Throws `CONFIG_CORRUPT`. */
  userLimits(name: string): unknown {
    return userLimitsIn(this.#readMerged(), name);
  }

  activationOverride(name: string): 'lazy' | 'manifest' | undefined {
    try {
      return activationOverrideIn(this.#readMerged(), name);
    } catch {
      return undefined;
    }
  }

  /** `providers.deadlineMs` from the merged config when valid; `undefined` (the default applies) otherwise. */
  providerDeadlineMs(): number | undefined {
    try {
      return providerDeadlineIn(this.#readMerged());
    } catch {
      return undefined;
    }
  }

  /** The value at a dotted key in one file only, or `undefined`. Throws `CONFIG_CORRUPT`, `CONFIG_NO_PROJECT`. */
  getIn(scope: ConfigScope, key: string): unknown {
    return getAtPath(this.#readScope(scope), parseConfigKey(key));
  }

  /**
   * Writes `value` at a dotted key of the `scope` file (default project). `extensions.<name>` values are
   * checked against the extension's schema: any violation stops the write (`CONFIG_INVALID_VALUE`, naming
   * path and rule), except missing required keys, which are returned in `missing`. `extensions.paths` is a
   * user-only list of folders, stored normalised. Throws `CONFIG_NO_PROJECT` for a project write outside a project.
   */
  async set(key: string, value: unknown, options: ConfigSetOptions = {}): Promise<ConfigWriteResult> {
    if (value === undefined) throw new TypeError('value must be a JSON value; use unset() to remove a key');
    const segments = parseConfigKey(key);
    const scope = options.scope ?? 'project';
    const store = this.#files.store(scope);
    let stored = toJsonValue(value);
    if (segments[0] === 'extensions' && segments[1] === RESERVED_SECTION) {
      if (scope !== 'user') {
        throw new ConfigError('CONFIG_USER_ONLY', `${DEV_PATHS_KEY} is read from the user config only. Add --user to write it to ${this.userConfigPath}.`);
      }
      if (segments.length > 2) {
        throw new ConfigError('CONFIG_INVALID_KEY', `${DEV_PATHS_KEY} is a list of folders; set the whole list (e.g. ${DEV_PATHS_KEY} '["/path/to/ext"]') instead of ${key}.`);
      }
      stored = requireDevPathList(value, this.cwd, `The value for ${DEV_PATHS_KEY}`);
    }
    checkHostOwnedWrite({ hostId: this.hostId, scope }, segments, stored, key);
    if (segments[0] === 'extensions' && segments[2] === 'limits') {
      const name = segments[1] as string;
      checkLimitsWrite(this.hostId, segments, stored, userLimitsIn(this.#readScope(scope), name), await this.#limitsFor?.(name));
    }
    const schemas = await this.#schemasForWrite(segments, stored, options.schema);
    const otherScope = scope === 'user' ? this.#projectOrUndefined() : this.#files.inspectUser().value;
    let missing: ConfigProblem[] = [];
    const result = await store.update(async (draft) => {
      setAtPath(draft, segments, structuredClone(stored));
      missing = await checkConfigWrite({ schemas, draft, scope, other: otherScope, key, file: store.path });
    });
    return {
      scope,
      file: store.path,
      value: getAtPath(result.value, segments),
      changed: result.written,
      missing,
      ...(result.quarantined ? { quarantined: result.quarantined } : {}),
    };
  }

  /** Removes a dotted key from the `scope` file (default project), and any object left empty by it. Never schema-checked. */
  async unset(key: string, options: { scope?: ConfigScope } = {}): Promise<ConfigWriteResult> {
    const segments = parseConfigKey(key);
    const scope = options.scope ?? 'project';
    const store = this.#files.store(scope);
    const result = await store.update((draft) => {
      unsetAtPath(draft, segments);
    });
    return {
      scope,
      file: store.path,
      value: undefined,
      changed: result.written,
      missing: [],
      ...(result.quarantined ? { quarantined: result.quarantined } : {}),
    };
  }

  /**
   * Checks the config section of extension `name` against its schema: all problems with `requireAll`
   * (default; before a run, missing required keys included), or the write rules without it. Throws
   * `CONFIG_CORRUPT` when a config file is corrupt, `CONFIG_SCHEMA_INVALID` for a broken schema.
   */
  async checkExtensionConfig(name: string, options: ConfigCheckOptions = {}): Promise<ExtensionConfigCheck> {
    this.#refuseReservedName(name);
    const config = options.scope === 'user' ? this.#readScope('user') : this.#readMerged();
    const extensions = config['extensions'];
    // Host-owned keys (`activation`) are the user's settings for the host, not the extension's config.
    const section = isConfigObject(extensions) && extensions[name] !== undefined ? structuredClone(extensionOwnSection(extensions[name])) : {};
    const source = options.schema ?? (await this.#schemaFor?.(name));
    if (!source) return { value: section, problems: [] };
    const mode = options.requireAll === false ? 'write' : 'run';
    // A run's verdict on a schema file is kept in the home: the hot path of a command never compiles with Ajv.
    const cacheable = mode === 'run' && source.file !== undefined && source.schema === undefined && source.loadRef === undefined;
    const key = cacheable ? ConfigVerdictCache.key(name, source.file as string, section) : '';
    const cached = cacheable ? this.#verdicts.lookup(name, key) : undefined;
    if (cached) return { value: section, problems: cached };
    const startedAt = Date.now();
    const compiled = await this.#validator.compile(name, source);
    const problems = await compiled.check(section, `extensions.${name}`, mode);
    if (cacheable) this.#verdicts.store(name, key, compiled.inputs, problems, startedAt);
    return { value: section, problems };
  }

  /**
   * The dev-extension folders from the user config (`extensions.paths`): absolute, normalised (relative
   * entries against the home folder), deduplicated. Never throws: bad entries and a corrupt file are reported.
   */
  devPaths(): { paths: string[]; problems: ConfigProblem[]; corrupt?: CorruptFileDiagnostic } {
    const user = this.#files.inspectUser();
    const extensions = user.value['extensions'];
    const { paths, problems } = readDevPathList(isConfigObject(extensions) ? extensions['paths'] : undefined, dirname(this.userConfigPath));
    return user.corrupt ? { paths, problems, corrupt: user.corrupt } : { paths, problems };
  }

  /**
   * Adds a folder (relative to cwd) to the user config's `extensions.paths`, unless already listed. Throws
   * `CONFIG_DEV_PATH_MISSING` naming the folder when it does not exist or is not a folder (nothing is written).
   */
  async addDevPath(path: string): Promise<DevPathsChange> {
    const folder = normaliseDevPath(path, this.cwd);
    requireExistingFolder(folder, this.hostId);
    return this.#changeDevPaths((paths) => (paths.includes(folder) ? paths : [...paths, folder]));
  }

  /** Removes a folder (relative to cwd) from the user config's `extensions.paths`; `changed` false if absent. */
  removeDevPath(path: string): Promise<DevPathsChange> {
    const folder = normaliseDevPath(path, this.cwd);
    return this.#changeDevPaths((paths) => paths.filter((p) => p !== folder));
  }

  /** The known `experimental.<flag>` switches from the merged config; never throws (see the result's problems). */
  experimentalFlags(known: readonly string[]): ExperimentalFlags & { corrupt: readonly CorruptFileDiagnostic[] } {
    const snapshot = this.#files.inspect();
    return { ...readExperimentalFlags(snapshot.merged, known), corrupt: snapshot.corrupt };
  }

  async #changeDevPaths(change: (paths: string[]) => string[]): Promise<DevPathsChange> {
    const store = this.#files.store('user');
    let paths: string[] = [];
    const result = await store.update((draft) => {
      const extensions = isConfigObject(draft['extensions']) ? draft['extensions'] : undefined;
      const current = requireDevPathList(extensions?.['paths'], dirname(store.path), `${DEV_PATHS_KEY} in ${store.path}`);
      paths = change(current);
      if (paths.length === 0) unsetAtPath(draft, ['extensions', 'paths']);
      else setAtPath(draft, ['extensions', 'paths'], paths);
    });
    return { paths, changed: result.written, file: store.path, ...(result.quarantined ? { quarantined: result.quarantined } : {}) };
  }

  // Compiled before the lock is taken, so the lock is held only for the file work.
  async #schemasForWrite(segments: readonly string[], value: unknown, given: ExtensionConfigSchema | undefined): Promise<Map<string, CompiledConfigSchema>> {
    const names: string[] = [];
    if (segments[0] === 'extensions' && segments.length >= 2) names.push(segments[1]!);
    else if (segments[0] === 'extensions' && isConfigObject(value)) names.push(...Object.keys(value));
    const compiled = new Map<string, CompiledConfigSchema>();
    for (const name of names) {
      if (name === RESERVED_SECTION) continue;
      const source = (names.length === 1 ? given : undefined) ?? (await this.#schemaFor?.(name));
      if (source) compiled.set(name, await this.#validator.compile(name, source));
    }
    return compiled;
  }

  #readMerged(): ConfigObject {
    const snapshot = this.#files.inspect();
    const corrupt = snapshot.corrupt[0];
    if (corrupt) throw new ConfigError('CONFIG_CORRUPT', corrupt.message);
    return snapshot.merged;
  }

  #readScope(scope: ConfigScope): ConfigObject {
    const snapshot = this.#files.store(scope).inspect();
    if (snapshot.corrupt) throw new ConfigError('CONFIG_CORRUPT', snapshot.corrupt.message);
    return snapshot.value;
  }

  #projectOrUndefined(): ConfigObject | undefined {
    return this.#files.projectRoot() === undefined ? undefined : this.#files.store('project').inspect().value;
  }

  #refuseReservedName(name: string): void {
    if (name === RESERVED_SECTION) {
      throw new ConfigError('CONFIG_RESERVED_NAME', `"${RESERVED_SECTION}" is not an extension: ${DEV_PATHS_KEY} holds the dev-extension folders. Check the extension name.`);
    }
  }
}

// What the file will hold: JSON's view of the value (drops undefined members, turns Dates into strings).
function toJsonValue(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch (error) {
    throw new TypeError(`value must be JSON-serialisable: ${(error as Error).message}`);
  }
}
