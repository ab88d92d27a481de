import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The project config file name for a host id: `.<id>.json`. */
export function projectConfigFileName(hostId: string): string {
  return `.${hostId}.json`;
}

/**
 * The project root for `cwd`, the ONE rule the host uses for config (`.<id>.json`), approvals (per project
 * path) and discovery (the project source is the root's `package.json` dependencies): the nearest ancestor
 * (cwd included) holding `.<id>.json`; else the nearest holding `package.json`; else the nearest holding
 * `.git`; else `undefined` (no project). One walk up, three `existsSync` per folder.
 */
export function findProjectRoot(cwd: string, hostId: string): string | undefined {
  const configName = projectConfigFileName(hostId);
  let withPackageJson: string | undefined;
  let withGit: string | undefined;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, configName))) return dir;
    if (withPackageJson === undefined && existsSync(join(dir, 'package.json'))) withPackageJson = dir;
    if (withGit === undefined && existsSync(join(dir, '.git'))) withGit = dir;
    if (dirname(dir) === dir) break;
  }
  return withPackageJson ?? withGit;
}
