// How long importing each entry of @outboard/manifest takes in a fresh Node process: the median of N
// interleaved runs, next to the anchor of importing a one-line local ES module (the loader's fixed cost).
// Usage: npx tsc -b packages/manifest && node packages/manifest/scripts/measure-import.mjs [runs]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const runs = Math.min(Math.max(Number(process.argv[2] ?? 21), 1), 60);
const cwd = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'manifest-import-'));
try {
  const trivial = join(dir, 'one-line.mjs');
  writeFileSync(trivial, 'export const one = 1;\n');
  const anchorSpecifier = pathToFileURL(trivial).href;
  const specifiers = [anchorSpecifier, '@outboard/manifest', '@outboard/manifest/validate', '@outboard/manifest/schema'];
  const importMs = (specifier) => {
    const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
    return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8', timeout: 30_000 }));
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const results = new Map(specifiers.map((s) => [s, []]));
  for (let i = 0; i < runs; i++) for (const s of specifiers) results.get(s).push(importMs(s));
  const anchor = median(results.get(anchorSpecifier));
  for (const s of specifiers) {
    const m = median(results.get(s));
    const label = s === anchorSpecifier ? 'anchor: one-line local module' : s;
    process.stdout.write(`${label.padEnd(32)} median ${m.toFixed(2).padStart(7)} ms  ${(m / anchor).toFixed(2)}x anchor  (+${(m - anchor).toFixed(2)} ms)\n`);
  }
  process.stdout.write(`(${runs} fresh processes per entry, interleaved)\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
