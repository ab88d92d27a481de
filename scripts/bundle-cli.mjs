// Bundles the CLI into dist/bundle/ and writes main.js, the `outboard` bin, from scripts/cli-loader.cjs: a small
// loader that picks its bundle from the first argument, before loading anything, and compiles it with V8's code
// cache (see that file).
//   cli.cjs       every module the CLI can load, one CommonJS file (built-in commands, `help <topic>`, usage errors).
//   fast.cjs      what `--help`, `--version` and `outboard <extension-command>` run: the same entry and sources,
//                 without the built-in commands' modules, the hub, peers, bus, broker and protocol (a stub that
//                 throws stands in: the loader never sends their commands here), and without Ajv and the
//                 manifest checks, which are chunks the loader compiles when they are first required:
//   launch.cjs    `outboard <extension-command>` from the command's launch record, loaded first for such a word: when
//                 nothing the last decision read has changed, the command starts without deciding again;
//   run.cjs       the warm path of `outboard <extension-command>` (src/warm-main.ts), loaded next for such a word:
//                 an approved command is planned and started from it alone (no command tree, router, help or
//                 prompt); anything else it declines before running anything, and the loader goes on to fast.cjs;
//   ajv.cjs       Ajv's drafts, only when a config check is not in the verdict cache;
//   validate.cjs  the manifest checks (and semver), only when discovery rescans a source;
//   policy.cjs    the organisation policy's entries (picomatch, semver), only when a policy file exists
//                 (FAST_MODULE_CHUNKS in bundle-plan.mjs: modules named by importer and module, like stubs).
// Which words need cli.cjs is the CLI's own table of first words (router/first-word.ts, from the command tree),
// so the loader and the router cannot disagree. Every bundle is minified (whitespace and syntax; names kept):
// what a start costs here grows with the bytes read, hashed and deserialised. Measured on Node 20
// (bench/dispatch, bench/cli-help): the code cache saves ~15 ms of CPU against compiling from source; loading
// a fifth of the bytes saves ~5 ms more. The cache lives in `<home>/cache/`, one file per script and kind of
// run (help, version, extension command, built-in), named by the digest of this build, Node's version and the
// V8 flags.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHUNKS, FAST_MODULE_CHUNKS, FAST_STUBS, FULL_CHUNKS, INSTALLED_IMPORTS, STUB_ALL_DYNAMIC_IMPORTS_OF } from './bundle-plan.mjs';

const cli = fileURLToPath(new URL('../packages/cli/', import.meta.url));
const out = `${cli}dist/bundle`;
const entry = `${cli}dist/src/main.js`;
// Start empty so no stale file ships.
rmSync(out, { recursive: true, force: true });

/** The `require` the loader hands a bundle: in the wrapper below, so bundles name no global. */
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Fewer bytes to read, hash and deserialise at every start (names are kept: stacks stay readable).
  minifyWhitespace: true,
  minifySyntax: true,
  // The sources are ESM: import.meta.url becomes the bundle's own file URL.
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: 'const __bundle_url = require("node:url").pathToFileURL(__filename).href;\nconst __nodeDefault = (m) => ({ __proto__: m, default: m });' },
  // CommonJS packages the hub loads (lazily): left to Node's own loader, which a bundled copy need not be. The
  // OpenTelemetry SDK loads only when an OTLP endpoint is configured; prom-client only when a hub starts.
  external: ['undici', 'ws', 'prom-client', '@opentelemetry/*'],
};

