import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './fixture-home.js';

interface WorkspacePackageJson {
  name: string;
  dependencies?: Record<string, string>;
}

/**
 * The workspace folders (under packages/) an install of `rootPackage` is made of: it and every workspace it
 * depends on, transitively, read from the package.json files so a new internal dependency is picked up.
 */
export function workspaceClosure(rootPackage = '@outboard/cli'): string[] {
  const byName = new Map<string, { folder: string; pkg: WorkspacePackageJson }>();
  for (const folder of readdirSync(join(REPO_ROOT, 'packages'))) {
    const file = join(REPO_ROOT, 'packages', folder, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as WorkspacePackageJson;
    byName.set(pkg.name, { folder, pkg });
  }
  const out: string[] = [];
  const visit = (name: string): void => {
    const entry = byName.get(name);
    if (!entry || out.includes(entry.folder)) return;
    out.push(entry.folder);
    for (const dep of Object.keys(entry.pkg.dependencies ?? {})) visit(dep);
  };
  visit(rootPackage);
  if (out.length === 0) throw new Error(`no workspace package named ${rootPackage} under packages/`);
  return out;
}

/** How long one npm invocation may take before the test gives up. */
const NPM_TIMEOUT_MS = 90_000;

/** An installed `outboard`: where its CLI entry is, to run with `process.execPath`, and its `bin` link. */
export interface OutboardInstall {
  /** The folder it was installed into (a global prefix or a project). */
  root: string;
  /** Absolute path of the installed `@outboard/cli` package folder. */
  packageDir: string;
  /** Absolute path of the installed CLI entry (`dist/src/main.js`). */
  main: string;
  /** The `outboard` executable npm linked for it (`<prefix>/bin/outboard` or `node_modules/.bin/outboard`). */
  bin: string;
}

/** Runs npm with arguments, in `cwd`, failing with npm's own output. Resolves offline first, then from the cache. */
function npm(args: string[], cwd: string): string {
  const run = (mode: string): string =>
    execFileSync('npm', [...args, mode, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', timeout: NPM_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    return run('--offline');
  } catch {
    // A dependency missing from the cache: let npm fetch it from the registry (the only network there is).
    return run('--prefer-offline');
  }
}

/**
 * Packs a package folder with `npm pack` into `dest` and returns the absolute path of the tarball.
 * The folder must be ready to publish (workspaces must be built: the tarball holds `dist/`).
 */
export function packFolder(folder: string, dest: string, options: { ignoreScripts?: boolean } = {}): string {
  mkdirSync(dest, { recursive: true });
  const out = execFileSync('npm', ['pack', '--pack-destination', dest, '--loglevel=error', ...(options.ignoreScripts ? ['--ignore-scripts'] : [])], { cwd: folder, encoding: 'utf8', timeout: NPM_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  const name = out.trim().split('\n').pop()?.trim();
  if (!name || !existsSync(join(dest, name))) throw new Error(`npm pack in ${folder} printed no tarball name: ${out}`);
  return join(dest, name);
}

/** Packs `@outboard/cli` of this checkout and every workspace it depends on (all built) into `dest`. */
export function packWorkspaces(dest: string): string[] {
  return workspaceClosure().map((w) => {
    const folder = join(REPO_ROOT, 'packages', w);
    if (!existsSync(join(folder, 'dist', 'src', 'index.js'))) throw new Error(`packages/${w} is not built; run \`npx tsc -b packages/${w}\` first`);
    return packFolder(folder, dest);
  });
}

/**
 * Installs tarballs globally into `prefix` (`npm install -g --prefix <prefix>`), as a user installs the CLI,
 * together with any extra tarballs (extensions installed into the same global root).
 */
export function installGlobal(prefix: string, tarballs: readonly string[]): OutboardInstall {
  mkdirSync(prefix, { recursive: true });
  npm(['install', '-g', '--prefix', prefix, ...tarballs], prefix);
  const root = process.platform === 'win32' ? join(prefix, 'node_modules') : join(prefix, 'lib', 'node_modules');
  const packageDir = join(root, '@outboard', 'cli');
  return { root: prefix, packageDir, main: join(packageDir, 'dist', 'src', 'main.js'), bin: join(prefix, 'bin', 'outboard') };
}

/** Creates a project in `project` (a package.json of its own) and installs the tarballs as its dependencies. */
export function installIntoProject(project: string, tarballs: readonly string[]): OutboardInstall {
  mkdirSync(project, { recursive: true });
  if (!existsSync(join(project, 'package.json'))) {
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'outboard-install-test-project', version: '1.0.0', private: true }, null, 2)}\n`);
  }
  npm(['install', ...tarballs], project);
  const packageDir = join(project, 'node_modules', '@outboard', 'cli');
  return { root: project, packageDir, main: join(packageDir, 'dist', 'src', 'main.js'), bin: join(project, 'node_modules', '.bin', 'outboard') };
}

/**
 * Runs `npm run pack` (scripts/pack.mjs) into `dest` and returns the tarball of each public package by its
 * folder name (`sdk`, `host`...), as the docs tell a user to install them.
 */
export function packPublic(dest: string): Record<string, string> {
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'pack.mjs'), '--out', dest], { cwd: REPO_ROOT, encoding: 'utf8', timeout: NPM_TIMEOUT_MS * 2, stdio: ['ignore', 'pipe', 'pipe'] });
  const found: Record<string, string> = {};
  for (const file of readdirSync(dest)) {
    const name = /^outboard-([a-z]+)-\d/.exec(file)?.[1];
    if (name) found[name] = join(dest, file);
  }
  return found;
}

/**
 * Tarballs of the registry packages the workspaces of `folders` need at run time (ajv, semver...), packed from
 * this checkout's node_modules into `dest`: installed beside the workspace tarballs, npm resolves every
 * dependency from local files and an install needs no registry and no cache.
 */
export function packRegistryDependencies(folders: readonly string[], dest: string): string[] {
  const seen = new Set<string>();
  const visit = (dir: string): void => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as WorkspacePackageJson;
    for (const dep of Object.keys(pkg.dependencies ?? {})) {
      if (dep.startsWith('@outboard/') || seen.has(dep)) continue;
      seen.add(dep);
      visit(join(REPO_ROOT, 'node_modules', dep));
    }
  };
  for (const folder of folders) visit(join(REPO_ROOT, 'packages', folder));
  // --ignore-scripts: an installed package's prepack/prepare needs its dev setup, which is not there.
  return [...seen].sort().map((dep) => packFolder(join(REPO_ROOT, 'node_modules', dep), dest, { ignoreScripts: true }));
}

/** `npm install <tarballs>` in `dir` (which has a package.json), from local files only: never the network. */
export function installOffline(dir: string, tarballs: readonly string[]): void {
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], { cwd: dir, encoding: 'utf8', timeout: NPM_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** npm's environment for a test that installs from local tarballs and folders only: offline, with its own cache under `root`. */
export function offlineNpmEnv(root: string): { npm_config_cache: string; npm_config_offline: string; npm_config_update_notifier: string } {
  return { npm_config_cache: join(root, 'npm-cache'), npm_config_offline: 'true', npm_config_update_notifier: 'false' };
}
