import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from './lib/fixture-home.js';

// DESIGN §1: dependencies point downward only, and the host never loads extension code.
const ALLOWED: Record<string, readonly string[]> = {
  manifest: [],
  protocol: [],
  sdk: ['@outboard/manifest', '@outboard/protocol'],
  client: ['@outboard/protocol'],
  host: ['@outboard/manifest', '@outboard/protocol'],
  // The OpenTelemetry adapter sits on the host; the hub loads it when an OTLP endpoint is configured.
  otel: ['@outboard/host'],
  hub: ['@outboard/host', '@outboard/manifest', '@outboard/protocol', '@outboard/otel'],
  // The MCP adapter reads the host's types only and reaches the host through the hub's RPC.
  mcp: ['@outboard/host', '@outboard/protocol'],
  cli: ['@outboard/hub', '@outboard/host', '@outboard/client', '@outboard/manifest', '@outboard/mcp', '@outboard/protocol'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module specifier a file imports: static imports and exports, and literal dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]/g)) found.push(m[1] as string);
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1] as string);
  return found;
}

const PACKAGES = Object.keys(ALLOWED);

/** The source file a specifier names, if it is one of ours: relative paths, and `@outboard/<pkg>[/<subpath>]` through its exports. */
function resolveSource(from: string, spec: string): string | undefined {
  if (spec.startsWith('.')) {
    const target = resolve(dirname(from), spec);
    for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, join(target, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // try the next form
      }
    }
    return undefined;
  }
  const match = /^@outboard\/([^/]+)(\/.*)?$/.exec(spec);
  if (!match || !PACKAGES.includes(match[1] as string)) return undefined;
  const pkgDir = join(REPO_ROOT, 'packages', match[1] as string);
  const exportsMap = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> }).exports ?? {};
  const entry = exportsMap[`.${match[2] ?? ''}`];
  const target = typeof entry === 'string' ? entry : (entry as { default?: string } | undefined)?.default;
  if (typeof target !== 'string' || !target.startsWith('./dist/src/') || !target.endsWith('.js')) return undefined;
  return join(pkgDir, 'src', target.slice('./dist/src/'.length).replace(/\.js$/, '.ts'));
}

/**
 * Every import circle among the source files of all packages, counting every kind of edge (static, type-only,
 * re-export, dynamic `import()`): a type-only or lazy edge still ties the two files' designs together.
 * Each circle is returned once, as the files of one strongly connected component (Tarjan).
 */
function importCircles(): string[][] {
  const files = PACKAGES.flatMap((pkg) => sourceFiles(join(REPO_ROOT, 'packages', pkg, 'src')));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    // specifiers() sees `import type` and `export ... from` too: every kind of edge counts.
    const targets = specifiers(readFileSync(file, 'utf8')).map((spec) => resolveSource(file, spec));
    edges.set(file, [...new Set(targets.filter((t): t is string => t !== undefined))]);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) circles.push(component.map((f) => relative(REPO_ROOT, f)).sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return circles;
}

describe('layering', () => {
  it('no import circle between source files, within a package or across packages (type-only and lazy imports count)', () => {
    const circles = importCircles();
    assert.deepEqual(circles, [], `import circles:\n${circles.map((c) => `  ${c.join(' <-> ')}`).join('\n')}`);
  });

  for (const [pkg, allowed] of Object.entries(ALLOWED)) {
    it(`packages/${pkg} imports ${allowed.length ? `only ${allowed.join(', ')}` : 'no other workspace package'}`, () => {
      const files = sourceFiles(join(REPO_ROOT, 'packages', pkg, 'src'));
      assert.ok(files.length > 0);
      for (const file of files) {
        for (const spec of specifiers(readFileSync(file, 'utf8'))) {
          if (!spec.startsWith('@outboard/')) continue;
          const base = spec.split('/').slice(0, 2).join('/');
          assert.ok(allowed.includes(base), `${relative(REPO_ROOT, file)} imports ${spec}`);
        }
      }
    });
  }

  it('running a command loads no bus, broker, project store or peer module (static imports of the compiled host core)', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      // Compiled JS: type-only imports are gone; import() is lazy and does not count here.
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.[^'"]+)['"]/g)) visit(resolve(dirname(file), m[1] as string));
    };
    for (const entry of ['host-core.js', 'run/launch-plan.js', 'run/run-command.js']) visit(join(REPO_ROOT, 'packages', 'host', 'dist', 'src', entry));
    const loaded = [...seen].map((f) => relative(join(REPO_ROOT, 'packages', 'host', 'dist', 'src'), f));
    assert.ok(loaded.includes('config/config-service.js'), 'the walk follows the static imports');
    assert.deepEqual(loaded.filter((f) => /^(bus|broker|projects|peers|storage|contributions|install)\//.test(f) || f === 'host-registries.js'), []);
  });

  it('the host and the CLI never load code by a computed path (extension code is only ever spawned)', () => {
    for (const pkg of ['host', 'cli']) {
      for (const file of sourceFiles(join(REPO_ROOT, 'packages', pkg, 'src'))) {
        const text = readFileSync(file, 'utf8');
        const dynamic = [...text.matchAll(/\bimport\s*\(\s*([^)'"\s][^)]*)\)/g)].map((m) => m[1]);
        assert.deepEqual(dynamic, [], `${relative(REPO_ROOT, file)} imports a computed specifier`);
        assert.doesNotMatch(text, /\brequire\s*\(/, `${relative(REPO_ROOT, file)} calls require()`);
        assert.doesNotMatch(text, /\bcreateRequire\b/, `${relative(REPO_ROOT, file)} creates a require()`);
        assert.doesNotMatch(text, /\bnew\s+Function\s*\(|\beval\s*\(|\bvm\.\w+/, `${relative(REPO_ROOT, file)} evaluates code`);
      }
    }
  });
});
