/** One registered project: a repository folder the host knows by a short id. */
export interface ProjectRecord {
  /** Slug, unique among projects (see `PROJECT_ID_PATTERN`); stable across renames. */
  id: string;
  /** Display name; defaults to the folder name. */
  name: string;
  /** Absolute real path of the folder (symlinks resolved). */
  root: string;
  /** When it was registered: ISO 8601 UTC. */
  registeredAt: string;
}

/** The format of projects.json this version reads and writes (see store/file-format.ts); 1 is the only one shipped. */
export const PROJECTS_FORMAT = 1;

/** `<home>/projects.json`. */
export interface ProjectsFile {
  format: 1;
  /** Projects by id. */
  projects: Record<string, ProjectRecord>;
}

/** A fresh, empty projects file. */
export function emptyProjects(): ProjectsFile {
  return { format: 1, projects: {} };
}

/** Shape check used when reading projects.json; a file failing it is reported as corrupt and kept aside on the next write. */
export function checkProjectsShape(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the top level must be an object';
  const file = value as Partial<ProjectsFile>;
  if (file.format !== 1) return `unknown format ${JSON.stringify(file.format)} (expected 1)`;
  if (typeof file.projects !== 'object' || file.projects === null || Array.isArray(file.projects)) return '"projects" must be an object';
  for (const [id, record] of Object.entries(file.projects)) {
    const r = record as Partial<ProjectRecord> | null;
    if (typeof r !== 'object' || r === null || r.id !== id || typeof r.name !== 'string' || typeof r.root !== 'string' || typeof r.registeredAt !== 'string') {
      return `project ${JSON.stringify(id)} must be { id: "${id}", name, root, registeredAt }`;
    }
  }
  return undefined;
}
