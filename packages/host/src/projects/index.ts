/** Registered projects: `<home>/projects.json`, ids, and lifecycle events. */
export { ProjectStore } from './project-store.js';
export type { ProjectStoreOptions, RegisterProjectInput, RegisterProjectResult } from './project-store.js';
export type { ProjectRecord, ProjectsFile } from './project-record.js';
export { PROJECT_ID_PATTERN, RESERVED_PROJECT_IDS, projectIdProblem, projectIdFromFolderName, uniqueProjectId } from './project-id.js';