// cli.cjs requires each chunk of FULL_CHUNKS from its own file, next to it, when first imported.
const fullChunkOf = new Map(Object.values(FULL_CHUNKS).flatMap((chunk) => chunk.specifiers.map((spec) => [spec, chunk.file])));
const fullPlugin = {
  name: 'outboard-full-chunks',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !fullChunkOf.has(args.path)) return undefined;
      return { path: args.path, namespace: 'full-chunk' };
    });
    b.onLoad({ filter: /.*/, namespace: 'full-chunk' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(`./${fullChunkOf.get(args.path)}`)});`, loader: 'js' }));
    b.onResolve({ filter: /^\.\/[\w-]+\.cjs$/ }, (args) => (args.namespace === 'full-chunk' ? { path: args.path, external: true } : undefined));
  },
};
// Each module of INSTALLED_IMPORTS becomes a require of its own file next to the bundle, written here: a CommonJS
// file Node's loader runs (a vm.Script could not import()), whose functions import the installed package.
const installedByModule = new Map(INSTALLED_IMPORTS.map((i) => [i.module, i]));
const installedMet = new Set();
const installedPlugin = {
  name: 'outboard-installed-imports',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const found = installedByModule.get(relative(resolve(cli, '..'), args.path).split(sep).join('/'));
      if (!found) return undefined;
      installedMet.add(found.module);
      return { contents: `export { ${Object.keys(found.exports).join(', ')} } from ${JSON.stringify(`./${found.file}`)};`, loader: 'js' };
    });
    b.onResolve({ filter: /^\.\/[\w-]+\.cjs$/ }, (args) => (INSTALLED_IMPORTS.some((i) => args.path === `./${i.file}`) ? { path: args.path, external: true } : undefined));
  },
};
await build({ ...common, entryPoints: { cli: entry }, outdir: out, outExtension: { '.js': '.cjs' }, plugins: [fullPlugin, installedPlugin] });
const installedUnmet = INSTALLED_IMPORTS.filter((i) => !installedMet.has(i.module)).map((i) => i.module);
if (installedUnmet.length > 0) throw new Error(`scripts/bundle-plan.mjs names INSTALLED_IMPORTS modules cli.cjs never met (renamed or moved?): ${installedUnmet.join(', ')}`);
for (const i of INSTALLED_IMPORTS) {
  const fns = Object.entries(i.exports).map(([fn, pkg]) => `exports.${fn} = () => import(${JSON.stringify(pkg)});\n`).join('');
  writeFileSync(`${out}/${i.file}`, `'use strict';\n// Written by scripts/bundle-cli.mjs for ${i.module} (INSTALLED_IMPORTS): imports the installed package.\n${fns}`);
}
for (const [name, chunk] of Object.entries(FULL_CHUNKS)) {
  await build({ ...common, entryPoints: { [name]: chunk.specifiers[0] }, absWorkingDir: `${cli}`, outdir: out, outExtension: { '.js': '.cjs' } });
}

