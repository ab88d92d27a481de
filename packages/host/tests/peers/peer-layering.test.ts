// The peers and the process watchdog stand on narrow seams: no module of theirs imports the host (not even
// for a type), and the process folder knows nothing of peers, so the hub can use the watchdog as it is.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

/** Every relative import specifier of the TypeScript sources in `folder` (static, dynamic and type-only). */
function imports(folder: string): Array<{ file: string; spec: string }> {
  return readdirSync(`${SRC}${folder}`)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(`${SRC}${folder}/${file}`, 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => ({ file: `${folder}/${file}`, spec: m[1] as string })));
}

describe('peer layering', () => {
  it('no module of peers/ or process/ imports host.ts', () => {
    const offenders = [...imports('peers'), ...imports('process')].filter((i) => /(^|\/)host\.js$/.test(i.spec));
    assert.deepEqual(offenders, []);
  });

  it('process/ imports nothing of peers/', () => {
    assert.deepEqual(imports('process').filter((i) => i.spec.includes('peers/')), []);
  });
});
