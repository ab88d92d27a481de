// scripts/bundle-plan.mjs names, module by module, what the CLI's fast bundle stubs out. A stubbed module that
// is renamed, moved or no longer imported dynamically by its importer fails here (and fails the build); the
// built fast.cjs holds a stub for each one, and cli.cjs holds none.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGES = fileURLToPath(new URL('../../../../', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../bundle/', import.meta.url));
const PLAN = fileURLToPath(new URL('../../../../../scripts/bundle-plan.mjs', import.meta.url));

interface Plan {
  STUB_ALL_DYNAMIC_IMPORTS_OF: string[];
  FAST_STUBS: Array<{ importer: string; module: string; why: string }>;
  FAST_MODULE_CHUNKS: Array<{ file: string; importer: string; module: string; why: string }>;
}
const plan = (await import(pathToFileURL(PLAN).href)) as Plan;

/** The specifier `importer` uses for `module`: `./x.js` style for a file, the package name otherwise. */
function specifierOf(importer: string, module: string): string {
  if (module.startsWith('@') || !module.includes('/dist/')) return module;
  const spec = relative(dirname(join(PACKAGES, importer)), join(PACKAGES, module)).split('\\').join('/');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

/** Every `import('…')` specifier in a compiled file. */
const dynamicImports = (text: string): string[] => [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] as string);

describe('the fast bundle stubs modules named one by one', () => {
  it('names at least the built-in commands and the peer-only host modules', () => {
    assert.ok(plan.STUB_ALL_DYNAMIC_IMPORTS_OF.length > 0);
    assert.ok(plan.FAST_STUBS.length > 0);
  });

  for (const stub of plan.FAST_STUBS) {
    it(`${stub.module} exists and ${stub.importer} imports it dynamically`, () => {
      const importer = join(PACKAGES, stub.importer);
      assert.ok(existsSync(importer), `${stub.importer} is missing: update scripts/bundle-plan.mjs`);
      if (stub.module.includes('/dist/')) assert.ok(existsSync(join(PACKAGES, stub.module)), `${stub.module} is missing (renamed?): update scripts/bundle-plan.mjs`);
      const spec = specifierOf(stub.importer, stub.module);
      assert.ok(dynamicImports(readFileSync(importer, 'utf8')).includes(spec), `${stub.importer} no longer has import('${spec}'): update scripts/bundle-plan.mjs`);
    });
  }

  for (const importer of plan.STUB_ALL_DYNAMIC_IMPORTS_OF) {
    it(`every dynamic import of ${importer} names a file that exists`, () => {
      const file = join(PACKAGES, importer);
      assert.ok(existsSync(file), `${importer} is missing: update scripts/bundle-plan.mjs`);
      const specs = dynamicImports(readFileSync(file, 'utf8'));
      assert.ok(specs.length > 0, `${importer} imports nothing dynamically`);
      for (const spec of specs) assert.ok(existsSync(join(dirname(file), spec)), `${importer} imports ${spec}, which is missing`);
    });
  }

  for (const chunk of plan.FAST_MODULE_CHUNKS) {
    it(`${chunk.module} exists, ${chunk.importer} imports it dynamically, and fast.cjs loads it from ${chunk.file}`, () => {
      const importer = join(PACKAGES, chunk.importer);
      assert.ok(existsSync(importer), `${chunk.importer} is missing: update scripts/bundle-plan.mjs`);
      assert.ok(existsSync(join(PACKAGES, chunk.module)), `${chunk.module} is missing (renamed?): update scripts/bundle-plan.mjs`);
      const spec = specifierOf(chunk.importer, chunk.module);
      assert.ok(dynamicImports(readFileSync(importer, 'utf8')).includes(spec), `${chunk.importer} no longer has import('${spec}'): update scripts/bundle-plan.mjs`);
      assert.ok(existsSync(join(BUNDLE, chunk.file)), `${chunk.file} was not built`);
      const fast = readFileSync(join(BUNDLE, 'fast.cjs'), 'utf8');
      assert.ok(fast.includes(`require("./${chunk.file}")`), `fast.cjs does not load ${chunk.file}`);
      assert.ok(!fast.includes(`// ${chunk.module.replace(/^[^/]+/, (pkg) => `packages/${pkg}`)}`), `fast.cjs bundles ${chunk.module} itself`);
    });
  }

  it('fast.cjs leaves out what only a policy file needs (picomatch, semver)', () => {
    const fast = readFileSync(join(BUNDLE, 'fast.cjs'), 'utf8');
    assert.ok(!fast.includes('node_modules/semver/'), 'semver is bundled into fast.cjs');
    assert.ok(!fast.includes('node_modules/picomatch/'), 'picomatch is bundled into fast.cjs');
  });

  it('fast.cjs holds a stub for each named module and each built-in command; cli.cjs holds none', () => {
    const fast = readFileSync(join(BUNDLE, 'fast.cjs'), 'utf8');
    const full = readFileSync(join(BUNDLE, 'cli.cjs'), 'utf8');
    const stubText = (key: string) => `internal: ${key} is not in the CLI's fast bundle`;
    const keys = plan.FAST_STUBS.map((s) => `${s.importer} -> ${s.module}`);
    for (const importer of plan.STUB_ALL_DYNAMIC_IMPORTS_OF) {
      for (const spec of dynamicImports(readFileSync(join(PACKAGES, importer), 'utf8'))) {
        keys.push(`${importer} -> ${relative(PACKAGES, join(PACKAGES, dirname(importer), spec)).split('\\').join('/')}`);
      }
    }
    for (const key of keys) {
      assert.ok(fast.includes(stubText(key)), `fast.cjs has no stub for ${key}`);
      assert.ok(!full.includes(stubText(key)), `cli.cjs stubs ${key}`);
    }
  });
});
