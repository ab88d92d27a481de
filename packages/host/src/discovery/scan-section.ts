import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { ExtensionManifest, ManifestContext, ManifestResult, RunnablePath } from '@outboard/manifest';
import { CanonicalHasher, runnablePaths } from '@outboard/manifest';
import type { SourceSpec } from './sources.js';
import { listProjectDependencies } from './sources.js';
import type { DiscoveryDiagnostic, ScannedExtension } from '../package-facts/types.js';
import type { BoundedReadFailure } from '../store/bounded-json.js';
import { parseBoundedJson, readBoundedFile } from '../store/bounded-json.js';
import type { StatInput } from '../package-facts/stat-inputs.js';
import { currentIdentity, identityOf, isRacy, isRacyCtime, statInput } from '../package-facts/stat-inputs.js';
import { scanRunDigest } from '../package-facts/run-digest.js';
import type { FileLook } from './package-files.js';
import { judgeFiles, lookAtFiles } from './package-files.js';

/** What scanning one source produced, and the files whose change makes it stale. */
export interface SectionScan {
  inputs: StatInput[];
  /** True when an input changed too close to the scan for its identity to prove anything: rescan next time. */
  racy?: boolean;
  extensions: ScannedExtension[];
  diagnostics: DiscoveryDiagnostic[];
}

/** Options of {@link scanSection}. */
export interface ScanOptions {
  /** Which extensions get their runnable files hashed now (those an approval will be compared with). Default: all. */
  hashRunFiles?: (ext: ScannedExtension) => boolean;
}

/** The manifest checker, loaded lazily because it brings in the JSON Schema validator. */
export type CheckPackageJson = (pkg: unknown, ctx: ManifestContext) => ManifestResult;

/**
 * Reads one source: lists its candidate package folders, reads each package.json (never running any
 * package code), and checks every extension block. Bad input becomes a diagnostic, never an exception.
 */
export function scanSection(spec: SourceSpec, ctx: ManifestContext, check: CheckPackageJson, options: ScanOptions = {}): SectionScan {
  const startedAt = Date.now();
  const scan: SectionScan = { inputs: [], extensions: [], diagnostics: [] };
  const state: ScanState = { spec, ctx, check, scan, hash: options.hashRunFiles ?? (() => true), startedAt, hasher: new CanonicalHasher() };
  const candidates = candidateDirs(spec, scan);
  // The inputs so far are the folders; each package.json is checked as it is read, from its stat.
  if (scan.inputs.some((i) => isRacy(i.id, startedAt))) scan.racy = true;
  for (const candidate of candidates) {
    const found = examine(state, candidate);
    if (found) finish(state, found, lookAtFiles(found.record.realDir, found.paths));
  }
  return scan;
}

/** An extension found in a package, waiting for the disk checks of the files its manifest names. */
interface Found {
  record: ScannedExtension;
  pkg: Record<string, unknown>;
  /** The manifest's files, listed once for the disk checks and the run digest. */
  paths: RunnablePath[];
}

/** What every package of one scan shares. */
interface ScanState {
  spec: SourceSpec;
  ctx: ManifestContext;
  check: CheckPackageJson;
  scan: SectionScan;
  hash: (ext: ScannedExtension) => boolean;
  /** Wall-clock ms when the scan started: inputs changed after it are racy. */
  startedAt: number;
  /** This scan's manifest hasher: one buffer for every package.json of the section. */
  hasher: CanonicalHasher;
}

/** A package folder to read; `realDir` is known without a realpath when it is a plain folder of a resolved parent. */
interface Candidate {
  dir: string;
  realDir?: string;
}

