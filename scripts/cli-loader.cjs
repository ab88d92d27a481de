#!/usr/bin/env node
// The outboard bin, dist/bundle/main.js (scripts/bundle-cli.mjs writes it from this file, with the constants of
// the build in place of BUILD below). It picks its bundle from the first argument before loading anything (see
// kindOf): launch.cjs for an extension command (from its launch record; else run.cjs, the warm path; what
// neither runs goes on to fast.cjs), fast.cjs
// for --help and --version, cli.cjs for built-in commands. Each bundle and the chunks they load on demand (Ajv,
// the manifest checks, the policy entries) are compiled from V8's code cache when a cache made by this very
// build, for this kind of run, this Node version and these flags is in <home>/cache/: one file per script and
// kind of run. The cache is read only from a folder owned by this user that nobody else can write, and V8
// checks every cache against its script; any problem just means compiling from source (and writing that
// script's cache again at exit).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
// The constructor of this very module: `require('node:module')` would load Node's ESM loader for nothing.
const Module = module.constructor;

const BUILD = { words: {}, builtins: [], chunks: [], keys: { full: '', help: '', version: '', run: '' } };

/**
 * The kind of run, from the first word: the CLI's one classification of argv (classifyFirstWord in
 * packages/cli/src/router/first-word.ts), whose table of words (every built-in name and alias, `help`, the help
 * and version flags) the build writes above. A word not in it is an option when it starts with `-`, else an
 * extension command. Each kind has its bundle: the root help, the version and extension commands run from
 * fast.cjs; `help <topic>`, built-ins and unknown options from cli.cjs.
 */
function kindOf(word) {
  const known = word === undefined ? 'root-help' : Object.hasOwn(BUILD.words, word) ? BUILD.words[word] : word.startsWith('-') ? 'option' : 'extension';
  return known === 'root-help' ? 'help' : known === 'version' ? 'version' : known === 'extension' ? 'run' : 'full';
}
const kind = kindOf(process.argv[2]);
const home = process.env.OUTBOARD_HOME || path.join(require('node:os').homedir(), '.outboard');
const cacheDir = path.join(home, 'cache');
// V8 rejects a cache made under other flags: runs with other flags (NODE_OPTIONS, --cpu-prof...) keep their own.
// Where a profile is written is no flag of V8's: a profiled run named per run (--cpu-prof-name=%p...) must read
// the cache of the runs before it, or every profile shows a compile from source and a cache write.
const WHERE = /^--(?:(?:cpu|heap)-prof-(?:dir|name)|diagnostic-dir)(=.*)?$/;
/** The flags without WHERE's options and their values (`--cpu-prof-dir=d` and `--cpu-prof-dir d` alike). */
function withoutWhere(args) {
  return args.filter((arg, i) => !WHERE.test(arg) && !(WHERE.test(args[i - 1] ?? '') && !(args[i - 1] ?? '').includes('=')));
}
let flags = 5381;
for (const c of withoutWhere(process.execArgv).join(' ') + '|' + withoutWhere((process.env.NODE_OPTIONS || '').split(' ')).join(' ')) flags = ((flags * 33) ^ c.charCodeAt(0)) >>> 0;
const cacheTail = '-' + process.version + '-' + process.arch + '-' + flags.toString(16) + '.v8';
/** The cache file of one script (`fast.cjs`...) for this kind of run. */
const cacheFileOf = (name) => path.join(cacheDir, 'cli-' + BUILD.keys[kind] + '-' + name.replace(/\.cjs$/, '') + cacheTail);

