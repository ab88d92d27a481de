// Every command line the docs show (docs/*.md and the README's usage block) is one the CLI understands: each is
// run, with its placeholders filled in, in a home with the examples linked and approved, and must not end in a
// usage error (an unknown command, subcommand or option, a missing or unexpected argument).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir, writeFiles } from './lib/fixture-home.js';

const EXAMPLES = join(REPO_ROOT, 'examples');

/** The `outboard ...` lines of a markdown file: in shell code blocks, and in inline code spans. */
function commandLines(markdown: string): string[] {
  const found: string[] = [];
  for (const block of markdown.matchAll(/```(?:sh|bash|shell|console)?\n([\s\S]*?)```/g)) {
    for (const raw of (block[1] as string).split('\n')) {
      const line = raw.trim().replace(/^\$\s+/, '').replace(/\s+#.*$/, '');
      if (line.startsWith('outboard ')) found.push(line);
    }
  }
  for (const span of markdown.matchAll(/`(outboard [^`]+)`/g)) found.push(span[1] as string);
  return found;
}

/** `a && b` is two commands; `outboard x list | info <name>` (alternatives outside <...>) is one per alternative. */
function expand(line: string): string[] {
  return line.split(/\s+&&\s+/).flatMap((command) => {
    const parts = command.split(/ \| (?![^<]*>)/);
    if (parts.length === 1) return [command];
    const first = (parts[0] as string).split(' ');
    const prefix = first.slice(0, -1).join(' ');
    return [parts[0] as string, ...parts.slice(1).map((p) => `${prefix} ${p}`)];
  });
}

/** The argv a user would type for a documented line: optional parts left out, placeholders filled in. */
function argvOf(line: string): string[] {
  let text = line.replace(/^outboard /, '');
  // Optional parts and repetitions: the shortest form is the one that must always work.
  for (let i = 0; i < 5; i++) text = text.replace(/\s*\[[^[\]]*\]/g, '');
  text = text.replace(/\s*\.\.\.args\b|\s*\bargs\.\.\.|\.\.\./g, '');
  text = text.replace(/^<(name|command|extension-command)>/, 'hello');
  const values: Record<string, string> = {
    name: 'notes',
    capability: 'ui.notification',
    cap: 'ui.notification',
    path: join(EXAMPLES, 'notes'),
    spec: './no-such-folder',
    'package | tarball | folder': './no-such-folder',
    key: 'demo.key',
    value: '1',
    flag: 'anything',
    id: 'notes.list',
    json: '{}',
    command: 'hello',
    group: 'actions',
    text: 'todo',
  };
  text = text.replace(/<([^>]+)>/g, (all, name: string) => values[name] ?? all);
  const argv: string[] = [];
  // Words, keeping a quoted JSON argument whole.
  for (const m of text.matchAll(/'([^']*)'|(\S+)/g)) {
    const word = m[1] ?? m[2] ?? '';
    assert.doesNotMatch(word, /[<>]/, `a placeholder without a value in "${line}"`);
    argv.push(word);
  }
  return argv;
}

describe('every command line in the docs and the README works', { timeout: 120_000 }, () => {
  const tmp = tempDir('outboard-docs-');
  const home = join(tmp.path, 'home');
  const cwd = join(tmp.path, 'work');
  // Sorted: the order is the same on every file system (a documented `hub start` changes what later lines meet).
  const sources = [...readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => join('docs', f)), 'README.md'];
  const lines = new Map<string, string>();
  for (const file of sources) {
    const markdown = readFileSync(join(REPO_ROOT, file), 'utf8');
    // The README's usage block, not its prose about building the repository.
    const text = file === 'README.md' ? (/## Using it\n+```sh\n[\s\S]*?```/.exec(markdown)?.[0] ?? '') : markdown;
    for (const line of commandLines(text).flatMap(expand)) if (!lines.has(line)) lines.set(line, file);
  }

  before(() => {
    writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
    for (const name of readdirSync(EXAMPLES).sort()) {
      const linked = runCli(['extensions', 'link', join(EXAMPLES, name)], { home, cwd });
      assert.equal(linked.code, 0, linked.stderr);
    }
    for (const name of ['hello', 'notes', 'python-example']) {
      const approved = runCli(['extensions', 'enable', name, '--yes', '--grant-all'], { home, cwd });
      assert.equal(approved.code, 0, approved.stderr);
    }
  });
  after(() => {
    // A documented `hub start` runs a hub in this home: stop it before the home goes.
    runCli(['hub', 'stop'], { home, cwd });
    tmp.cleanup();
  });

  it('finds the documented commands', () => {
    assert.ok(lines.size >= 25, [...lines.keys()].join('\n'));
    assert.ok([...lines.values()].includes('README.md'));
  });

  for (const [line, file] of lines) {
    it(`${file}: ${line}`, () => {
      const argv = argvOf(line);
      // `--follow` runs until stopped when a hub is up (a documented `hub start` may have run before): a few
      // seconds without a usage error is the pass.
      const follows = argv.includes('--follow');
      // A documented `hub start` (or `mcp`, which starts one) takes the default port, 3117: here a free one, so
      // the run never depends on what else listens on this machine (another checkout's tests, the user's hub).
      if ((argv[0] === 'mcp' || (argv[0] === 'hub' && argv[1] === 'start')) && !argv.includes('--port')) argv.push('--port', '0');
      const r = runCli(argv, { home, cwd, env: { OUTBOARD_DEBUG: '1' }, timeout: follows ? 5_000 : 60_000, untilTimeout: follows });
      const usage = /UsageError|unknown (option|command)|: missing |unexpected argument|needs a value|takes no value/.test(r.stderr);
      // An unknown subcommand exits 1, as an unknown command does: `Unknown command "<group> <word>"`.
      const unknownSubcommand = /Unknown command "\S+ /.test(r.stderr);
      assert.ok(!(r.code === 2 && usage) && !unknownSubcommand && !/UsageError/.test(r.stderr), `\`outboard ${argv.join(' ')}\` is a usage error (exit ${r.code}):\n${r.stderr}`);
    });
  }
});
