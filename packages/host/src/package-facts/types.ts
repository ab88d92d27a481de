import type { ExtensionManifest, ManifestProblem } from '@outboard/manifest';
import type { RunDigest } from './run-digest.js';

/** Where an extension was found, highest precedence first in {@link SOURCE_PRECEDENCE}. */
export type SourceKind = 'project' | 'user' | 'global' | 'dev';

/** Sources in precedence order: a package found in an earlier one shadows the same package in a later one. */
export const SOURCE_PRECEDENCE: readonly SourceKind[] = ['project', 'user', 'global', 'dev'];

/** The state every extension is in (DESIGN.md §3). */
export type ExtensionState = 'enabled' | 'disabled' | 'unapproved' | 'incompatible' | 'invalid' | 'conflict' | 'blocked' | 'missing';

/** A problem found while discovering that is not about one manifest field: unreadable JSON, a dangling link. */
export interface DiscoveryDiagnostic {
  /** The file or folder concerned. */
  path: string;
  /** Stable rule id, e.g. `package-json.syntax`. */
  rule: string;
  message: string;
  fix: string;
}

/** One package with an extension block, as read from disk (before precedence and conflicts are applied). */
export interface ScannedExtension {
  source: SourceKind;
  /** The package folder as found (may be a symlink). */
  dir: string;
  /** The package folder with every symlink resolved. */
  realDir: string;
  packageName: string;
  version: string;
  /** The extension slug, when the manifest names one readably. */
  name: string | undefined;
  status: 'valid' | 'invalid' | 'incompatible';
  /** Why it is incompatible (status `incompatible` only). */
  reason: string | undefined;
  /** The manifest, unless it is invalid. */
  manifest: ExtensionManifest | undefined;
  /** Every manifest problem (invalid) or remark (incompatible). */
  problems: ManifestProblem[];
  /** Things that do not stop discovery but that doctor reports (a missing bin). */
  warnings: ManifestProblem[];
  /** Hash of the manifest block and engines range, for approvals. */
  manifestHash: string;
  /** The `engines.<id>` range as written, if any. */
  enginesRange: string | undefined;
  /** What runs beyond the manifest block (runnable files, Node's load fields); absent when the manifest is invalid. */
  runDigest?: RunDigest;
}

/** A copy of the winning package found in a lower-precedence source. */
export interface ShadowedCopy {
  source: SourceKind;
  path: string;
  version: string;
}
