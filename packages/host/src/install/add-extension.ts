import { existsSync, rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { homedir } from 'node:os';
import type { ManifestProblem } from '@outboard/manifest';
import { withFileLock } from '../store/index.js';
import { scanSection } from '../discovery/scan-section.js';
import type { CheckPackageJson } from '../discovery/scan-section.js';
import type { ScannedExtension } from '../package-facts/types.js';
import type { HostIdentity } from '../identity/host-identity.js';
import { runNpm } from './npm-runner.js';
import { UserExtensionsFolder } from './user-extensions-folder.js';
import { manifestContextOf } from '../identity/manifest-context.js';

/** Input of {@link addExtension}. */
export interface AddExtensionInput {
  identity: HostIdentity;
  home: string;
  /** What to install: a registry name (with optional version), a tarball, or a folder (`./dir` or absolute: see {@link npmSpec}). */
  spec: string;
  /** Resolves a relative tarball or folder spec. */
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Where npm's progress goes. Default: stderr. */
  output?: NodeJS.WritableStream;
  extraCapabilities?: readonly string[];
}

/** What `add` did. */
export type AddExtensionResult =
  | { kind: 'installed'; extension: ScannedExtension }
  /** Installed then removed again: not an extension, or an invalid one. Nothing is left behind. */
  | { kind: 'rejected'; packageName: string; reason: string; problems: ManifestProblem[] };

/**
 * Installs a package into `<home>/extensions` with npm (lifecycle scripts off), then checks what arrived.
 * A package that is not an extension, or is invalid, is uninstalled again and the reason returned, so
 * nothing is left half-installed. Concurrent adds serialise on the folder's package.json lock.
 */
export async function addExtension(input: AddExtensionInput): Promise<AddExtensionResult> {
  const folder = new UserExtensionsFolder(input.home, input.identity.id);
  // A first add that fails must not leave the package.json it created behind ("nothing was changed").
  const firstAdd = !existsSync(folder.packageJsonPath);
  folder.ensure();
  const { checkPackageJson: check } = await import('@outboard/manifest/validate');
  const spec = npmSpec(input.spec, input.cwd);
  return withFileLock(folder.packageJsonPath, async () => {
    const before = folder.dependencies();
    const restore = folder.backup();
    const npm = { prefix: folder.dir, ...(input.env ? { env: input.env } : {}), ...(input.output ? { output: input.output } : {}) };
    try {
      await runNpm(['install', '--save', spec], npm);
    } catch (error) {
      restore();
      if (firstAdd && Object.keys(folder.dependencies()).length === 0) rmSync(folder.packageJsonPath, { force: true });
      throw error;
    }
    const after = folder.dependencies();
    // Own keys only: a package may be named `constructor` or `toString`.
    const wasThere = (n: string): boolean => Object.prototype.hasOwnProperty.call(before, n);
    const packageName = Object.keys(after).find((n) => !wasThere(n)) ?? Object.keys(after).find((n) => after[n] !== before[n]) ?? guessName(input.spec, after);
    if (!packageName) throw new Error(`npm installed ${input.spec} but no dependency changed in ${folder.packageJsonPath}`);
    const scanned = checkInstalled(input, folder.packageDir(packageName), check);
    if (scanned.kind === 'ok') return { kind: 'installed', extension: scanned.extension };
    // Undo: a new package is uninstalled; an upgrade goes back to what the lock file had.
    if (wasThere(packageName)) {
      restore();
      await runNpm(['install'], npm);
    } else {
      await runNpm(['uninstall', '--save', packageName], npm);
    }
    return { kind: 'rejected', packageName, reason: scanned.reason, problems: scanned.problems };
  }, { timeoutMs: 10 * 60_000, staleMs: 15 * 60_000 });
}

/**
 * The spec npm is given, read as npm reads it: a bare name (`outboard-git`, `@acme/git@1.2`) means the
 * registry even when a folder of that name exists here; a folder or tarball needs `./`, `../`, `~/` or an
 * absolute path (resolved against `cwd`, since npm runs in the extensions folder). A `.tgz`/`.tar.gz`/`.tar`
 * file that exists is a tarball, as in npm.
 */
export function npmSpec(spec: string, cwd: string): string {
  if (spec.startsWith('file:')) return `file:${resolve(cwd, spec.slice('file:'.length))}`;
  const looksLikePath = /^(\.{1,2}([\\/]|$)|~[\\/]|[\\/])/.test(spec) || isAbsolute(spec);
  if (looksLikePath) return resolve(cwd, spec.startsWith('~/') ? join(homedir(), spec.slice(2)) : spec);
  if (/\.(tgz|tar\.gz|tar)$/i.test(spec) && existsSync(resolve(cwd, spec))) return resolve(cwd, spec);
  return spec;
}

function guessName(spec: string, deps: Record<string, string>): string | undefined {
  const bare = spec.startsWith('@') ? `@${spec.slice(1).split('@')[0]}` : spec.split('@')[0];
  return bare && bare in deps ? bare : undefined;
}

type Checked = { kind: 'ok'; extension: ScannedExtension } | { kind: 'bad'; reason: string; problems: ManifestProblem[] };

function checkInstalled(input: AddExtensionInput, dir: string, check: CheckPackageJson): Checked {
  const ctx = manifestContextOf(input.identity, input.extraCapabilities ?? []);
  const scan = scanSection({ kind: 'user', key: 'add', type: 'paths', paths: [dir] }, ctx, check);
  const ext = scan.extensions[0];
  if (!ext) {
    const d = scan.diagnostics[0];
    return { kind: 'bad', reason: d ? `${d.message} (${d.path})` : `it is not an ${input.identity.displayName} extension: its package.json has no "${input.identity.id}.extension" block`, problems: [] };
  }
  if (ext.status === 'invalid') return { kind: 'bad', reason: `its manifest is invalid (${ext.problems.length} problem${ext.problems.length === 1 ? '' : 's'})`, problems: ext.problems };
  return { kind: 'ok', extension: ext };
}
