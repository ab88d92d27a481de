/**
 * @outboard/manifest — the light entry: manifest types, constants, the capability catalog, identity,
 * hashing and problem formatting. It loads neither Ajv nor semver, so a host's `--help` path stays fast;
 * validation lives in `@outboard/manifest/validate`, the JSON Schema in `@outboard/manifest/schema`.
 */
export type {
  ActionContribution,
  ActionAnnotations,
  ActionTarget,
  CapabilityRequest,
  CommandEntry,
  Contributes,
  ExtensionManifest,
  HubEntry,
  JsonSchema,
  PeerEntry,
  Permissions,
  ManifestLimits,
  ProjectLink,
  ProviderContribution,
  ProviderKind,
  ListenerContribution,
  AutomationMode,
  AutomationTemplateContribution,
  ViewContribution,
  ViewPlace,
  Runnable,
  SidecarEntry,
  StatusContribution,
} from './types.js';
export type { ManifestContext, ManifestProblem, ManifestResult } from './problem.js';
export { formatProblem } from './problem.js';
export {
  DEFAULT_ACTION_TARGETS,
  DEFAULT_ACTIVATION,
  DEFAULT_IDLE_STOP_MINUTES,
  DEFAULT_SIDECAR_HEADERS_TIMEOUT_SECONDS,
  DEFAULT_SIDECAR_HEALTH,
  RESERVED_WORDS,
  SUPPORTED_API_VERSIONS,
} from './constants.js';
export type { CapabilityInfo } from './capabilities.js';
export { CAPABILITY_CATALOG } from './capabilities.js';
export { isValidSlug } from './slug.js';
export { didYouMean, editDistance, nearestName, suggestionLimit, suggestNames } from './suggest-names.js';
export { HOST_NAMESPACES, contributionIdOwnershipProblem, hostNamespaceOf, ownsContributionId } from './contribution-ids.js';
export { extensionIdentity } from './identity.js';
export { CanonicalHasher, canonicalJson, canonicalSha256, manifestHash } from './manifest-hash.js';
export { sha256 } from './sha256.js';
export type { RunnablePath } from './runnable-paths.js';
export { runnablePaths } from './runnable-paths.js';
export { EVENT_TYPE_GLOB_SOURCE } from './patterns.js';
export { publishableEventTypes } from './listeners.js';
export { escapeControlCharacters } from './visible-escapes.js';
export type { ManifestRule, RuleOutcome } from './rules.js';
export { MANIFEST_RULE_IDS, MANIFEST_RULES } from './rules.js';
export type { JsonPathSegment } from './json-path.js';
export { formatJsonPath } from './json-path.js';
