import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { ManifestContext, ManifestProblem, ManifestResult, RunnablePath } from '@outboard/manifest';
import { manifestHash, runnablePaths } from '@outboard/manifest';
import type { SourceSpec } from './sources.js';
import { listProjectDependencies } from './sources.js';
import type { DiscoveryDiagnostic, ScannedExtension } from './types.js';
import { readBoundedJson } from '../store/bounded-json.js';
import type { StatInput } from './stat-inputs.js';
import { currentIdentity, identityOf, isRacy, isRacyCtime, statInput } from './stat-inputs.js';
import { pathMap, scanRunDigest } from './run-digest.js';

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
  const state: ScanState = { spec, ctx, check, scan, hash: options.hashRunFiles ?? (() => true), startedAt };
  const candidates = candidateDirs(spec, scan);
  // The inputs so far are the folders; each package.json is checked as it is read, from its stat.
  if (scan.inputs.some((i) => isRacy(i.id, startedAt))) scan.racy = true;
  for (const c of candidates) readCandidate(state, c);
  return scan;
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

function readCandidate(state: ScanState, candidate: Candidate): void {
  const { spec, ctx, check, scan, startedAt } = state;
  const { dir } = candidate;
  const pkgPath = `${dir}${sep}package.json`;
  // The identity is the fstat of the descriptor read, so what was read and what is recorded are one file.
  const read = readBoundedJson(pkgPath);
  const id = read.kind === 'ok' ? identityOf(read.stat) : currentIdentity(pkgPath);
  scan.inputs.push({ path: pkgPath, id });
  if (!scan.racy && (read.kind === 'ok' ? isRacyCtime(read.stat.ctimeMs, startedAt) : isRacy(id, startedAt))) scan.racy = true;
  if (read.kind !== 'ok') {
    // Only a package.json that cannot be read can sit behind a dangling link: checked then, not for every package.
    const linkProblem = read.kind === 'missing' ? danglingLink(dir) : undefined;
    if (linkProblem) {
      scan.diagnostics.push(linkProblem);
      return;
    }
    // A node_modules entry without package.json is not a package (npm's own leftovers); a listed one is a problem.
    if (read.kind === 'missing' && spec.type === 'node-modules') return;
    scan.diagnostics.push(packageJsonProblem(pkgPath, read, spec.kind === 'dev' ? `fix the path or run \`${ctx.hostId} extensions unlink ${dir}\`` : 'reinstall the package (npm install)'));
    return;
  }
  const pkg = read.value;
  const result = check(pkg, ctx);
  if (result.kind === 'not-extension') return;
  const record = recordFrom(spec, candidate, pkg, result, ctx);
  // The manifest's files, listed once for the disk checks and the run digest.
  const paths = record.manifest ? runnablePaths(record.manifest, ctx.hostId) : [];
  const knownIds = checkFilesOnDisk(record, paths);
  if (record.manifest) record.runDigest = scanRunDigest(dir, pkg as Record<string, unknown>, paths, { hash: state.hash(record), startedAt, knownIds });
  scan.extensions.push(record);
}

/** One diagnostic for a package.json that cannot be used, whatever the reason. */
function packageJsonProblem(path: string, read: Exclude<ReturnType<typeof readBoundedJson>, { kind: 'ok' }>, reinstall: string): DiscoveryDiagnostic {
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

function recordFrom(spec: SourceSpec, { dir, realDir: knownRealDir }: Candidate, pkg: unknown, result: Exclude<ManifestResult, { kind: 'not-extension' }>, ctx: ManifestContext): ScannedExtension {
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
    manifestHash: manifestHash(pkg, ctx.hostId),
    enginesRange: range,
    name: invalid ? result.name : result.manifest.name,
    status: result.kind,
    reason: result.kind === 'incompatible' ? result.reason : undefined,
    manifest: invalid ? undefined : result.manifest,
    problems: result.kind === 'valid' ? [] : result.problems,
  };
}

/**
 * The checks the pure manifest package cannot make: a file reached through a symlink that leaves the
 * package is invalid; a missing configSchema is invalid; a missing bin is a warning (running it is refused).
 */
function checkFilesOnDisk(record: ScannedExtension, paths: readonly RunnablePath[]): Record<string, string | null> {
  // The identities seen on the way (no symlink, so lstat is stat): the run digest need not stat them again.
  const ids = pathMap<string | null>();
  for (const { path, file } of paths) {
    const full = `${record.dir}${sep}${file}`;
    let real: string;
    let regular: boolean;
    try {
      const inside = realPathInside(record.realDir, file);
      real = inside?.path ?? realpathSync.native(full);
      regular = inside ? inside.stat.isFile() : isRegularFile(real);
      if (inside) ids[file] = identityOf(inside.stat);
    } catch {
      ids[file] = null;
      const isSchema = path.endsWith('.configSchema');
      const problem: ManifestProblem = {
        packageName: record.packageName,
        path,
        rule: isSchema ? 'configSchema.missing' : 'file.missing',
        message: `${file} does not exist in the package`,
        fix: isSchema ? `add ${file} or remove configSchema` : `add ${file} to the package (and to its "files" list) or fix the path`,
      };
      if (isSchema) invalidate(record, problem);
      else record.warnings.push(problem);
      continue;
    }
    if (!regular) {
      const problem: ManifestProblem = { packageName: record.packageName, path, rule: 'file.not-a-file', message: `${file} is not a regular file`, fix: `ship ${file} as a regular file` };
      if (path.endsWith('.configSchema')) invalidate(record, problem);
      else record.warnings.push(problem);
      continue;
    }
    // A path resolved component by component without a symlink is inside by construction.
    const rel = ids[file] !== undefined ? '' : relative(record.realDir, real);
    if (rel.startsWith('..') || isAbsolute(rel)) {
      invalidate(record, {
        packageName: record.packageName,
        path,
        rule: 'path.symlink-escape',
        message: `${file} resolves through a symlink to ${real}, outside the package`,
        fix: 'ship the file inside the package instead of linking to it',
      });
    }
  }
  return ids;
}

/**
 * The real path of `file` inside a package whose folder is already resolved, when no component of `file`
 * is a symlink (one lstat per component inside the package, instead of a realpath walk from the root);
 * undefined when one is a link (the caller then resolves fully). Throws when a component is missing.
 */
function realPathInside(realDir: string, file: string): { path: string; stat: Stats } | undefined {
  let at = realDir;
  let stat: Stats | undefined;
  for (const part of file.split('/')) {
    at = `${at}${sep}${part}`;
    stat = lstatSync(at);
    if (stat.isSymbolicLink()) return undefined;
  }
  return stat ? { path: at, stat } : undefined;
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function invalidate(record: ScannedExtension, problem: ManifestProblem): void {
  record.problems.push(problem);
  record.status = 'invalid';
  record.manifest = undefined;
  record.reason = undefined;
}
