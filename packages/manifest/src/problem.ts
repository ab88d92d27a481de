import type { ExtensionManifest } from './types.js';

/** What the validator needs to know about the host that will run the extension. */
export interface ManifestContext {
  /** Host id, e.g. `outboard`: the block is `pkg[hostId].extension`, the range `pkg.engines[hostId]`. */
  hostId: string;
  /** Running host version (semver), matched against `engines[hostId]` with prereleases included. */
  hostVersion: string;
  /** The host's built-in command names and aliases; no extension or command may take one. */
  reservedNames: readonly string[];
  /** Extra capability names the host registered, accepted besides `CAPABILITY_CATALOG`. */
  capabilities?: readonly string[];
  /** apiVersions the host supports (default `[1]`); each must be in `SUPPORTED_API_VERSIONS`. */
  apiVersions?: readonly number[];
}

/** One thing wrong with a manifest, reported on one line by `formatProblem`. */
export interface ManifestProblem {
  /** package.json `name`, or `<unnamed package>`. */
  packageName: string;
  /** JSON path into package.json, e.g. `$.outboard.extension.commands[0].bin`. */
  path: string;
  /** Stable rule id, e.g. `name.slug` (see `MANIFEST_RULES`). */
  rule: string;
  /** What is wrong, one sentence. */
  message: string;
  /** What to do, one sentence. */
  fix: string;
}

/**
 * The outcome of checking one package.json. `incompatible` manifests are well-formed but cannot run on
 * this host (unknown apiVersion, engines range excluding the running version); they are listed, never run.
 * For an unknown apiVersion only `name` was checked, so `manifest` is the block as declared.
 */
export type ManifestResult =
  | { kind: 'not-extension' }
  | { kind: 'invalid'; name?: string; problems: ManifestProblem[] }
  | { kind: 'incompatible'; manifest: ExtensionManifest; reason: string; problems: ManifestProblem[] }
  | { kind: 'valid'; manifest: ExtensionManifest };

/** One line: `<pkg>: <path>: <message> [<rule>] — fix: <fix>`. */
export function formatProblem(p: ManifestProblem): string {
  return `${p.packageName}: ${p.path}: ${p.message} [${p.rule}] — fix: ${p.fix}`;
}
