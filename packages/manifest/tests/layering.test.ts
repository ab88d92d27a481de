// @outboard/manifest is pure: no host or CLI code, no file, process or network I/O. And its light entry
// must stay light: a host's `--help` path imports it, so it may not pull in semver or Ajv.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { packageRoot } from './package-root.js';

const root = packageRoot();
const srcDir = join(root, 'src');

const FORBIDDEN = [
  '@outboard/host',
  '@outboard/cli',
  'node:fs',
  'node:fs/promises',
  'fs',
  'fs/promises',
  'node:child_process',
  'child_process',
  'node:net',
  'net',
  'node:http',
  'http',
  'node:https',
  'https',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module specifier a file imports, re-exports, dynamically imports or requires. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

describe('layering of @outboard/manifest', () => {
  it('no file under src imports the host, the CLI, or file, process or network modules', () => {
    const files = sourceFiles(srcDir);
    assert.ok(files.length > 10, 'the source files were found');
    const offences = files.flatMap((file) =>
      specifiers(file)
        .filter((s) => FORBIDDEN.includes(s) || s.startsWith('@outboard/host/') || s.startsWith('@outboard/cli/'))
        .map((s) => `${relative(root, file)} imports ${s}`),
    );
    assert.deepEqual(offences, []);
  });

  it('the light entry reaches neither semver nor Ajv through its static imports', () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const s of specifiers(file)) {
        if (s.startsWith('.')) visit(resolve(dirname(file), s.replace(/\.js$/, '.ts')));
        else external.add(s);
      }
    };
    visit(join(srcDir, 'index.ts'));
    assert.ok(seen.size > 5);
    assert.deepEqual([...seen].filter((f) => f.includes(`${join('src', 'validate')}`)), []);
    assert.deepEqual([...external].filter((s) => !s.startsWith('node:')), []);
  });

  it('importing the light entry loads no package from node_modules (checked in a fresh process)', () => {
    const script = [
      "import { createRequire } from 'node:module';",
      "await import('@outboard/manifest');",
      'const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes("node_modules"));',
      'process.stdout.write(JSON.stringify(loaded));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 20_000 });
    assert.deepEqual(JSON.parse(out), []);
  });

  it('importing the validator loads no Ajv compiler, only its small runtime helper', () => {
    const script = [
      "import { createRequire } from 'node:module';",
      "await import('@outboard/manifest/validate');",
      'const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes("node_modules"));',
      'process.stdout.write(JSON.stringify(loaded));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 20_000 });
    const ajvModules = (JSON.parse(out) as string[]).filter((k) => /[\\/]ajv[\\/]/.test(k));
    assert.deepEqual(ajvModules.map((k) => k.replace(/^.*[\\/]ajv[\\/]/, 'ajv/')), ['ajv/dist/runtime/ucs2length.js']);
  });
});
