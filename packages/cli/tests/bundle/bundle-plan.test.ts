// scripts/bundle-plan.mjs names, module by module, what the CLI's fast bundle stubs out. A stubbed module that
// is renamed, moved or no longer imported dynamically by its importer fails here (and fails the build); the
// built fast.cjs holds a stub for each one (run.cjs, its warm path, for those it meets), and cli.cjs holds none.
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

/**
 * The modules a bundle holds, from its source map (the bundles are minified: no comment names a module): each
 * as its source file under packages/ (`host/src/host-core.ts`), or its path from node_modules/ for a package.
 */
function modulesOf(bundle: string): string[] {
  const map = JSON.parse(readFileSync(join(BUNDLE, `${bundle}.map`), 'utf8')) as { sources: string[] };
  return map.sources.map((source) => {
    const file = join(BUNDLE, source);
    const inModules = file.lastIndexOf('node_modules/');
    return inModules >= 0 ? file.slice(inModules) : relative(PACKAGES, file).split('\\').join('/');
  });
}
/** A compiled module named as {@link modulesOf} names it: host/dist/src/x.js is host/src/x.ts. */
const sourceOf = (module: string): string => module.replace('/dist/src/', '/src/').replace(/\.js$/, '.ts');

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
      assert.ok(modulesOf('fast.cjs').includes('host/src/host-core.ts'), 'the source map names the modules');
      assert.ok(!modulesOf('fast.cjs').includes(sourceOf(chunk.module)), `fast.cjs bundles ${chunk.module} itself`);
    });
  }

  it('fast.cjs and run.cjs leave out what only a policy file needs (picomatch, semver)', () => {
    assert.ok(modulesOf('policy.cjs').some((m) => m.startsWith('node_modules/picomatch/')), 'policy.cjs holds picomatch');
    for (const bundle of ['fast.cjs', 'run.cjs']) {
      const modules = modulesOf(bundle);
      assert.ok(!modules.some((m) => m.startsWith('node_modules/semver/')), `semver is bundled into ${bundle}`);
      assert.ok(!modules.some((m) => m.startsWith('node_modules/picomatch/')), `picomatch is bundled into ${bundle}`);
    }
  });

  it('run.cjs is the warm path of fast.cjs: its modules and its entry, without the command tree, router, help or prompt', () => {
    const run = modulesOf('run.cjs');
    const fast = new Set(modulesOf('fast.cjs'));
    assert.deepEqual(run.filter((m) => !fast.has(m)).sort(), ['cli/src/warm-main.ts', 'cli/src/warm-run.ts', 'host/src/run/input-trace.ts', 'host/src/run/launch-record.ts']);
    for (const left of ['cli/src/commands/command-tree.ts', 'cli/src/router/router.ts', 'cli/src/commands/root-help.ts', 'cli/src/consent/consent-flow.ts', 'cli/src/commands/dispatch.ts']) {
      assert.ok(fast.has(left), `fast.cjs holds ${left}`);
      assert.ok(!run.includes(left), `run.cjs holds ${left}`);
    }
    const stubText = (key: string) => `internal: ${key} is not in the CLI's fast bundle`;
    const runText = readFileSync(join(BUNDLE, 'run.cjs'), 'utf8');
    for (const s of plan.FAST_STUBS) assert.ok(runText.includes(stubText(`${s.importer} -> ${s.module}`)), `run.cjs has no stub for ${s.module}`);
  });

  it('launch.cjs starts a recorded command with none of the host\'s deciding: no discovery, approvals, config checks or policy', () => {
    const launch = modulesOf('launch.cjs');
    for (const own of ['cli/src/launch-main.ts', 'cli/src/recorded-launch.ts', 'host/src/run/launch-record.ts', 'host/src/run/launch-plan.ts', 'host/src/run/foreground-command.ts']) {
      assert.ok(launch.includes(own), `launch.cjs lacks ${own}`);
    }
    const deciding = launch.filter((m) => /^host\/src\/(discovery|approvals|config|policy|package-facts\/(?!stat-inputs))/.test(m) || m === 'host/src/host-core.ts' || m.startsWith('node_modules/'));
    assert.deepEqual(deciding, [], 'launch.cjs bundles the host\'s deciding');
    assert.ok(!modulesOf('launch.cjs').includes('host/src/run/input-trace.ts'), 'the trace is the warm path\'s, which keeps the record');
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
