import { readBoundedJson } from '../store/bounded-json.js';
import { formatOf } from '../store/file-format.js';
import type { SourceSpec } from './sources.js';
import type { DiscoveryDiagnostic, ScannedExtension } from '../package-facts/types.js';
import { isAbsolute, sep } from 'node:path';
import type { StatInput } from '../package-facts/stat-inputs.js';
import { currentIdentity, linkTarget } from '../package-facts/stat-inputs.js';
import { LOAD_FIELDS } from '../package-facts/run-digest.js';

/**
 * Bump when the cached shape changes: an older cache (formats 1 to 3 were shipped) is simply rescanned and
 * replaced, as derived data; a newer one is left alone (see {@link readDiscoveryCache}).
 */
export const CACHE_FORMAT = 4;
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

/**
 * A section as stored: inputs as parallel arrays with paths relative to the source's folder, and records
 * without empty or repeated fields. Half the bytes of the plain shape, and a warm start is mostly parsing it.
 */
export interface StoredSection {
  spec: SourceSpec;
  usedAt: number;
  racy?: boolean;
  base: string;
  paths: string[];
  ids: Array<string | null>;
  /** Symlink targets by input index. */
  links?: Record<string, string>;
  extensions: StoredExtension[];
  diagnostics: DiscoveryDiagnostic[];
}

/**
 * A record as stored. Left out when they hold the usual value (a tenth of the bytes a cold scan writes and a
 * warm one parses): `source` (always the section's kind), `status` when valid, `name` when it is the
 * manifest's, `packageName` when it is the folder's name under the source.
 */
type StoredExtension = Omit<ScannedExtension, 'source' | 'status' | 'name' | 'packageName' | 'warnings' | 'problems' | 'realDir' | 'runDigest'> &
  Partial<Pick<ScannedExtension, 'source' | 'status' | 'packageName' | 'warnings' | 'problems' | 'realDir'>> & {
    name?: string | null;
    runDigest?: { files: Record<string, string>; fields?: Record<string, string | null>; ids?: Record<string, string | null> };
  };

/** The whole cache file. `contextKey` covers everything besides the files that changes a scan's outcome. */
export interface DiscoveryCacheFile {
  format: number;
  contextKey: string;
  sections: Record<string, StoredSection>;
  /** Set (never stored) when the file on disk is in this later format: it is not used and must not be written. */
  newerFormat?: number;
}

function baseOf(spec: SourceSpec): string {
  return spec.type === 'node-modules' ? spec.dir : spec.type === 'project' ? spec.root : '';
}

/** `path` relative to `base` when inside it; `prefix` is `base + sep`, made once per section rather than per path. */
const shorten = (prefix: string, path: string) => (prefix.length > 1 && path.startsWith(prefix) ? path.slice(prefix.length) : path);
const lengthen = (base: string, path: string) => (isAbsolute(path) || !base ? path : base + sep + path);

/** The stored form of a freshly scanned section. */
export function storeSection(section: CachedSection): StoredSection {
  const base = baseOf(section.spec);
  const prefix = base + sep;
  const links: Record<string, string> = {};
  section.inputs.forEach((input, i) => {
    if (input.link !== undefined) links[i] = input.link;
  });
  // Field by field: a rest-spread copy of each record was the largest cost of storing a cold scan.
  const extensions = section.extensions.map((e): StoredExtension => {
    const dir = shorten(prefix, e.dir);
    const out: StoredExtension = { dir, version: e.version, reason: e.reason, manifest: e.manifest, manifestHash: e.manifestHash, enginesRange: e.enginesRange };
    if (e.source !== section.spec.kind) out.source = e.source;
    if (e.status !== 'valid') out.status = e.status;
    // null stands for "no name" where the manifest has one, so leaving the field out always means the manifest's.
    if (e.name !== e.manifest?.name) out.name = e.name ?? null;
    if (e.packageName !== dir) out.packageName = e.packageName;
    if (e.realDir !== e.dir) out.realDir = e.realDir;
    if (e.warnings.length) out.warnings = e.warnings;
    if (e.problems.length) out.problems = e.problems;
    const digest = e.runDigest;
    if (digest) {
      let fields: Record<string, string> | undefined;
      for (const f of LOAD_FIELDS) {
        const v = digest.fields[f];
        if (v !== null && v !== undefined) (fields ??= {})[f] = v;
      }
      const stored: NonNullable<StoredExtension['runDigest']> = { files: digest.files };
      if (fields) stored.fields = fields;
      if (digest.ids) stored.ids = digest.ids;
      out.runDigest = stored;
    }
    return out;
  });
  return {
    spec: section.spec,
    usedAt: section.usedAt,
    ...(section.racy ? { racy: true } : {}),
    base,
    paths: section.inputs.map((i) => shorten(prefix, i.path)),
    ids: section.inputs.map((i) => i.id),
    ...(Object.keys(links).length ? { links } : {}),
    extensions,
    diagnostics: section.diagnostics,
  };
}

