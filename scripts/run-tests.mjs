// Runs every compiled test file with Node's built-in runner. Files are listed explicitly so that
// fixture programs (which are plain .js) are never mistaken for tests.
//
// Output: the spec reporter (one line per test, failures in full) for people, and at the end the TAP summary
// lines CI greps (`# tests`, `# pass`, `# fail`...) followed by one `N passed, N failed` line. `--tap` prints
// the raw TAP stream instead. Arguments other than flags select test files by substring of their path.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
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

const args = process.argv.slice(2);
const rawTap = args.includes('--tap');
const filter = args.filter((a) => !a.startsWith('--'));
const files = roots.flatMap(collect).filter((f) => filter.length === 0 || filter.some((s) => f.includes(s)));
if (files.length === 0) {
  process.stderr.write('no test files found: run `npm run build` first\n');
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'outboard-test-report-'));
const tapFile = join(scratch, 'report.tap');
const reporters = rawTap
  ? ['--test-reporter=tap', '--test-reporter-destination=stdout']
  : ['--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tapFile}`];
const child = spawn(process.execPath, ['--test', '--test-concurrency=2', ...reporters, ...files], { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  if (!rawTap) printSummary();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});

/** The TAP closing lines (top level: no indentation) and one plain sentence with the counts. */
function printSummary() {
  let tap = '';
  try {
    tap = readFileSync(tapFile, 'utf8');
  } catch {
    return;
  }
  const summary = tap.split('\n').filter((l) => /^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /.test(l));
  const count = (name) => Number(summary.find((l) => l.startsWith(`# ${name} `))?.split(' ')[2] ?? 0);
  process.stdout.write(`\n${summary.join('\n')}\n${count('pass')} passed, ${count('fail')} failed${count('cancelled') ? `, ${count('cancelled')} cancelled` : ''}\n`);
}
