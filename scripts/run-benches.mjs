// Runs every compiled benchmark in bench/dist one after another; each prints its own figures, anchors, ratios
// and MET/MISSED verdicts, and ends with one `BENCH_JSON {...}` line.
//
//   npm run bench                      every benchmark
//   npm run bench -- dispatch cli-help those whose file name contains a word
//   npm run bench -- --json out.json   also writes every benchmark's BENCH_JSON object into one JSON file
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../bench/dist', import.meta.url));
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt === -1 ? undefined : args[jsonAt + 1];
if (jsonAt !== -1 && !jsonFile) {
  process.stderr.write('--json needs a file name: npm run bench -- --json <file>\n');
  process.exit(2);
}
const only = args.filter((a, i) => jsonAt === -1 || (i !== jsonAt && i !== jsonAt + 1));
const files = readdirSync(dir).filter((f) => f.endsWith('.js') && (only.length === 0 || only.some((o) => f.includes(o))));

/** Runs one benchmark, its output shown as it comes; resolves to its exit code and its BENCH_JSON objects. */
function runBench(file) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(dir, file)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const results = [];
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) collect(line, results, file);
    });
    child.on('close', (code) => {
      collect(pending, results, file);
      done({ code: code ?? 1, results });
    });
  });
}

function collect(line, results, file) {
  if (!line.startsWith('BENCH_JSON ')) return;
  try {
    results.push(JSON.parse(line.slice('BENCH_JSON '.length)));
  } catch {
    process.stderr.write(`${file}: a BENCH_JSON line that is not JSON\n`);
  }
}

let failed = 0;
const report = { node: process.version, platform: `${process.platform}-${process.arch}`, startedAt: new Date().toISOString(), benches: [] };
for (const file of files.sort()) {
  process.stdout.write(`\n== ${file.replace(/\.js$/, '')}\n`);
  const { code, results } = await runBench(file);
  if (code !== 0) failed++;
  report.benches.push(...(results.length ? results : [{ bench: file.replace(/\.js$/, ''), exitCode: code, figures: {}, goals: [] }]));
}
if (jsonFile) {
  writeFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), jsonFile), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nWrote ${report.benches.length} benchmark results to ${jsonFile}\n`);
}
process.exit(failed ? 1 : 0);
