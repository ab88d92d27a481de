// Where the package's own files are, seen from a compiled test in dist/tests/**.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

/** Absolute path of packages/manifest, found by walking up from this compiled file to package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('packages/manifest not found above the compiled tests');
}
