// Runs every compiled benchmark in bench/dist one after another; each prints its own figures and ratios.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../bench/dist', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.js') && (only.length === 0 || only.some((o) => f.includes(o))));
let failed = 0;
for (const file of files.sort()) {
  process.stdout.write(`\n== ${file.replace(/\.js$/, '')}\n`);
  const r = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
