import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ExtensionManifest } from '@outboard/manifest';

/** The peer's own package: its identity and the manifest the user approved (read back from package.json). */
export interface OwnPackage {
  readonly dir: string;
  readonly version: string;
  readonly manifest: ExtensionManifest;
}

/**
 * Finds the package.json with a `<hostId>.extension` block nearest above `entry` (the peer's script).
 * @throws Error naming the file it looked for.
 */
export function readOwnPackage(entry: string, hostId: string): OwnPackage {
  let dir = dirname(realpathSync(entry));
  for (let depth = 0; depth < 32; depth += 1) {
    let text: string | undefined;
    try {
      text = readFileSync(join(dir, 'package.json'), 'utf8');
    } catch {
      // no package.json here: look higher
    }
    if (text !== undefined) {
      const pkg = JSON.parse(text) as { version?: unknown } & Record<string, unknown>;
      const block = (pkg[hostId] as { extension?: unknown } | undefined)?.extension;
      if (typeof block === 'object' && block !== null) return { dir, version: String(pkg.version ?? ''), manifest: block as ExtensionManifest };
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`no package.json with a "${hostId}.extension" manifest above ${entry}: a peer runs from its extension package`);
}
