import { realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { ServiceError } from '../errors/service-error.js';
import type { EventBus } from '../bus/event-bus.js';
import { JsonFileStore } from '../store/json-file-store.js';
import { projectIdFromFolderName, projectIdProblem, uniqueProjectId } from './project-id.js';
import { checkProjectsShape, emptyProjects, PROJECTS_FORMAT, type ProjectRecord, type ProjectsFile } from './project-record.js';

/** Options of {@link ProjectStore}. */
export interface ProjectStoreOptions {
  /** The host home; projects live in `<home>/projects.json`. Required. */
  home: string;
  /** When given, `project.registered` and `project.removed` are published on it (scoped to the project, body = the record). */
  bus?: EventBus;
  /** The `source` of those events. Default `host`. */
  eventSource?: string;
  /** Clock for `registeredAt`, in ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** What {@link ProjectStore.register} asks for. */
export interface RegisterProjectInput {
  /** Absolute path of the project folder; symlinks are resolved, and the real path identifies the project. */
  root: string;
  /** Display name. Default: the folder name. */
  name?: string;
  /** Wanted id (see `PROJECT_ID_PATTERN`; `x` is reserved). Default: a slug of the folder name, made unique. */
  id?: string;
}

/** The outcome of {@link ProjectStore.register}. */
export interface RegisterProjectResult {
  readonly project: ProjectRecord;
  /** False when the real root was already registered: `project` is the existing record, unchanged. */
  readonly created: boolean;
}

const MAX_NAME_LENGTH = 200;

/**
 * The registered projects, persisted in `<home>/projects.json`. Every change is a locked read-modify-write
 * (so concurrent processes never lose a registration) and an atomic write. Refusals of caller input are
 * {@link ServiceError}s (`invalid_params`, `not_found`) whose message names the fix; file problems are
 * `StoreError`s. Reads never write.
 */
export class ProjectStore {
  /** Absolute path of `projects.json`. */
  readonly path: string;
  readonly #file: JsonFileStore<ProjectsFile>;
  readonly #bus: EventBus | undefined;
  readonly #source: string;
  readonly #now: () => number;
  /** The projects last published or synced, by id (see {@link sync}); undefined before the first look. */
  #known: Map<string, ProjectRecord> | undefined;

  constructor(options: ProjectStoreOptions) {
    if (typeof options?.home !== 'string' || options.home.length === 0) throw new TypeError(`home must be the host home folder, got ${JSON.stringify(options?.home)}`);
    if (options.eventSource !== undefined && (typeof options.eventSource !== 'string' || options.eventSource.length === 0)) {
      throw new TypeError(`eventSource must be a non-empty string, got ${JSON.stringify(options.eventSource)}`);
    }
    this.#file = new JsonFileStore<ProjectsFile>({ path: join(options.home, 'projects.json'), empty: emptyProjects, check: checkProjectsShape, format: { current: PROJECTS_FORMAT } });
    this.path = this.#file.path;
    this.#bus = options.bus;
    this.#source = options.eventSource ?? 'host';
    this.#now = options.now ?? Date.now;
  }

  /** Every project, sorted by id. Throws `StoreError` `STORE_CORRUPT` when the file is unreadable. */
  list(): ProjectRecord[] {
    return Object.values(this.#file.read().projects).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The project with `id`, or `undefined`. */
  get(id: string): ProjectRecord | undefined {
    const projects = this.#file.read().projects;
    return Object.prototype.hasOwnProperty.call(projects, id) ? projects[id] : undefined;
  }

  /** The project whose root is the real path of `root`, or `undefined` (also when `root` does not exist). */
  findByRoot(root: string): ProjectRecord | undefined {
    let real: string;
    try {
      real = realpathSync(root);
    } catch {
      return undefined;
    }
    return Object.values(this.#file.read().projects).find((p) => p.root === real);
  }

  /**
   * Registers the folder `input.root`, or returns the project already registered for the same real path
   * (`created: false`, nothing changed). Refuses a relative or missing root, a root that is not a folder,
   * a malformed, reserved or taken id, and a bad name.
   */
  async register(input: RegisterProjectInput): Promise<RegisterProjectResult> {
    const root = realRoot(input?.root);
    const name = displayName(input.name, root);
    if (input.id !== undefined) {
      const problem = projectIdProblem(input.id);
      if (problem !== undefined) throw new ServiceError('invalid_params', `Cannot register ${root}: ${problem}.`, { param: 'id' });
    }
    let result: RegisterProjectResult | undefined;
    await this.#file.update((file) => {
      const existing = Object.values(file.projects).find((p) => p.root === root);
      if (existing !== undefined) {
        result = { project: existing, created: false };
        return;
      }
      const taken = new Set(Object.keys(file.projects));
      let id: string;
      if (input.id !== undefined) {
        if (taken.has(input.id)) {
          throw new ServiceError('invalid_params', `Cannot register ${root} as "${input.id}": that id belongs to ${file.projects[input.id]!.root}. Choose another id, or leave it out to get one.`, { param: 'id' });
        }
        id = input.id;
      } else {
        id = uniqueProjectId(projectIdFromFolderName(basename(root)), taken);
      }
      const project: ProjectRecord = { id, name, root, registeredAt: new Date(this.#now()).toISOString() };
      file.projects[id] = project;
      result = { project, created: true };
    });
    const outcome = result!;
    if (outcome.created) this.#publish('project.registered', outcome.project);
    return { project: { ...outcome.project }, created: outcome.created };
  }

  /** Removes the project `id`; returns the removed record, or `undefined` when there was none. */
  async remove(id: string): Promise<ProjectRecord | undefined> {
    let removed: ProjectRecord | undefined;
    await this.#file.update((file) => {
      if (!Object.prototype.hasOwnProperty.call(file.projects, id)) return;
      removed = file.projects[id];
      delete file.projects[id];
    });
    if (removed !== undefined) this.#publish('project.removed', removed);
    return removed;
  }

  /**
   * Publishes what another process changed: compares projects.json with what this store last saw and
   * publishes `project.registered`/`project.removed` for the differences (the first call only takes note).
   * Changes made through this store are published when made, never twice. Throws `STORE_CORRUPT` like {@link list}.
   */
  sync(): void {
    const now = new Map(this.list().map((p) => [p.id, p] as [string, ProjectRecord]));
    const before = this.#known;
    this.#known = now;
    if (!before) return;
    for (const [id, project] of before) if (now.get(id)?.root !== project.root) this.#emit('project.removed', project);
    for (const [id, project] of now) if (before.get(id)?.root !== project.root) this.#emit('project.registered', project);
  }

  #publish(type: string, project: ProjectRecord): void {
    if (type === 'project.removed') this.#known?.delete(project.id);
    else this.#known?.set(project.id, project);
    this.#emit(type, project);
  }

  #emit(type: string, project: ProjectRecord): void {
    this.#bus?.publish({ type, source: this.#source, scope: { projectId: project.id }, body: { ...project } });
  }
}

function realRoot(root: unknown): string {
  if (typeof root !== 'string' || !isAbsolute(root)) {
    throw new ServiceError('invalid_params', `root must be the absolute path of the project folder, got ${JSON.stringify(root)}. Pass a full path such as "/home/me/web-app".`, { param: 'root' });
  }
  if (root.includes('\0')) throw new ServiceError('invalid_params', 'root must not contain a NUL character. Pass the folder path as it is on disk.', { param: 'root' });
  let real: string;
  try {
    real = realpathSync(root);
  } catch {
    throw new ServiceError('not_found', `The folder ${root} does not exist. Check the path, or create the folder first.`, { param: 'root' });
  }
  if (!statSync(real).isDirectory()) throw new ServiceError('invalid_params', `${root} is not a folder. Register the project's folder, not a file in it.`, { param: 'root' });
  return real;
}

function displayName(name: unknown, root: string): string {
  if (name === undefined) return basename(root) || root;
  // eslint-disable-next-line no-control-regex -- refuses control characters in a display name
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new ServiceError('invalid_params', `name must be a line of 1 to ${MAX_NAME_LENGTH} printable characters, got ${JSON.stringify(name)}. Pass a short display name, or leave it out to use the folder name.`, { param: 'name' });
  }
  return name.trim();
}
