import { join } from 'node:path';
import { JsonFileStore, type CorruptFileDiagnostic } from '../store/index.js';
import { ConfigError } from './config-error.js';
import { isConfigObject, type ConfigObject } from './config-key.js';
import { mergeConfig } from './config-merge.js';
import { findProjectRoot, projectConfigFileName } from './project-root.js';

/** Which file a write goes to: `<home>/config.json` or `.<id>.json` at the project root. */
export type ConfigScope = 'user' | 'project';

/** Both config files as read now, and their merge. */
export interface ConfigSnapshot {
  /** The user config (`{}` when missing or corrupt). */
  readonly user: ConfigObject;
  /** The project config (`{}` when missing or corrupt); `undefined` outside any project. */
  readonly project: ConfigObject | undefined;
  /** Project over user (objects merged deeply, arrays replaced); a project's `extensions.paths` is ignored. */
  readonly merged: ConfigObject;
  /** The project root, or `undefined` outside any project. */
  readonly projectRoot: string | undefined;
  /** Config files that exist but are corrupt; they were read as `{}` and left untouched. */
  readonly corrupt: readonly CorruptFileDiagnostic[];
}

/** Options shared by the config file stores. */
export interface ConfigFilesOptions {
  hostId: string;
  home: string;
  cwd: string;
  /** The project root already found with `findProjectRoot` (`null`: no project). Default: found from `cwd`. */
  projectRoot?: string | null;
  lock?: { timeoutMs?: number; staleMs?: number };
}

/**
 * The format of config files this version reads and writes (see store/file-format.ts): format 1 is the
 * unversioned shape shipped first. The `format` key is the file's, never a setting (see parseConfigKey).
 */
export const CONFIG_FORMAT = 1;

const checkTopLevel = (value: unknown): string | undefined =>
  isConfigObject(value) ? undefined : 'the top level must be a JSON object';

/** Locates the user and project config files and gives each its {@link JsonFileStore}. Reads lazily. */
export class ConfigFiles {
  /** `<home>/config.json`. */
  readonly userPath: string;
  readonly #options: ConfigFilesOptions;
  readonly #user: JsonFileStore<ConfigObject>;
  #project: { root: string | undefined; store: JsonFileStore<ConfigObject> | undefined } | undefined;

  constructor(options: ConfigFilesOptions) {
    this.#options = options;
    this.userPath = join(options.home, 'config.json');
    this.#user = this.#storeFor(this.userPath);
  }

  /** The project root for the cwd (found once, on first use), or `undefined`. */
  projectRoot(): string | undefined {
    return this.#projectState().root;
  }

  /** `.<id>.json` at the project root, or `undefined` outside any project. */
  projectPath(): string | undefined {
    return this.#projectState().store?.path;
  }

  /** The store of `scope`; a project scope outside any project throws `CONFIG_NO_PROJECT`. */
  store(scope: ConfigScope): JsonFileStore<ConfigObject> {
    if (scope === 'user') return this.#user;
    const project = this.#projectState().store;
    if (project) return project;
    const name = projectConfigFileName(this.#options.hostId);
    throw new ConfigError(
      'CONFIG_NO_PROJECT',
      `No project found from ${this.#options.cwd}: none of its folders or their parents has ${name}, package.json or .git. Use --user to write the user config (${this.userPath}), or run the command inside a project.`,
    );
  }

  /** The user config alone; never throws for a missing or corrupt file. */
  inspectUser(): { value: ConfigObject; corrupt: CorruptFileDiagnostic | undefined } {
    const snapshot = this.#user.inspect();
    return { value: snapshot.value, corrupt: snapshot.corrupt };
  }

  /** Both files and their merge; never throws for missing or corrupt files (see `corrupt`). */
  inspect(): ConfigSnapshot {
    const user = this.#user.inspect();
    const state = this.#projectState();
    const project = state.store?.inspect();
    const corrupt = [user.corrupt, project?.corrupt].filter((d): d is CorruptFileDiagnostic => d !== undefined);
    return {
      user: user.value,
      project: project?.value,
      merged: mergeScopes(user.value, project?.value),
      projectRoot: state.root,
      corrupt,
    };
  }

  #projectState(): { root: string | undefined; store: JsonFileStore<ConfigObject> | undefined } {
    if (this.#project === undefined) {
      const given = this.#options.projectRoot;
      const root = given === undefined ? findProjectRoot(this.#options.cwd, this.#options.hostId) : (given ?? undefined);
      const store = root === undefined ? undefined : this.#storeFor(join(root, projectConfigFileName(this.#options.hostId)));
      this.#project = { root, store };
    }
    return this.#project;
  }

  #storeFor(path: string): JsonFileStore<ConfigObject> {
    return new JsonFileStore<ConfigObject>({
      path,
      empty: () => ({}),
      check: checkTopLevel,
      format: { current: CONFIG_FORMAT, hidden: true },
      ...(this.#options.lock ? { lock: this.#options.lock } : {}),
    });
  }
}

/** Merges a project config over a user one the way reads see it (a project's `extensions.paths` ignored). */
export function mergeScopes(user: ConfigObject, project: ConfigObject | undefined): ConfigObject {
  return project ? mergeConfig(user, withoutDevPaths(project)) : structuredClone(user);
}

// Dev paths come from the user config only: a cloned repository must not add folders to discovery.
function withoutDevPaths(project: ConfigObject): ConfigObject {
  const extensions = project['extensions'];
  if (!isConfigObject(extensions) || !Object.hasOwn(extensions, 'paths')) return project;
  const { paths: _ignored, ...rest } = extensions;
  return { ...project, extensions: rest };
}
