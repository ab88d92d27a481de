import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const src = join(packageRoot, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : name.endsWith('.ts') ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
}

describe('layering of @outboard/protocol', () => {
  it('depends on no other workspace package, in code or in package.json', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const declared = Object.keys({ ...manifest['dependencies'], ...manifest['peerDependencies'], ...manifest['optionalDependencies'] });
    assert.deepEqual(declared, []);
    for (const file of sources(src)) {
      for (const specifier of imports(file)) {
        assert.ok(specifier.startsWith('node:') || specifier.startsWith('./') || specifier.startsWith('../'), `${relative(packageRoot, file)} imports ${specifier}`);
        if (specifier.startsWith('.')) assert.ok(!join(file, '..', specifier).startsWith(join(packageRoot, '..')) || join(file, '..', specifier).startsWith(src), `${relative(packageRoot, file)} reaches outside src: ${specifier}`);
      }
    }
  });

  it('keeps the core free of Node: tsconfig.core.json compiles it with "types": [], and only node/ and the process-driving conformance files are left out', () => {
    // JSONC: drop the comment lines before parsing.
    const text = readFileSync(join(packageRoot, 'tsconfig.core.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const core = JSON.parse(text) as { compilerOptions: { types: string[] }; exclude: string[] };
    assert.deepEqual(core.compilerOptions.types, []);
    const allowed = new Set(['src/node/**', 'src/index.ts', 'src/conformance/cli.ts', 'src/conformance/conformance-report.ts', 'src/conformance/conformance-runner.ts', 'src/conformance/conformance-steps.ts', 'src/conformance/conformance-vectors.ts', 'src/conformance/peer-process-session.ts']);
    assert.deepEqual(core.exclude.filter((e) => !allowed.has(e)), [], 'a file left out of the core check must be added here on purpose');
    const excluded = (file: string): boolean => {
      const path = relative(packageRoot, file).split('\\').join('/');
      return core.exclude.some((e) => (e.endsWith('/**') ? path.startsWith(e.slice(0, -2)) : path === e));
    };
    const offenders = sources(src)
      .filter((file) => !excluded(file))
      .flatMap((file) => imports(file).filter((s) => s.startsWith('node:')).map((s) => `${relative(src, file)} imports ${s}`));
    assert.deepEqual(offenders, []);
  });

  it('has no console in library code (stdout may be the wire)', () => {
    // Assigning console members (the stdio transport's redirect to stderr) is allowed; calling them is not.
    const offenders = sources(src).filter((file) => /\bconsole\.\w+\(/.test(readFileSync(file, 'utf8')));
    assert.deepEqual(offenders.map((f) => relative(src, f)), []);
  });
});
