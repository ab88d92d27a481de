import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { ManifestContext, ManifestProblem, ManifestResult } from '@outboard/manifest';
import { manifestHash, runnablePaths } from '@outboard/manifest';
import type { SourceSpec } from './sources.js';
import { listProjectDependencies } from './sources.js';
import type { DiscoveryDiagnostic, ScannedExtension } from './types.js';
import type { StatInput } from './stat-inputs.js';
import { statInput } from './stat-inputs.js';

/** What scanning one source produced, and the files whose change makes it stale. */
export interface SectionScan {
  inputs: StatInput[];
  extensions: ScannedExtension[];
  diagnostics: DiscoveryDiagnostic[];
}

/** The manifest checker, loaded lazily because it brings in the JSON Schema validator. */
export type CheckPackageJson = (pkg: unknown, ctx: ManifestContext) => ManifestResult;

/**
 * Reads one source: lists its candidate package folders, reads each package.json (never running any
 * package code), and checks every extension block. Bad input becomes a diagnostic, never an exception.
 */
export function scanSection(spec: SourceSpec, ctx: ManifestContext, check: CheckPackageJson): SectionScan {
  const scan: SectionScan = { inputs: [], extensions: [], diagnostics: [] };
  for (const dir of candidateDirs(spec, scan)) readCandidate(spec, dir, ctx, check, scan);
  return scan;
}

function candidateDirs(spec: SourceSpec, scan: SectionScan): string[] {
  switch (spec.type) {
    case 'paths':
      return [...spec.paths];
    case 'project': {
      scan.inputs.push(statInput(join(spec.root, 'package.json')));
      return listProjectDependencies(spec.root).map((name) => join(spec.root, 'node_modules', name));
    }
    case 'node-modules': {
      const top = listFolder(spec.dir, scan, false);
      const dirs: string[] = [];
      for (const name of top) {
        if (name.startsWith('.')) continue;
        const full = join(spec.dir, name);
        if (name.startsWith('@')) {
          for (const inner of listFolder(full, scan, true)) if (!inner.startsWith('.')) dirs.push(join(full, inner));
        } else {
          dirs.push(full);
        }
      }
      return dirs;
    }
  }
}

/** Lists a folder and records its mtime; a missing source folder is simply empty. */
function listFolder(dir: string, scan: SectionScan, reportMissing: boolean): string[] {
  scan.inputs.push(statInput(dir));
  try {
    return readdirSync(dir).sort();
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

function readCandidate(spec: SourceSpec, dir: string, ctx: ManifestContext, check: CheckPackageJson, scan: SectionScan): void {
  const pkgPath = join(dir, 'package.json');
  scan.inputs.push(statInput(pkgPath));
  const linkProblem = danglingLink(dir);
  if (linkProblem) {
    scan.diagnostics.push(linkProblem);
    return;
  }
  let text: string;
  try {
    text = readFileSync(pkgPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A node_modules entry without package.json is not a package (npm's own leftovers); a listed one is a problem.
    if (code === 'ENOENT' && spec.type === 'node-modules') return;
    scan.diagnostics.push({
      path: pkgPath,
      rule: code === 'ENOENT' ? 'package-json.missing' : 'package-json.unreadable',
      message: code === 'ENOENT' ? 'no package.json in this package folder' : `cannot read package.json (${code ?? String(error)})`,
      fix: spec.kind === 'dev' ? `fix the path or run \`${ctx.hostId} extensions unlink ${dir}\`` : 'reinstall the package (npm install)',
    });
    return;
  }
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch (error) {
    scan.diagnostics.push({
      path: pkgPath,
      rule: 'package-json.syntax',
      message: `package.json is not valid JSON (${(error as Error).message})`,
      fix: 'fix the JSON syntax or reinstall the package',
    });
    return;
  }
  const result = check(pkg, ctx);
  if (result.kind === 'not-extension') return;
  const record = recordFrom(spec, dir, pkg, result, ctx);
  checkFilesOnDisk(record, ctx.hostId);
  scan.extensions.push(record);
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

function recordFrom(spec: SourceSpec, dir: string, pkg: unknown, result: Exclude<ManifestResult, { kind: 'not-extension' }>, ctx: ManifestContext): ScannedExtension {
  const p = pkg as Record<string, unknown>;
  const engines = p.engines as Record<string, unknown> | undefined;
  const range = engines && typeof engines[ctx.hostId] === 'string' ? (engines[ctx.hostId] as string) : undefined;
  let realDir = dir;
  try {
    realDir = realpathSync(dir);
  } catch {
    // kept as found
  }
  const packageName = typeof p.name === 'string' ? p.name : '<unnamed package>';
  const base = {
    source: spec.kind,
    dir,
    realDir,
    packageName,
    version: typeof p.version === 'string' ? p.version : '0.0.0',
    warnings: [] as ManifestProblem[],
    manifestHash: manifestHash(pkg, ctx.hostId),
    enginesRange: range,
  };
  switch (result.kind) {
    case 'invalid':
      return { ...base, name: result.name, status: 'invalid', reason: undefined, manifest: undefined, problems: result.problems };
    case 'incompatible':
      return { ...base, name: result.manifest.name, status: 'incompatible', reason: result.reason, manifest: result.manifest, problems: result.problems };
    case 'valid':
      return { ...base, name: result.manifest.name, status: 'valid', reason: undefined, manifest: result.manifest, problems: [] };
  }
}

/**
 * The checks the pure manifest package cannot make: a file reached through a symlink that leaves the
 * package is invalid; a missing configSchema is invalid; a missing bin is a warning (running it is refused).
 */
function checkFilesOnDisk(record: ScannedExtension, hostId: string): void {
  if (!record.manifest) return;
  for (const { path, file } of runnablePaths(record.manifest, hostId)) {
    const full = join(record.dir, file);
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
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
    const rel = relative(record.realDir, real);
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
}

function invalidate(record: ScannedExtension, problem: ManifestProblem): void {
  record.problems.push(problem);
  record.status = 'invalid';
  record.manifest = undefined;
  record.reason = undefined;
}
