import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatProblem } from '@outboard/manifest';
import { OutboardError } from '../errors/index.js';
import type { HostIdentity } from '../identity/host-identity.js';
import { scaffoldFiles, scaffoldPackageJson, withSdk } from './scaffold-files.js';
import { SDK_PACKAGE } from './platform-packages.js';
import type { ScaffoldOptions } from './scaffold-types.js';
import { manifestContextOf } from '../identity/manifest-context.js';

/** What `createExtension` needs: the host it writes for, the name, the parts and the folder. */
export interface CreateExtensionInput {
  identity: HostIdentity;
  /** Capability names the host registered besides the catalog (none by default). */
  extraCapabilities?: readonly string[];
  name: string;
  /** The package folder to write: it must not exist or be empty. */
  dir: string;
  peer?: boolean;
  python?: boolean;
  sidecar?: boolean;
}

/** What was written: the folder and the files in it, relative to it. */
export interface CreateExtensionResult {
  dir: string;
  files: string[];
  /** The platform packages its code imports (`@outboard/sdk`), to install before it runs; empty when none. */
  dependencies: string[];
}

// Problems of the scaffold's manifest that come from the name the user chose.
const NAME_RULES = new Set(['name.slug', 'name.reserved', 'command.slug', 'command.reserved']);

/**
 * Writes a new extension package into `dir`. The name is checked by the manifest validator itself, on the
 * manifest about to be written (so the scaffold can never disagree with `extensions doctor`); nothing is
 * written when it is refused (`SCAFFOLD_NAME_INVALID`) or when `dir` holds anything (`SCAFFOLD_TARGET_NOT_EMPTY`).
 */
export async function createExtension(input: CreateExtensionInput): Promise<CreateExtensionResult> {
  const options: ScaffoldOptions = {
    name: input.name,
    hostId: input.identity.id,
    hostVersion: input.identity.version,
    envPrefix: input.identity.envPrefix,
    peer: input.peer === true,
    python: input.python === true,
    sidecar: input.sidecar === true,
  };
  const { checkPackageJson } = await import('@outboard/manifest/validate');
  const ctx = manifestContextOf(input.identity, input.extraCapabilities ?? []);
  const result = checkPackageJson(scaffoldPackageJson(options), ctx);
  if (result.kind !== 'valid') {
    const problems = result.kind === 'not-extension' ? [] : result.problems;
    const named = problems.find((p) => NAME_RULES.has(p.rule));
    if (named) throw new OutboardError('SCAFFOLD_NAME_INVALID', `"${input.name}" cannot name an extension: ${named.message}`, { hint: named.fix });
    // Any other problem is a fault of the templates, not of the user's input.
    throw new Error(`the scaffold's own manifest is ${result.kind}: ${problems.map(formatProblem).join('; ')}`);
  }
  const existed = refuseUsedFolder(input.dir);
  const files = scaffoldFiles(options);
  const written: string[] = [];
  try {
    for (const file of files) {
      const path = join(input.dir, file.path);
      mkdirSync(dirname(path), { recursive: true });
      // 'wx': never overwrite a file that appeared since the folder was checked.
      writeFileSync(path, file.content, { flag: 'wx', mode: file.executable ? 0o755 : 0o644 });
      written.push(path);
    }
  } catch (error) {
    // Leave no half package behind: the folder if this call made it, else only the files it wrote.
    if (existed) for (const path of written) rmSync(path, { force: true });
    else rmSync(input.dir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new OutboardError('SCAFFOLD_WRITE_FAILED', `could not write the extension into ${input.dir}: ${reason}; nothing was left behind`, { cause: error });
  }
  return { dir: input.dir, files: files.map((f) => f.path), dependencies: withSdk(options) ? [SDK_PACKAGE] : [] };
}

/** Throws unless `dir` is absent or an empty folder; returns whether it exists. */
function refuseUsedFolder(dir: string): boolean {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new OutboardError('SCAFFOLD_WRITE_FAILED', `cannot use ${dir}: ${(error as Error).message}`, { cause: error });
  }
  if (!isDir) throw new OutboardError('SCAFFOLD_TARGET_NOT_EMPTY', `${dir} exists and is not a folder`, { hint: 'choose another name, or another folder with --dir <path>' });
  if (readdirSync(dir).length > 0) {
    throw new OutboardError('SCAFFOLD_TARGET_NOT_EMPTY', `${dir} already exists and is not empty; nothing was written`, { hint: 'choose another name, or an empty or new folder with --dir <path>' });
  }
  return true;
}
