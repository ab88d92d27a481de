// The bundles leave some packages outside (native-ish, large, or loaded only by the hub's code): each one they
// require must be a dependency of the CLI package itself, or an install where every package is its own
// (`npm install -g` of each tarball) fails with "Cannot find module" on the first command that reaches it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BUNDLE = fileURLToPath(new URL('../../bundle/', import.meta.url));
const PACKAGE_JSON = fileURLToPath(new URL('../../../package.json', import.meta.url));

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (spec: string): string => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

describe('the CLI bundle and its package', () => {
  it('declares every package the bundles require', () => {
    const declared = new Set(Object.keys((JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { dependencies: Record<string, string> }).dependencies));
    const required = new Set<string>();
    for (const file of readdirSync(BUNDLE).filter((f) => f.endsWith('.cjs'))) {
      const text = readFileSync(BUNDLE + file, 'utf8');
      for (const m of text.matchAll(/\brequire\("([^".][^"]*)"\)|\bimport\("([^".][^"]*)"\)/g)) {
        const spec = (m[1] ?? m[2]) as string;
        if (!spec.startsWith('node:')) required.add(packageOf(spec));
      }
    }
    assert.ok(required.has('ws'), `the scan found the bundles' requires: ${[...required].join(', ')}`);
    const missing = [...required].filter((name) => !declared.has(name));
    assert.deepEqual(missing, [], `packages/cli/package.json must list what the bundles require: ${missing.join(', ')}`);
  });
});
