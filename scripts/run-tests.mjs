// Runs every compiled test file with Node's built-in runner. Files are listed explicitly so that
// fixture programs (which are plain .js) are never mistaken for tests.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const roots = [
  ...readdirSync(join(root, 'packages')).map((p) => join(root, 'packages', p, 'dist', 'tests')),
  join(root, 'tests', 'e2e', 'dist'),
];

/** @param {string} dir @returns {string[]} */
function collect(dir) {
  let entries;
  try { entries = readdirSync(dir); } catch { return []; }
  return entries.flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'fixtures' ? [] : collect(full);
    return name.endsWith('.test.js') ? [full] : [];
  });
}

const filter = process.argv.slice(2);
const files = roots.flatMap(collect).filter((f) => filter.length === 0 || filter.some((s) => f.includes(s)));
if (files.length === 0) {
  process.stderr.write('no test files found: run `npm run build` first\n');
  process.exit(1);
}
const child = spawn(process.execPath, ['--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
