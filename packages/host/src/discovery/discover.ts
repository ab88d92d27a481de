import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../store/index.js';
import type { HostIdentity } from '../identity/host-identity.js';
import type { CachedSection } from './discovery-cache.js';
import { CACHE_FORMAT, freshSection, pruneProjectSections, readDiscoveryCache, storeSection } from './discovery-cache.js';
import type { ResolvedExtension } from './resolve-precedence.js';
import { resolvePrecedence } from './resolve-precedence.js';
import type { CheckPackageJson } from './scan-section.js';
import { scanSection } from './scan-section.js';
import type { SourceSpec } from './sources.js';
import type { DiscoveryDiagnostic, ScannedExtension } from '../package-facts/types.js';
import { ApprovalStore } from '../approvals/approval-store.js';
import { refreshRunDigest } from '../package-facts/run-digest.js';
import { homeTrustProblems } from '../approvals/file-trust.js';
import { pinsRunCode } from '../approvals/code-pinning.js';
import { manifestContextOf } from '../identity/manifest-context.js';
import { newerFormatError } from '../store/file-format.js';

/** Everything discovery needs to know; the host computes it once per process. */
export interface DiscoveryInput {
  identity: HostIdentity;
  home: string;
  /** The project whose package.json lists project-source extensions, if any. */
  projectRoot: string | undefined;
  globalRoots: readonly string[];
  devPaths: readonly string[];
  /** Capability names the host registered beyond the built-in catalog. */
  extraCapabilities: readonly string[];
  /** The host's approval store for this home and project, so the approvals are read once per run (one made here otherwise). */
  approvals?: ApprovalStore;
}

/** What discovery found. */
export interface DiscoveryResult {
  extensions: ResolvedExtension[];
  diagnostics: DiscoveryDiagnostic[];
  /** How many sources were rescanned (0: everything came from the cache). */
  rescanned: number;
}

/** The sources to read, highest precedence first. */
export function sourceSpecs(input: DiscoveryInput): SourceSpec[] {
  const specs: SourceSpec[] = [];
  if (input.projectRoot) specs.push({ kind: 'project', key: `project:${input.projectRoot}`, type: 'project', root: input.projectRoot });
  specs.push({ kind: 'user', key: 'user', type: 'node-modules', dir: join(input.home, 'extensions', 'node_modules') });
  for (const dir of input.globalRoots) specs.push({ kind: 'global', key: `global:${dir}`, type: 'node-modules', dir });
  specs.push({ kind: 'dev', key: 'dev', type: 'paths', paths: [...input.devPaths] });
  return specs;
}

/** Path of the discovery cache. */
export function discoveryCachePath(home: string): string {
  return join(home, 'extensions.json');
}

/**
 * Finds every installed extension. Sources whose folders and package.json files did not move come from
 * `<home>/extensions.json`; only stale ones are rescanned, and only then is the manifest validator loaded.
 */
export async function discoverExtensions(input: DiscoveryInput): Promise<DiscoveryResult> {
  const ctx = manifestContextOf(input.identity, input.extraCapabilities);
  const contextKey = JSON.stringify([ctx.hostId, ctx.hostVersion, ctx.reservedNames, ctx.capabilities]);
  const cachePath = discoveryCachePath(input.home);
  const cache = readDiscoveryCache(cachePath, contextKey);
  const sections: CachedSection[] = [];
  let check: CheckPackageJson | undefined;
  let rescanned = 0;
  const now = Date.now();
  // Only what an approval will be compared with is hashed: the rest is stat'ed, so a cold scan reads each
  // package.json and no bin, and approving later hashes the files the prompt's record saw.
  const approvals = input.approvals ?? new ApprovalStore({ home: input.home, projectRoot: input.projectRoot });
  const { value: stored } = approvals.current();
  const none = Object.keys(stored.extensions).length === 0 && Object.keys(stored.projects).length === 0;
  // A linked folder's code is not pinned (pinsRunCode): nothing of it is hashed.
  const approved = (ext: ScannedExtension) => !none && ext.name !== undefined && pinsRunCode(ext) && approvals.find({ source: ext.source, name: ext.name }) !== undefined;
  let digestsMoved = false;
  for (const spec of sourceSpecs(input)) {
    let section = freshSection(cache, spec);
    if (!section) {
      check ??= (await import('@outboard/manifest/validate')).checkPackageJson;
      section = { spec, usedAt: now, ...scanSection(spec, ctx, check, { hashRunFiles: approved }) };
      cache.sections[spec.key] = storeSection(section);
      rescanned++;
    }
    // What runs is checked by stat on every discovery, rehashed only when a file moved.
    let moved = false;
    for (const ext of section.extensions) {
      if (!ext.runDigest) continue;
      ext.runDigest.checkedAt = now;
      if (approved(ext) && (await refreshRunDigest(ext.dir, ext.runDigest, now))) moved = true;
    }
    if (moved) {
      cache.sections[spec.key] = storeSection(section);
      digestsMoved = true;
    }
    sections.push(section);
  }
  if ((rescanned > 0 || digestsMoved) && cache.newerFormat === undefined) {
    pruneProjectSections(cache);
    try {
      mkdirSync(input.home, { recursive: true, mode: 0o700 });
      writeFileAtomic(cachePath, JSON.stringify(cache), { durable: false, derived: true });
    } catch {
      // A read-only home only costs speed: the next run scans again.
    }
  }
  return {
    extensions: resolvePrecedence(sections.flatMap((s) => s.extensions)),
    diagnostics: [
      ...sections.flatMap((s) => s.diagnostics),
      ...newerCacheProblems(cachePath, cache.newerFormat),
      ...homeTrustProblems(input.home, { approvals: join(input.home, 'approvals.json'), config: join(input.home, 'config.json') }),
    ],
    rescanned,
  };
}

/** A discovery cache in a later format: reported (doctor shows it), scanned around, never written over. */
function newerCacheProblems(cachePath: string, newerFormat: number | undefined): DiscoveryDiagnostic[] {
  if (newerFormat === undefined) return [];
  const refusal = newerFormatError(cachePath, newerFormat, CACHE_FORMAT);
  return [{ path: cachePath, rule: 'home.newer-format', message: `${refusal.message} Discovery scans every source without it.`, fix: refusal.hint ?? '' }];
}