function candidateDirs(spec: SourceSpec, scan: SectionScan): Candidate[] {
  switch (spec.type) {
    case 'paths':
      // A dev path is often a symlink: its target is an input too, so re-pointing it is seen.
      for (const path of spec.paths) scan.inputs.push(statInput(path, true));
      return spec.paths.map((dir) => ({ dir }));
    case 'project': {
      scan.inputs.push(statInput(join(spec.root, 'package.json')));
      // Watch node_modules and each scope folder: replacing or re-linking a dependency changes their entries.
      const modules = join(spec.root, 'node_modules');
      scan.inputs.push(statInput(modules));
      const names = listProjectDependencies(spec.root);
      for (const scope of new Set(names.filter((n) => n.startsWith('@')).map((n) => n.split('/')[0] as string))) scan.inputs.push(statInput(join(modules, scope)));
      return names.map((name) => ({ dir: join(modules, name) }));
    }
    case 'node-modules': {
      const dirs: Candidate[] = [];
      for (const entry of listFolder(spec.dir, scan, false)) {
        if (entry.name.startsWith('.')) continue;
        if (entry.name.startsWith('@')) {
          for (const inner of listFolder(entry.dir, scan, true)) if (!inner.name.startsWith('.')) dirs.push(inner);
        } else {
          dirs.push(entry);
        }
      }
      return dirs;
    }
  }
}

/**
 * Lists a folder and records its identity; a missing source folder is simply empty. The folder is resolved
 * once, so a plain sub-folder's real path needs no realpath of its own (the bulk of a cold scan otherwise).
 */
