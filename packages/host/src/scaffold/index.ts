/** Scaffolding: the templates of a new extension package (data) and the one function that writes them. */
export { createExtension } from './create-extension.js';
export type { CreateExtensionInput, CreateExtensionResult } from './create-extension.js';
export { MANIFEST_SCHEMA_PATH, SDK_RANGE, scaffoldFiles, scaffoldPackageJson, withSdk } from './scaffold-files.js';
export type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';
