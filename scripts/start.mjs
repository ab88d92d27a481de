// `npm start`: a throwaway home with the example extensions linked and approved, then a tour of the CLI.
// (The hub is not built yet; once it is, this starts it and prints its URL.)
import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'packages', 'cli', 'dist', 'bundle', 'main.js');
if (!existsSync(cli)) {
  process.stderr.write('The CLI is not built: run `npm ci` (it builds through prepare) or `npm run build` first.\n');
  process.exit(1);
}
const home = mkdtempSync(join(tmpdir(), 'outboard-demo-'));
const env = { ...process.env, OUTBOARD_HOME: home };

/** One argument as a POSIX shell needs it typed (quoted when it holds anything but plain characters). */
const shellQuote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** Runs the CLI, echoing the command line the way a user would type it (pasting it into a shell works). */
function outboard(...args) {
  process.stdout.write(`\n$ outboard ${args.map(shellQuote).join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], { env, stdio: 'inherit' });
  if (r.status !== 0 && !args.includes('doctor')) process.stderr.write(`(exit code ${r.status})\n`);
  return r.status;
}

const examples = join(root, 'examples');
const linked = [];
for (const name of readdirSync(examples).sort()) {
  const dir = join(examples, name);
  if (!existsSync(join(dir, 'package.json'))) continue;
  outboard('extensions', 'link', dir);
  linked.push(dir);
}
const list = spawnSync(process.execPath, [cli, 'extensions', 'list', '--json'], { env, encoding: 'utf8' });
for (const ext of JSON.parse(list.stdout)) if (ext.state === 'unapproved') outboard('extensions', 'enable', ext.name, '--yes', '--grant-all');
outboard('extensions', 'list');
outboard('--help');
outboard('hello', 'Ada');
outboard('actions', 'list');
outboard('actions', 'run', 'notes.add', '--args', JSON.stringify({ text: 'try Outboard' }));
outboard('actions', 'run', 'notes.list');
outboard('actions', 'run', 'python-example.greet', '--args', JSON.stringify({ name: 'Ada' }));
outboard('extensions', 'doctor');
process.stdout.write(`\nDemo home: ${home}\nKeep exploring with:\n  export OUTBOARD_HOME=${home}\n  alias outboard="node ${cli}"\n  outboard extensions info hello\n  outboard actions run notes.list\n`);
