import { formatJsonPath } from './json-path.js';
import { isRecord } from './json-value.js';
import { readPackagePath } from './package-path.js';
import type { ExtensionManifest } from './types.js';

/** A package-relative file a manifest points at, and where in package.json it is named. */
export interface RunnablePath {
  /** JSON path of the field, e.g. `$.outboard.extension.commands[0].bin` (see `runnablePaths`). */
  path: string;
  /** Normalised package-relative POSIX path, e.g. `bin/cli.js` (no leading `./`). */
  file: string;
}

/**
 * Every package-relative file the manifest points at: command bins, sidecar and peer bins, `exec`
 * elements starting with `./`, and `configSchema`, in manifest order. The host checks each on disk (it
 * exists, and no symlink leads out of the package). Paths that are not package-relative (absolute,
 * `..`) are skipped: the validator already reports them. Tolerates any shape, since an incompatible
 * manifest (unknown apiVersion) was not shape-checked. With `hostId`, paths are rooted at package.json
 * (`$.<hostId>.extension...`); without, at the manifest block (`$.commands[0].bin`).
 */
export function runnablePaths(m: ExtensionManifest, hostId?: string): RunnablePath[] {
  const root = hostId === undefined ? '$' : blockPath(hostId);
  const out: RunnablePath[] = [];
  const block: unknown = m;
  if (!isRecord(block)) return out;
  // The fields below the block are identifiers and indexes, appended as text (the same text formatJsonPath
  // gives, without an array and a regex test per segment per file).
  if (Array.isArray(block.commands)) block.commands.forEach((c: unknown, i) => addRunnable(out, c, `${root}.commands[${i}]`));
  addRunnable(out, block.sidecar, `${root}.sidecar`);
  addRunnable(out, block.peer, `${root}.peer`);
  if (typeof block.configSchema === 'string' && block.configSchema !== '') addPath(out, `${root}.configSchema`, block.configSchema);
  return out;
}

/** The JSON path of the block for the last host asked about: discovery asks for one host a thousand times. */
let lastHost: { id: string; path: string } | undefined;
function blockPath(hostId: string): string {
  if (lastHost?.id !== hostId) lastHost = { id: hostId, path: formatJsonPath([hostId, 'extension']) };
  return lastHost.path;
}

function addPath(out: RunnablePath[], path: string, value: string): void {
  const read = readPackagePath(value);
  if (read.ok) out.push({ path, file: read.file });
}

function addRunnable(out: RunnablePath[], r: unknown, at: string): void {
  if (!isRecord(r)) return;
  if (typeof r.bin === 'string' && r.bin !== '') addPath(out, `${at}.bin`, r.bin);
  if (Array.isArray(r.exec)) {
    r.exec.forEach((arg: unknown, i) => {
      if (typeof arg === 'string' && arg.startsWith('./')) addPath(out, `${at}.exec[${i}]`, arg);
    });
  }
}
