import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './lib/fixture-home.js';

// DESIGN §1: dependencies point downward only, and the host never loads extension code.
const ALLOWED: Record<string, readonly string[]> = {
  manifest: [],
  protocol: [],
  host: ['@outboard/manifest', '@outboard/protocol'],
  cli: ['@outboard/host', '@outboard/manifest', '@outboard/protocol'],
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

describe('layering', () => {
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
