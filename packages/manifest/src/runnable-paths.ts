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
  // The JSON path of the block is rendered once; the fields below it are identifiers and indexes, appended
  // as text (the same text formatJsonPath gives, without an array and a regex test per segment per file).
  const root = hostId === undefined ? '$' : formatJsonPath([hostId, 'extension']);
  const out: RunnablePath[] = [];
  const add = (path: string, value: string): void => {
    const read = readPackagePath(value);
    if (read.ok) out.push({ path, file: read.file });
  };
  const runnable = (r: unknown, at: string): void => {
    if (!isRecord(r)) return;
    if (typeof r.bin === 'string' && r.bin !== '') add(`${at}.bin`, r.bin);
    if (Array.isArray(r.exec)) {
      r.exec.forEach((arg: unknown, i) => {
        if (typeof arg === 'string' && arg.startsWith('./')) add(`${at}.exec[${i}]`, arg);
      });
    }
  };
  const block: unknown = m;
  if (!isRecord(block)) return out;
  if (Array.isArray(block.commands)) block.commands.forEach((c: unknown, i) => runnable(c, `${root}.commands[${i}]`));
  runnable(block.sidecar, `${root}.sidecar`);
  runnable(block.peer, `${root}.peer`);
  if (typeof block.configSchema === 'string' && block.configSchema !== '') add(`${root}.configSchema`, block.configSchema);
  return out;
}
