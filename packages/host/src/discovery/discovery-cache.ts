import { readBoundedJson } from '../store/bounded-json.js';
import type { SourceSpec } from './sources.js';
import type { DiscoveryDiagnostic, ScannedExtension } from './types.js';
import type { StatInput } from './stat-inputs.js';
import { inputsUnchanged } from './stat-inputs.js';

/** Bump when the cached shape changes: an older cache is then simply rescanned. */
const CACHE_FORMAT = 2;
/** Project sections kept for the most recently used projects; older ones are dropped. */
const MAX_PROJECT_SECTIONS = 16;

/** One source's scan as stored in `<home>/extensions.json`. */
export interface CachedSection {
  spec: SourceSpec;
  usedAt: number;
  inputs: StatInput[];
  /** Set when an input changed within a timestamp tick of the scan: the section is rescanned next time. */
  racy?: boolean;
  extensions: ScannedExtension[];
  diagnostics: DiscoveryDiagnostic[];
}

/** The whole cache file. `contextKey` covers everything besides the files that changes a scan's outcome. */
export interface DiscoveryCacheFile {
  format: number;
  contextKey: string;
  sections: Record<string, CachedSection>;
}

/**
 * Reads the cache; a missing, corrupt or outdated file is an empty cache (it holds derived data only, so it is
 * rebuilt rather than kept aside).
 */
export function readDiscoveryCache(path: string, contextKey: string): DiscoveryCacheFile {
  const empty: DiscoveryCacheFile = { format: CACHE_FORMAT, contextKey, sections: {} };
  const read = readBoundedJson(path, { maxBytes: 256 * 1024 * 1024 });
  if (read.kind !== 'ok') return empty;
  const parsed = read.value as DiscoveryCacheFile | null;
  if (typeof parsed !== 'object' || parsed === null || parsed.format !== CACHE_FORMAT || parsed.contextKey !== contextKey || typeof parsed.sections !== 'object' || parsed.sections === null) return empty;
  return parsed;
}

/** The cached section for `spec` when it was made for the same spec and none of its inputs moved. */
export function freshSection(cache: DiscoveryCacheFile, spec: SourceSpec): CachedSection | undefined {
  const section = cache.sections[spec.key];
  if (!section || section.racy || JSON.stringify(section.spec) !== JSON.stringify(spec)) return undefined;
  return inputsUnchanged(section.inputs) ? section : undefined;
}

/** Drops the least recently used project sections beyond the limit. */
export function pruneProjectSections(cache: DiscoveryCacheFile): void {
  const projects = Object.entries(cache.sections)
    .filter(([, s]) => s.spec.type === 'project')
    .sort(([, a], [, b]) => b.usedAt - a.usedAt);
  for (const [key] of projects.slice(MAX_PROJECT_SECTIONS)) delete cache.sections[key];
}