function listFolder(dir: string, scan: SectionScan, reportMissing: boolean): Array<Candidate & { name: string }> {
  scan.inputs.push(statInput(dir));
  try {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let realParent: string | undefined;
    try {
      realParent = realpathSync.native(dir);
    } catch {
      realParent = undefined;
    }
    return entries.map((e) => {
      // Plain concatenation: readdir names hold no separator and the folders are normalised (join costs a tenth of a scan).
      const full = `${dir}${sep}${e.name}`;
      return realParent && e.isDirectory() ? { name: e.name, dir: full, realDir: `${realParent}${sep}${e.name}` } : { name: e.name, dir: full };
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !reportMissing) return [];
    scan.diagnostics.push({
      path: dir,
      rule: 'folder.unreadable',
      message: `cannot read the folder (${code ?? String(error)})`,
      fix: code === 'ENOTDIR' ? 'remove the file that stands where a folder is expected' : `check its permissions (ls -ld ${dir})`,
    });
    return [];
  }
}

/** Reads and checks one package.json; undefined when it holds no extension (or cannot be used: a diagnostic then). */
function examine(state: ScanState, candidate: Candidate): Found | undefined {
  const { spec, ctx, check, scan, startedAt } = state;
  const { dir } = candidate;
  const pkgPath = `${dir}${sep}package.json`;
  const file = readBoundedFile(pkgPath);
  const read = file.kind === 'ok' ? parseBoundedJson(file.text) : file;
  // The identity is the fstat of the descriptor read, so what was read and what is recorded are one file.
  const id = file.kind === 'ok' ? identityOf(file.stat) : currentIdentity(pkgPath);
  scan.inputs.push({ path: pkgPath, id });
  if (!scan.racy && (file.kind === 'ok' ? isRacyCtime(file.stat.ctimeMs, startedAt) : isRacy(id, startedAt))) scan.racy = true;
  if (read.kind !== 'ok') {
    // Only a package.json that cannot be read can sit behind a dangling link: checked then, not for every package.
    const linkProblem = read.kind === 'missing' ? danglingLink(dir) : undefined;
    if (linkProblem) {
      scan.diagnostics.push(linkProblem);
      return undefined;
    }
    // A node_modules entry without package.json is not a package (npm's own leftovers); a listed one is a problem.
    if (read.kind === 'missing' && spec.type === 'node-modules') return undefined;
    scan.diagnostics.push(packageJsonProblem(pkgPath, read, spec.kind === 'dev' ? `fix the path or run \`${ctx.hostId} extensions unlink ${dir}\`` : 'reinstall the package (npm install)'));
    return undefined;
  }
  const pkg = read.value;
  const result = check(pkg, ctx);
  if (result.kind === 'not-extension') return undefined;
  const record = recordFrom(spec, candidate, pkg, result, ctx, state.hasher);
  // An invalid manifest's files are checked too (runnablePaths tolerates any shape), so doctor reports every
  // problem of a package in one run instead of the missing files only after the manifest is mended.
  const block = record.manifest ?? ((pkg as Record<string, Record<string, unknown> | undefined>)[ctx.hostId]?.extension as ExtensionManifest | undefined);
  return { record, pkg: pkg as Record<string, unknown>, paths: block ? runnablePaths(block, ctx.hostId) : [] };
}

/** Judges what the disk showed of a found extension's files, digests what runs, and keeps the record. */
function finish(state: ScanState, { record, pkg, paths }: Found, looks: readonly FileLook[]): void {
  const knownIds = judgeFiles(record, paths, looks);
  // A missing file is an input of the scan: adding it changes its identity, so the problem is not kept from a cache.
  looks.forEach((look, i) => {
    if (look.kind === 'missing') state.scan.inputs.push({ path: `${record.realDir}${sep}${(paths[i] as RunnablePath).file}`, id: null });
  });
  if (record.manifest) record.runDigest = scanRunDigest(record.dir, pkg, paths, { hash: state.hash(record), startedAt: state.startedAt, knownIds });
  state.scan.extensions.push(record);
}

/** One diagnostic for a package.json that cannot be used, whatever the reason. */
function packageJsonProblem(path: string, read: BoundedReadFailure, reinstall: string): DiscoveryDiagnostic {
  switch (read.kind) {
    case 'missing':
      return { path, rule: 'package-json.missing', message: 'no package.json in this package folder', fix: reinstall };
    case 'not-file':
      return { path, rule: 'package-json.not-a-file', message: `package.json ${read.message}`, fix: `remove it and ${reinstall}` };
    case 'too-large':
    case 'too-deep':
      return { path, rule: `package-json.${read.kind}`, message: `package.json ${read.message}; it was not read`, fix: `remove the package or ${reinstall}` };
    case 'syntax':
      return { path, rule: 'package-json.syntax', message: `package.json ${read.message}`, fix: 'fix the JSON syntax or reinstall the package' };
    case 'unreadable':
      return { path, rule: 'package-json.unreadable', message: `package.json ${read.message}`, fix: reinstall };
  }
}

function danglingLink(dir: string): DiscoveryDiagnostic | undefined {
  try {
    if (!lstatSync(dir).isSymbolicLink()) return undefined;
  } catch {
    return undefined; // absent altogether: reported as a missing package.json by the caller
  }
  try {
    statSync(dir);
    return undefined;
  } catch (error) {
    const loops = (error as NodeJS.ErrnoException).code === 'ELOOP';
    return {
      path: dir,
      rule: 'package.dangling-link',
      message: loops ? 'the symlink loops' : 'the symlink points at nothing',
      fix: `remove the link (rm ${dir}) or recreate its target`,
    };
  }
}

function recordFrom(spec: SourceSpec, { dir, realDir: knownRealDir }: Candidate, pkg: unknown, result: Exclude<ManifestResult, { kind: 'not-extension' }>, ctx: ManifestContext, hasher: CanonicalHasher): ScannedExtension {
  const p = pkg as Record<string, unknown>;
  const engines = p.engines as Record<string, unknown> | undefined;
  const range = engines && typeof engines[ctx.hostId] === 'string' ? (engines[ctx.hostId] as string) : undefined;
  let realDir = knownRealDir ?? dir;
  if (knownRealDir === undefined) {
    try {
      realDir = realpathSync.native(dir);
    } catch {
      // kept as found
    }
  }
  // One literal per record, every field in place: spreading a shared base cost more than the manifest check.
  const invalid = result.kind === 'invalid';
  return {
    source: spec.kind,
    dir,
    realDir,
    packageName: typeof p.name === 'string' ? p.name : '<unnamed package>',
    version: typeof p.version === 'string' ? p.version : '0.0.0',
    warnings: [],
    manifestHash: hasher.manifestHash(pkg, ctx.hostId),
    enginesRange: range,
    name: invalid ? result.name : result.manifest.name,
    status: result.kind,
    reason: result.kind === 'incompatible' ? result.reason : undefined,
    manifest: invalid ? undefined : result.manifest,
    problems: result.kind === 'valid' ? [] : result.problems,
  };
}
