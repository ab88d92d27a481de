// Bundles the CLI into dist/bundle/ (one entry file plus lazily loaded chunks): loading ~80 small ES modules
// costs a CLI start more than parsing one file, and `outboard --help` must stay close to `node -e 0`.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../packages/cli/', import.meta.url));
await build({
  entryPoints: { main: `${cli}dist/src/main.js` },
  outdir: `${cli}dist/bundle`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Some bundled CommonJS (semver) calls require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __outboardCreateRequire } from 'node:module'; const require = __outboardCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
