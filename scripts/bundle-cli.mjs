// Bundles the CLI into dist/bundle/ (one entry file plus lazily loaded chunks): loading ~80 small ES modules
// costs a CLI start more than parsing one file, and `outboard --help` must stay close to `node -e 0`.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../packages/cli/', import.meta.url));
// Chunk names change with their content: start empty so no stale chunk ships.
rmSync(`${cli}dist/bundle`, { recursive: true, force: true });
await build({
  entryPoints: { main: `${cli}dist/src/main.js` },
  outdir: `${cli}dist/bundle`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // CommonJS packages the hub loads (lazily): left to Node's own loader, which an ESM bundle's require() shim is not.
  external: ['undici', 'ws'],
});
