import { formatJsonPath } from './json-path.js';
import { isRecord } from './json-value.js';
import type { JsonPathSegment } from './json-path.js';
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
  const root: JsonPathSegment[] = hostId === undefined ? [] : [hostId, 'extension'];
  const out: RunnablePath[] = [];
  const add = (segments: JsonPathSegment[], value: string): void => {
    const read = readPackagePath(value);
    if (read.ok) out.push({ path: formatJsonPath([...root, ...segments]), file: read.file });
  };
  const runnable = (r: unknown, at: JsonPathSegment[]): void => {
    if (!isRecord(r)) return;
    if (typeof r.bin === 'string' && r.bin !== '') add([...at, 'bin'], r.bin);
    if (Array.isArray(r.exec)) {
      r.exec.forEach((arg: unknown, i) => {
        if (typeof arg === 'string' && arg.startsWith('./')) add([...at, 'exec', i], arg);
      });
    }
  };
  const block: unknown = m;
  if (!isRecord(block)) return out;
  if (Array.isArray(block.commands)) block.commands.forEach((c: unknown, i) => runnable(c, ['commands', i]));
  runnable(block.sidecar, ['sidecar']);
  runnable(block.peer, ['peer']);
  if (typeof block.configSchema === 'string' && block.configSchema !== '') add(['configSchema'], block.configSchema);
  return out;
}