// What fast.cjs leaves out is named module by module in bundle-plan.mjs (no patterns on paths): a stub that is
// never met fails the build, so renaming a stubbed module cannot silently put it back into fast.cjs.
const packagesDir = resolve(cli, '..');
const relativeToPackages = (file) => relative(packagesDir, file).split(sep).join('/');
/** The module a dynamic import names: a file relative to packages/ for a relative specifier, else the specifier. */
const importedModule = (importer, spec) => (spec.startsWith('.') ? relativeToPackages(resolve(dirname(importer), spec)) : spec);
const stubKey = (importer, module) => `${importer} -> ${module}`;
const namedStubs = new Set(FAST_STUBS.map((s) => stubKey(s.importer, s.module)));
const stubsMet = new Set();
const moduleChunkOf = new Map(FAST_MODULE_CHUNKS.map((c) => [stubKey(c.importer, c.module), c.file]));
const moduleChunksMet = new Set();
const allImportsMet = new Set();
const chunkOf = new Map(Object.entries(CHUNKS).flatMap(([name, chunk]) => chunk.specifiers.map((spec) => [spec, name])));
const fastPlugin = {
  name: 'outboard-fast',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const chunk = chunkOf.get(args.path);
      if (chunk) return { path: args.path, namespace: `${chunk}-chunk` };
      if (/^ajv(\/|$)/.test(args.path)) throw new Error(`${args.importer} imports ${args.path}: add it to CHUNKS.ajv.specifiers in scripts/bundle-plan.mjs`);
      const importer = relativeToPackages(args.importer);
      const key = stubKey(importer, importedModule(args.importer, args.path));
      if (moduleChunkOf.has(key)) {
        moduleChunksMet.add(key);
        return { path: key, namespace: 'module-chunk' };
      }
      if (STUB_ALL_DYNAMIC_IMPORTS_OF.includes(importer)) allImportsMet.add(importer);
      else if (namedStubs.has(key)) stubsMet.add(key);
      else return undefined;
      return { path: key, namespace: 'fast-stub' };
    });
    // A bug guard, never reached: the loader's table sends every built-in word to cli.cjs.
    b.onLoad({ filter: /.*/, namespace: 'fast-stub' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`internal: ${args.path} is not in the CLI's fast bundle (scripts/bundle-plan.mjs)`)});`,
      loader: 'js',
    }));
    // Ajv and its drafts from ajv.cjs, next to the bundle (the loader's require resolves it from there).
    b.onLoad({ filter: /.*/, namespace: 'ajv-chunk' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`./${CHUNKS.ajv.file}`)})[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
    // The manifest checks (and semver) from validate.cjs: only a discovery that rescans a source needs them.
    b.onLoad({ filter: /.*/, namespace: 'validate-chunk' }, () => ({ contents: `module.exports = require(${JSON.stringify(`./${CHUNKS.validate.file}`)});`, loader: 'js' }));
    // A module of FAST_MODULE_CHUNKS from its own file.
    b.onLoad({ filter: /.*/, namespace: 'module-chunk' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(`./${moduleChunkOf.get(args.path)}`)});`, loader: 'js' }));
    b.onResolve({ filter: /^\.\/[\w-]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};
await build({ ...common, entryPoints: { fast: entry }, outdir: out, outExtension: { '.js': '.cjs' }, plugins: [fastPlugin] });
const unmet = [
  ...FAST_STUBS.map((s) => stubKey(s.importer, s.module)).filter((k) => !stubsMet.has(k)),
  ...STUB_ALL_DYNAMIC_IMPORTS_OF.filter((i) => !allImportsMet.has(i)),
  ...[...moduleChunkOf.keys()].filter((k) => !moduleChunksMet.has(k)),
];
if (unmet.length > 0) {
  throw new Error(`scripts/bundle-plan.mjs names stubs the fast bundle never met (renamed, moved, or now imported statically?): ${unmet.join(', ')}`);
}

// run.cjs: the warm path of an extension command (src/warm-main.ts), with fast.cjs's stubs and chunks: what
// an approved command needs, and no command tree, help, router or consent prompt. Anything else it hands to
// fast.cjs, which the loader then loads (see runWarm in src/warm-run.ts).
await build({ ...common, entryPoints: { run: `${cli}dist/src/warm-main.js` }, outdir: out, outExtension: { '.js': '.cjs' }, plugins: [fastPlugin] });

// launch.cjs: an extension command started from its launch record (src/launch-main.ts), loaded before run.cjs:
// reading the record, checking its inputs and starting the command need none of the host's deciding.
await build({ ...common, entryPoints: { launch: `${cli}dist/src/launch-main.js` }, outdir: out, outExtension: { '.js': '.cjs' }, plugins: [fastPlugin] });

// ajv.cjs: the three drafts schema-draft.ts imports, by specifier.
const AJV_SPECS = CHUNKS.ajv.specifiers;
await build({
  ...common,
  define: undefined,
  stdin: { contents: `module.exports = { ${AJV_SPECS.map((s) => `${JSON.stringify(s)}: require(${JSON.stringify(s)})`).join(', ')} };`, resolveDir: `${cli}../host`, loader: 'js' },
  outfile: `${out}/ajv.cjs`,
});

// validate.cjs: the manifest checks discovery imports on a rescan (they share no state or classes with the
// modules of fast.cjs they duplicate: their input and output are plain data).
await build({ ...common, entryPoints: { validate: CHUNKS.validate.specifiers[0] }, absWorkingDir: `${cli}../host`, outdir: out, outExtension: { '.js': '.cjs' } });

// FAST_MODULE_CHUNKS: each module in its own file (a copy of what it shares with fast.cjs: they pass plain data).
for (const chunk of FAST_MODULE_CHUNKS) {
  await build({ ...common, entryPoints: { [chunk.file.replace(/\.cjs$/, '')]: `${packagesDir}/${chunk.module}` }, outdir: out, outExtension: { '.js': '.cjs' } });
}

// A vm.Script has no loader for import() on Node 20 (without --experimental-vm-modules): nothing may be left.
const SCRIPTS = ['cli', 'fast', 'run', 'launch', 'ajv', 'validate', ...Object.keys(FULL_CHUNKS), ...FAST_MODULE_CHUNKS.map((c) => c.file.replace(/\.cjs$/, ''))];
for (const name of SCRIPTS) {
  const leftover = /\bimport\((?!\))/.exec(readFileSync(`${out}/${name}.cjs`, 'utf8'));
  if (leftover) throw new Error(`the CLI bundle ${name}.cjs keeps a dynamic import() (at ${leftover.index}); import that module statically`);
}

// The table of first words that are not extension commands: the CLI's one classification of argv, which the
// loader reads to pick its bundle (kindOf in scripts/cli-loader.cjs).
const { FIRST_WORDS } = await import(pathToFileURL(`${cli}dist/src/router/first-word.js`).href);

/**
 * The source as the loader compiles it: the bundle, its shebang dropped, in the CommonJS wrapper, ASCII only
 * (V8 keeps one byte per character instead of two: half the string to read, hash and collect). esbuild keeps
 * non-ASCII characters in template literals and comments; a \\uXXXX escape means the same character there (no
 * template's `raw` strings are read), as in strings, regular expressions and identifiers. And a default import
 * of a Node built-in takes the module as its prototype instead of copying its every property (esbuild's
 * __toESM): the same reads, without ~15 copies of fs and path at start-up.
 */
function wrap(name) {
  const source = readFileSync(`${out}/${name}.cjs`, 'utf8')
    .replace(/^#!.*/, '')
    .replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/__toESM\((require\("node:[\w/]+"\)),\s*1\)/g, '__nodeDefault($1)');
  if (/__toESM\(require\("node:/.test(source)) throw new Error(`${name}.cjs: esbuild's default import of a built-in changed shape; update wrap()`);
  return `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
}
const digest = createHash('sha256');
for (const name of SCRIPTS) {
  const source = wrap(name);
  writeFileSync(`${out}/${name}.cjs`, source);
  digest.update(`${name}\0${source}\0`);
}
const build_ = digest.digest('hex');
/** One cache file per kind of run (what a run compiles is what its cache holds), named by this build's digest. */
const cacheKey = (kind) => createHash('sha256').update(`${build_}\0${kind}`).digest('hex').slice(0, 16);
const keys = { full: cacheKey('full'), help: cacheKey('help'), version: cacheKey('version'), run: cacheKey('run') };

writeFileSync(`${out}/package.json`, `${JSON.stringify({ type: 'commonjs' })}\n`);
const loader = readFileSync(fileURLToPath(new URL('./cli-loader.cjs', import.meta.url)), 'utf8');
const constants = /^const BUILD = .*;$/m;
if (!constants.test(loader)) throw new Error('scripts/cli-loader.cjs: no `const BUILD = ...;` line to fill in');
/** Every chunk a bundle may require, as the bundles name it: the loader compiles these with the code cache. */
const chunks = SCRIPTS.filter((name) => name !== 'cli' && name !== 'fast' && name !== 'run' && name !== 'launch').map((name) => `./${name}.cjs`);
// The built-in names, in the order the host's discovery cache is keyed by, for the warm path (which does not load the command tree).
const { BUILTIN_NAMES } = await import(pathToFileURL(`${cli}dist/src/builtins.js`).href);
writeFileSync(`${out}/main.js`, loader.replace(constants, `const BUILD = ${JSON.stringify({ words: FIRST_WORDS, builtins: BUILTIN_NAMES, chunks, keys })};`), { mode: 0o755 });
