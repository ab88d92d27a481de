import fs from 'node:fs';
import path from 'node:path';
import { commandConfigFileName } from './reserved-state-names.js';
import { uniqueHex } from '../store/unique-hex.js';

/** A file the host created for one run; `dispose()` removes it and is harmless to call again. */
export interface DisposableFile {
  /** Absolute path of the file. */
  readonly path: string;
  /** Removes the file; idempotent, ignores a file already gone. */
  dispose(): void;
}

/**
 * Writes a command's config section to its own file `<stateDir>/<idLower>-config-<pid>-<hex>.json`
 * (pid = this host process, hex = 8 hex digits from `uniqueHex`), as a new file (never through an existing one or a
 * link), mode 0600, as JSON with a trailing newline. No temporary file and rename: nobody reads it before the
 * command starts, and a file a crash left half-written is swept like any other. `stateDir` must exist (see `ensureStateDir`). The caller passes `path` as
 * `<P>_EXTENSION_CONFIG` and calls `dispose()` when the command exits; files left by a killed host are
 * removed by `sweepStaleCommandConfigFiles` on a later run.
 *
 * Throws a `TypeError` when `config` is not JSON-serialisable to a value (such as `undefined`).
 */
export function writeCommandConfigFile(stateDir: string, idLower: string, config: unknown): DisposableFile {
  const json = JSON.stringify(config);
  if (json === undefined) {
    throw new TypeError('writeCommandConfigFile: config must be a JSON value (use {} for no config), got undefined');
  }
  const file = path.join(path.resolve(stateDir), commandConfigFileName(idLower, process.pid, uniqueHex(8)));
  fs.writeFileSync(file, `${json}\n`, { mode: 0o600, flag: 'wx' });
  let disposed = false;
  return {
    path: file,
    dispose(): void {
      if (disposed) return;
      disposed = true;
      // unlinkSync, not rmSync: this runs as the command exits, and rmSync loads Node's rimraf first.
      try {
        fs.unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}