function expandSection(stored: StoredSection): CachedSection {
  const { base } = stored;
  // The parsed objects are this call's own: completed in place, not copied (copies were a third of a warm start).
  const extensions = stored.extensions.map((e): ScannedExtension => {
    const record = e as ScannedExtension;
    record.source = e.source ?? stored.spec.kind;
    record.status = e.status ?? 'valid';
    record.name = 'name' in e ? (e.name ?? undefined) : e.manifest?.name;
    record.packageName = e.packageName ?? e.dir;
    record.dir = lengthen(base, e.dir);
    record.realDir = e.realDir ?? record.dir;
    record.warnings = e.warnings ?? [];
    record.problems = e.problems ?? [];
    if (e.runDigest) {
      const fields: Record<string, string | null> = {};
      for (const f of LOAD_FIELDS) fields[f] = e.runDigest.fields?.[f] ?? null;
      record.runDigest = { files: e.runDigest.files, fields, ...(e.runDigest.ids ? { ids: e.runDigest.ids } : {}) };
    }
    return record;
  });
  const inputs: StatInput[] = stored.paths.map((p, i) => {
    const input: StatInput = { path: lengthen(base, p), id: stored.ids[i] ?? null };
    const link = stored.links?.[i];
    if (link !== undefined) input.link = link;
    return input;
  });
  return { spec: stored.spec, usedAt: stored.usedAt, inputs, extensions, diagnostics: stored.diagnostics };
}

function storedInputsUnchanged(stored: StoredSection): boolean {
  const { base, paths, ids } = stored;
  if (!Array.isArray(paths) || !Array.isArray(ids) || paths.length !== ids.length) return false;
  for (let i = 0; i < paths.length; i++) {
    const path = lengthen(base, paths[i] as string);
    if (currentIdentity(path) !== ids[i]) return false;
    const link = stored.links?.[i];
    if (link !== undefined && linkTarget(path) !== link) return false;
  }
  return true;
}

/**
 * Reads the cache; a missing, corrupt or outdated file is an empty cache (it holds derived data only, so it is
 * rebuilt rather than kept aside). A cache in a later format, written by a newer host sharing this home, is
 * an empty cache with `newerFormat` set: the caller scans without it and leaves the file to its writer.
 */
export function readDiscoveryCache(path: string, contextKey: string): DiscoveryCacheFile {
  const empty: DiscoveryCacheFile = { format: CACHE_FORMAT, contextKey, sections: {} };
  // Derived data the host wrote into its own home: bounded in size, not depth-scanned (that scan would cost a
  // third of a warm start); nothing in it is walked recursively before the shape check below.
  const read = readBoundedJson(path, { maxBytes: 256 * 1024 * 1024, maxDepth: Number.POSITIVE_INFINITY });
  if (read.kind !== 'ok') return empty;
  const parsed = read.value as DiscoveryCacheFile | null;
  const format = formatOf(parsed);
  if (format !== undefined && format > CACHE_FORMAT) return { ...empty, newerFormat: format };
  if (typeof parsed !== 'object' || parsed === null || parsed.format !== CACHE_FORMAT || parsed.contextKey !== contextKey || typeof parsed.sections !== 'object' || parsed.sections === null) return empty;
  return parsed;
}

/** The cached section for `spec` when it was made for the same spec and none of its inputs moved. */
export function freshSection(cache: DiscoveryCacheFile, spec: SourceSpec): CachedSection | undefined {
  const section = cache.sections[spec.key];
  if (!section || section.racy || typeof section.base !== 'string' || JSON.stringify(section.spec) !== JSON.stringify(spec)) return undefined;
  return storedInputsUnchanged(section) ? expandSection(section) : undefined;
}

/** Drops the least recently used project sections beyond the limit. */
export function pruneProjectSections(cache: DiscoveryCacheFile): void {
  const projects = Object.entries(cache.sections)
    .filter(([, s]) => s.spec.type === 'project')
    .sort(([, a], [, b]) => b.usedAt - a.usedAt);
  for (const [key] of projects.slice(MAX_PROJECT_SECTIONS)) delete cache.sections[key];
}