// A cache file: "OBV8", then the script's name length (1 byte), its name, the data length (4 bytes LE), V8's data.
// One file per script and kind of run: a run reads the caches of the scripts it loads, and nothing else.
const MAGIC = 'OBV8';
let trusted;
/** Whether the cache folder is this user's and nobody else can write it (checked once). */
function cacheDirTrusted() {
  if (trusted === undefined) {
    try {
      const dir = fs.statSync(cacheDir);
      trusted = dir.isDirectory() && dir.uid === process.getuid() && (dir.mode & 0o022) === 0;
    } catch {
      trusted = false; // no cache yet
    }
  }
  return trusted;
}
/** The cached data of one script; undefined when there is none or it is not ours to trust. */
function readCache(name) {
  if (!cacheDirTrusted()) return undefined;
  let bytes;
  try {
    bytes = fs.readFileSync(cacheFileOf(name));
  } catch {
    return undefined;
  }
  if (bytes.length < 5 || bytes.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const nameEnd = 5 + bytes[4];
  if (nameEnd + 4 > bytes.length || bytes.toString('latin1', 5, nameEnd) !== name) return undefined;
  const end = nameEnd + 4 + bytes.readUInt32LE(nameEnd);
  return end === bytes.length ? bytes.subarray(nameEnd + 4, end) : undefined;
}
/** The scripts this run compiled without a usable cache, by name: their caches are written at exit. */
const stale = new Map();

process.once('exit', () => {
  if (stale.size === 0) return;
  try {
    if (!fs.existsSync(home)) return;
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    for (const [name, script] of stale) {
      const data = script.createCachedData();
      const head = Buffer.alloc(5 + name.length + 4);
      head.write(MAGIC, 0, 'latin1');
      head[4] = name.length;
      head.write(name, 5, 'latin1');
      head.writeUInt32LE(data.length, 5 + name.length);
      const file = cacheFileOf(name);
      const tmp = file + '.' + process.pid + '.tmp';
      fs.writeFileSync(tmp, Buffer.concat([head, data]), { mode: 0o600 });
      fs.renameSync(tmp, file);
    }
    // Caches of earlier builds are dead weight: only this build's stay.
    const current = Object.values(BUILD.keys).map((key) => 'cli-' + key + '-');
    for (const name of fs.readdirSync(cacheDir)) {
      if (name.startsWith('cli-') && name.endsWith('.v8') && !current.some((prefix) => name.startsWith(prefix))) fs.rmSync(path.join(cacheDir, name), { force: true });
    }
  } catch {
    // a read-only home: compile from source next time too
  }
});

/** Compiles and runs one script of this folder (a CommonJS module in its wrapper) and returns its exports. */
function load(name) {
  const file = path.join(__dirname, name);
  const cachedData = readCache(name);
  const script = new vm.Script(fs.readFileSync(file, 'utf8'), { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) stale.set(name, script);
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(__dirname);
  script.runInThisContext().call(mod.exports, mod.exports, bundleRequire, mod, file, __dirname);
  return mod.exports;
}

// run.cjs and fast.cjs get the heavier of Node's built-ins as stand-ins that load them on first use: --help never needs
// crypto or child_process although modules it loads import them, and a warm command never calls the
// createRequire of node:module (which loads Node's ESM loader) that the manifest's sha256 keeps for crypto
// (cli.cjs gets the modules themselves).
// node:os too: only a home left to its default needs it (the user's home folder).
const LAZY = kind === 'full' ? new Set() : new Set(['node:crypto', 'node:child_process', 'node:module', 'node:os']);
const CHUNKS = new Set(BUILD.chunks);
/** What each id required resolved to, once: a bundle requires node:fs and node:path dozens of times. */
const required = new Map();
function bundleRequire(id) {
  let found = required.get(id);
  if (found === undefined) {
    found = CHUNKS.has(id) ? load(id.slice(2)) : LAZY.has(id) ? standInFor(id) : module.require(id);
    required.set(id, found);
  }
  return found;
}
/** A stand-in for the module `id` that loads it on its first use. */
function standInFor(id) {
  let real;
  const get = () => (real ??= module.require(id));
  return new Proxy(
    {},
    {
      get: (_, key) => get()[key],
      has: (_, key) => key in get(),
      ownKeys: () => Reflect.ownKeys(get()),
      getOwnPropertyDescriptor: (_, key) => {
        const desc = Reflect.getOwnPropertyDescriptor(get(), key);
        return desc && { ...desc, configurable: true };
      },
    },
  );
}

if (kind === 'run') {
  // The launch record first (launch.cjs), then the warm path (run.cjs), which decides and keeps the record; what
  // neither runs, before running anything, goes to fast.cjs.
  // launch.cjs's cache is written by a run that launched from a record: one that only found none would leave
  // out everything a launch compiles, and every later launch would compile it again.
  load('launch.cjs')
    .launchRecordedOutboard(BUILD.keys.run)
    .then((launched) => {
      if (!launched) stale.delete('launch.cjs');
      return launched || load('run.cjs').runWarmOutboard(BUILD.builtins, BUILD.keys.run);
    })
    .then((ran) => {
      if (!ran) load('fast.cjs');
    });
} else {
  load(kind === 'full' ? 'cli.cjs' : 'fast.cjs');
}
