// `npm start`: the hub in a throwaway home with the example extensions linked and approved, a short tour of
// the CLI going through it, and a sign-in link (a one-time code, valid 2 minutes: never the token itself). Ctrl+C stops the hub (its peers and
// sidecars with it) and removes the home: nothing is left behind.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'packages', 'cli', 'dist', 'bundle', 'main.js');
if (!existsSync(cli)) {
  process.stderr.write('The CLI is not built: run `npm ci` (it builds through prepare) or `npm run build` first.\n');
  process.exit(1);
}
const home = mkdtempSync(join(tmpdir(), 'outboard-demo-'));
const env = { ...process.env, OUTBOARD_HOME: home };
const port = process.env.OUTBOARD_HUB_PORT ?? '3117';

/** One argument as a POSIX shell needs it typed (quoted when it holds anything but plain characters). */
const shellQuote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
const quiet = (...args) => spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });

/** Runs the CLI, echoing the command line the way a user would type it (pasting it into a shell works). */
function outboard(...args) {
  process.stdout.write(`\n$ outboard ${args.map(shellQuote).join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], { env, stdio: 'inherit' });
  if (r.status !== 0) process.stderr.write(`(exit code ${r.status})\n`);
}

for (const name of readdirSync(join(root, 'examples')).sort()) {
  const dir = join(root, 'examples', name);
  if (existsSync(join(dir, 'package.json'))) quiet('extensions', 'link', dir);
}
for (const ext of JSON.parse(quiet('extensions', 'list', '--json').stdout)) {
  if (ext.state === 'unapproved') quiet('extensions', 'enable', ext.name, '--yes', '--grant-all');
}

/** Starts the hub in the foreground (its output forwarded), resolving once hub.json names it. */
function startHub(portArg) {
  const hub = spawn(process.execPath, [cli, 'hub', 'start', '--foreground', '--port', portArg], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  hub.stdout.setEncoding('utf8').on('data', (d) => (output += d));
  hub.stderr.setEncoding('utf8').on('data', (d) => (output += d));
  const exited = new Promise((resolve) => hub.on('exit', (code) => resolve(code)));
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (hub.exitCode !== null) {
        clearInterval(poll);
        resolve({ hub, exited, state: undefined, output });
        return;
      }
      try {
        const state = JSON.parse(readFileSync(join(home, 'hub.json'), 'utf8'));
        if (state.pid === hub.pid) {
          clearInterval(poll);
          resolve({ hub, exited, state, output });
        }
      } catch {
        // not written yet
      }
    }, 50);
  });
}

// This repository as a project: the git-status example shows its branch and changed files.
quiet('projects', 'add', root, '--id', 'outboard');

let started = await startHub(port);
// The default port is taken (another hub?): any free port will do for a demo.
if (!started.state && /already in use/.test(started.output)) started = await startHub('0');
if (!started.state) {
  process.stderr.write(`The hub did not start:\n${started.output}`);
  rmSync(home, { recursive: true, force: true });
  process.exit(1);
}
const { hub, exited, state } = started;

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  if (hub.exitCode === null) hub.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

outboard('extensions', 'list');
outboard('actions', 'run', 'notes.add', '--args', JSON.stringify({ text: 'try Outboard' }));
outboard('hello', 'Ada');
outboard('actions', 'run', 'git-status.log', '--project', 'outboard', '--args', JSON.stringify({ count: 3 }));
outboard('status');

// `hub status` prints a fresh sign-in link: a one-time code the hub exchanges for its cookie.
const signIn = /(http:\/\/\S+\?code=\S+)/.exec(quiet('hub', 'status').stdout)?.[1];
process.stdout.write(
  `\nThe hub runs at ${state.url} (home ${home}).\n` +
    `Sign in with this link (it works once, within 2 minutes):\n  ${signIn ?? '(the hub gave no link: run `outboard hub open`)'}\n` +
    `then the dashboard example: ${state.url}x/dashboard/\n` +
    `In another terminal:\n  export OUTBOARD_HOME=${home}\n  alias outboard="node ${cli}"\n  outboard hub open   (a fresh sign-in link, opened in your browser)\n` +
    'Ctrl+C stops the hub and removes this home.\n',
);

const code = await exited;
rmSync(home, { recursive: true, force: true });
process.stdout.write(`\nHub stopped${code === 0 ? '' : ` (exit code ${code})`}; removed ${home}.\n`);
process.exit(0);
