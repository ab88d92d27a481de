/**
 * @outboard/manifest/validate — the manifest validator. Kept apart from the light entry because it
 * loads semver and the precompiled JSON Schema validator; a host imports it only when it must check.
 */
export { checkPackageJson } from './check-package-json.js';
export type { ManifestContext, ManifestProblem, ManifestResult } from '../problem.js';
