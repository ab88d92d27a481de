#!/usr/bin/env node
// The outboard bin, dist/bundle/main.js (scripts/bundle-cli.mjs writes it from this file, with the constants of
// the build in place of BUILD below). It picks ONE bundle from the first argument before loading anything:
// fast.cjs for --help, --version and extension commands, cli.cjs for built-in commands (FULL: every built-in
// name and alias, from the command tree). Each bundle and the chunks fast.cjs loads on demand (Ajv, the
// manifest checks) are compiled from V8's code cache when a cache made by this very build, for this kind of
// run, this Node version and these flags is in <home>/cache/: one file per kind of run, holding the cache of
// each script that kind of run has loaded. The cache is read only from a folder owned by this user that nobody
// else can write, and V8 checks every cache against its script; any problem just means compiling from source
// (and writing the cache again at exit).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const BUILD = { full: [], keys: { full: '', help: '', version: '', run: '' } };

const FULL = new Set(BUILD.full);
const first = process.argv[2];
const kind =
  first === undefined || first === '--help' || first === '-h'
    ? 'help'
    : first === '--version' || first === '-V' || first === '-v'
      ? 'version'
      : first.startsWith('-') || FULL.has(first)
        ? 'full'
        : 'run';
const home = process.env.OUTBOARD_HOME || path.join(require('node:os').homedir(), '.outboard');
const cacheDir = path.join(home, 'cache');
// V8 rejects a cache made under other flags: runs with other flags (NODE_OPTIONS, --cpu-prof...) keep their own.
let flags = 5381;
for (const c of process.execArgv.join(' ') + '|' + (process.env.NODE_OPTIONS || '')) flags = ((flags * 33) ^ c.charCodeAt(0)) >>> 0;
const cacheFile = path.join(cacheDir, 'cli-' + BUILD.keys[kind] + '-' + process.version + '-' + process.arch + '-' + flags.toString(16) + '.v8');

// The cache file: "OBV8", then per script: name length (1 byte), name, data length (4 bytes LE), V8's data.
const MAGIC = 'OBV8';
/** The cached data of each script in the cache file; empty when there is none or it is not ours to trust. */
function readCaches() {
  const caches = new Map();
  let bytes;
  try {
    const dir = fs.statSync(cacheDir);
    if (!dir.isDirectory() || dir.uid !== process.getuid() || (dir.mode & 0o022) !== 0) return caches;
    bytes = fs.readFileSync(cacheFile);
  } catch {
    return caches; // no cache yet
  }
  if (bytes.length < 4 || bytes.toString('latin1', 0, 4) !== MAGIC) return caches;
  for (let at = 4; at < bytes.length; ) {
    const nameEnd = at + 1 + bytes[at];
    if (nameEnd + 4 > bytes.length) return new Map();
    const name = bytes.toString('latin1', at + 1, nameEnd);
    const end = nameEnd + 4 + bytes.readUInt32LE(nameEnd);
    if (end > bytes.length) return new Map();
    caches.set(name, bytes.subarray(nameEnd + 4, end));
    at = end;
  }
  return caches;
}
const caches = readCaches();
/** The scripts this run compiled, by name: their caches are written at exit when one was missing or rejected. */
const compiled = new Map();
let stale = false;

process.once('exit', () => {
  if (!stale) return;
  try {
    if (!fs.existsSync(home)) return;
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    const parts = [Buffer.from(MAGIC, 'latin1')];
    // Scripts this run did not load keep the cache an earlier run made for them.
    const entries = new Map([...caches, ...[...compiled].map(([name, script]) => [name, script.createCachedData()])]);
    for (const [name, data] of entries) {
      const head = Buffer.alloc(1 + name.length + 4);
      head[0] = name.length;
      head.write(name, 1, 'latin1');
      head.writeUInt32LE(data.length, 1 + name.length);
      parts.push(head, data);
    }
    const tmp = cacheFile + '.' + process.pid + '.tmp';
    fs.writeFileSync(tmp, Buffer.concat(parts), { mode: 0o600 });
    fs.renameSync(tmp, cacheFile);
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
  const cachedData = caches.get(name);
  const script = new vm.Script(fs.readFileSync(file, 'utf8'), { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    stale = true;
    caches.delete(name);
  }
  compiled.set(name, script);
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(__dirname);
  script.runInThisContext().call(mod.exports, mod.exports, bundleRequire, mod, file, __dirname);
  return mod.exports;
}

// fast.cjs gets the heavier of Node's built-ins as stand-ins that load them on first use: --help never needs
// crypto or child_process although modules it loads import them (cli.cjs gets the modules themselves).
const LAZY = kind === 'full' ? new Set() : new Set(['node:crypto', 'node:child_process']);
const CHUNKS = new Set(['./ajv.cjs', './validate.cjs']);
const required = new Map();
function bundleRequire(id) {
  if (CHUNKS.has(id)) {
    if (!required.has(id)) required.set(id, load(id.slice(2)));
    return required.get(id);
  }
  if (!LAZY.has(id)) return module.require(id);
  let standIn = required.get(id);
  if (standIn === undefined) {
    let real;
    const get = () => (real ??= module.require(id));
    standIn = new Proxy(
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
    required.set(id, standIn);
  }
  return standIn;
}

load(kind === 'full' ? 'cli.cjs' : 'fast.cjs');
