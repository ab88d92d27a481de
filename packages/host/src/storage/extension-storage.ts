import { join, resolve } from 'node:path';
import { isValidSlug } from '@outboard/manifest';
import { ServiceError } from '../errors/service-error.js';
import type { FileLockOptions } from '../store/file-lock.js';
import { projectIdProblem } from '../projects/project-id.js';
import { resolveStorageLimits, type StorageLimits } from './storage-limits.js';
import { StorageScope } from './storage-scope.js';

/** Options of {@link ExtensionStorage}. */
export interface ExtensionStorageOptions {
  /** The host home; storage lives under `<home>/ext/<extension>/storage/`. Required. */
  home: string;
  /** The extension's name (a manifest slug). Required. */
  extension: string;
  /** Limits of each scope; see `StorageLimits` for the defaults. */
  limits?: Partial<StorageLimits>;
  /** Lock wait and staleness for writes, in ms. Default: those of `FileLock`. */
  lock?: Pick<FileLockOptions, 'timeoutMs' | 'staleMs'>;
}

/**
 * One extension's key/value storage: a private scope (`<home>/ext/<name>/storage/private/`) and one scope
 * per project (`<home>/ext/<name>/storage/projects/<projectId>/`), each bounded on its own (see
 * `StorageScope`). Scopes are created lazily and reused, so keep one instance per extension: writers in
 * one instance queue in memory, other instances and processes wait on the file lock.
 */
export class ExtensionStorage {
  /** The extension this storage belongs to. */
  readonly extension: string;
  /** Absolute path of `<home>/ext/<name>/storage`. */
  readonly dir: string;
  readonly #limits: Readonly<StorageLimits>;
  readonly #lock: Pick<FileLockOptions, 'timeoutMs' | 'staleMs'>;
  #private: StorageScope | undefined;
  readonly #projects = new Map<string, StorageScope>();

  constructor(options: ExtensionStorageOptions) {
    if (typeof options?.home !== 'string' || options.home.length === 0) throw new TypeError(`home must be the host home folder, got ${JSON.stringify(options?.home)}`);
    if (typeof options.extension !== 'string' || !isValidSlug(options.extension)) {
      throw new TypeError(`extension must be an extension name (a slug such as "git"), got ${JSON.stringify(options.extension)}`);
    }
    this.extension = options.extension;
    this.dir = join(resolve(options.home), 'ext', options.extension, 'storage');
    this.#limits = resolveStorageLimits(options.limits);
    this.#lock = options.lock ?? {};
  }

  /** The extension's private scope. */
  privateScope(): StorageScope {
    this.#private ??= new StorageScope({
      dir: join(this.dir, 'private'),
      label: `the private storage of "${this.extension}"`,
      limits: this.#limits,
      lock: this.#lock,
    });
    return this.#private;
  }

  /**
   * The extension's scope for `projectId`. Throws `ServiceError` `invalid_params` when the id is not a
   * project id, so no id can name a folder elsewhere. Whether the project exists is the caller's check.
   */
  projectScope(projectId: string): StorageScope {
    const problem = projectIdProblem(projectId);
    if (problem !== undefined) throw new ServiceError('invalid_params', `Invalid projectId for storage: ${problem}.`, { param: 'projectId' });
    let scope = this.#projects.get(projectId);
    if (scope === undefined) {
      scope = new StorageScope({
        dir: join(this.dir, 'projects', projectId),
        label: `the storage of "${this.extension}" for project "${projectId}"`,
        limits: this.#limits,
        lock: this.#lock,
      });
      this.#projects.set(projectId, scope);
    }
    return scope;
  }
}
