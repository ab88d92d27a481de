import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { homedir } from 'node:os';
import { readBoundedJson } from '../store/bounded-json.js';
import type { SourceKind } from '../package-facts/types.js';

/** How to find the candidate package folders of one source. */
export type SourceSpec =
  /** Every package at the top of a node_modules folder (and under its @scope folders). */
  | { kind: SourceKind; key: string; type: 'node-modules'; dir: string }
  /** The packages a project's package.json lists, in its node_modules. */
  | { kind: 'project'; key: string; type: 'project'; root: string }
  /** Explicit package folders (dev paths). */
  | { kind: SourceKind; key: string; type: 'paths'; paths: readonly string[] };

/**
 * Global roots the host may have been installed from: the node_modules folder holding the running CLI when
 * it is not a project's (its parent has no package.json), npm's root next to the running Node, and the
 * pnpm, yarn classic and bun global roots that exist on this machine.
 */
export function detectGlobalRoots(binPath: string | undefined, env: NodeJS.ProcessEnv, execPath: string): string[] {
  const roots: string[] = [];
  if (binPath) {
    const parts = realPathOr(binPath).split(sep);
    const at = parts.lastIndexOf('node_modules');
    if (at > 0) {
      const nodeModules = parts.slice(0, at + 1).join(sep);
      if (!existsSync(join(dirname(nodeModules), 'package.json'))) roots.push(nodeModules);
    }
  }
  const prefix = dirname(dirname(execPath));
  const candidates = [
    process.platform === 'win32' ? join(dirname(execPath), 'node_modules') : join(prefix, 'lib', 'node_modules'),
    env.PNPM_HOME ? join(env.PNPM_HOME, 'global', '5', 'node_modules') : undefined,
    join(homedir(), '.config', 'yarn', 'global', 'node_modules'),
    join(env.BUN_INSTALL ?? join(homedir(), '.bun'), 'install', 'global', 'node_modules'),
  ];
  for (const c of candidates) if (c && existsSync(c)) roots.push(c);
  return dedupeRealPaths(roots);
}

/** The packages a project's package.json depends on (every dependency field), or [] when unreadable. */
export function listProjectDependencies(root: string): string[] {
  // Bounded: a FIFO, a huge or deeply nested project package.json must not hang or crash every command.
  const read = readBoundedJson(join(root, 'package.json'));
  if (read.kind !== 'ok') return [];
  const pkg = read.value;
  if (typeof pkg !== 'object' || pkg === null) return [];
  const names = new Set<string>();
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    const deps = (pkg as Record<string, unknown>)[field];
    if (typeof deps === 'object' && deps !== null) for (const n of Object.keys(deps)) names.add(n);
  }
  return [...names].filter(isSafePackageName).sort();
}

/** A dependency name that cannot walk out of node_modules. */
function isSafePackageName(name: string): boolean {
  return /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) && !name.split('/').includes('..');
}

function realPathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function dedupeRealPaths(paths: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of paths) {
    const real = realPathOr(p);
    if (seen.has(real)) continue;
    seen.add(real);
    out.push(p);
  }
  return out;
}

