// docs/embedding.md as a new embedder follows it: `npm run pack`, the printed `npm install` line of the host run
// in an empty folder with real npm (local tarballs only, no registry), then the page's example host, `acme`,
// saved as acme.mjs and run as written: it lists, refuses before approval, approves, runs an extension command
// with the ACME_ contract, and suggests on a typo.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import { installOffline, packPublic, packRegistryDependencies } from './lib/install-outboard.js';

const page = readFileSync(join(REPO_ROOT, 'docs', 'embedding.md'), 'utf8');

/** The code block after `<!-- embedding-example -->` in docs/embedding.md. */
function embeddingExample(): string {
  const match = /<!-- embedding-example -->\s*```js\n([\s\S]*?)\n```/.exec(page);
  assert.ok(match?.[1], 'docs/embedding.md has a js block after <!-- embedding-example -->');
  return match[1];
}

describe('docs/embedding.md: install the packed host and run the example host (acme)', { timeout: 240_000 }, () => {
  const tmp = tempDir('outboard-embedding-');
  const tool = join(tmp.path, 'acme-tool');
  const home = join(tmp.path, 'acme-home');
  const main = join(tool, 'acme.mjs');
  before(() => {
    const packs = packPublic(join(tmp.path, 'packs'));
    // The page's own install line: manifest, protocol and host, as `npm run pack` prints it.
    const line = /^npm install (\S+outboard-manifest-\S+\.tgz \S+outboard-protocol-\S+\.tgz \S+outboard-host-\S+\.tgz)$/m.exec(page)?.[1];
    assert.ok(line, 'docs/embedding.md shows the npm install line of the host and what it needs');
    const wanted = line.split(' ').map((t) => /outboard-([a-z]+)-/.exec(t)?.[1] as string);
    assert.deepEqual(wanted, ['manifest', 'protocol', 'host']);
    writeFiles(tool, { 'package.json': { name: 'acme-tool', version: '1.0.0', private: true, type: 'module' }, 'acme.mjs': embeddingExample() });
    installOffline(tool, [...wanted.map((w) => packs[w] as string), ...packRegistryDependencies(wanted, join(tmp.path, 'registry'))]);
    const report = [
      `const env = process.env;`,
      `process.stdout.write(JSON.stringify({ args: process.argv.slice(2), name: env.ACME_EXTENSION_NAME, api: env.ACME_EXTENSION_API,`,
      `  config: env.ACME_EXTENSION_CONFIG, outboard: Object.keys(env).filter((k) => k.startsWith('OUTBOARD_EXTENSION')) }) + '\\n');`,
    ].join('\n');
    const mods = join(home, 'extensions', 'node_modules');
    writeExtension(join(mods, 'acme-hello'), { name: 'hello', hostId: 'acme', engines: '>=2.0.0' }, { 'bin/cli.js': report });
    writeExtension(join(mods, 'outboard-only'), { name: 'elsewhere' });
  });
  after(() => tmp.cleanup());

  const acme = (args: string[]) => runCli(args, { home: join(tmp.path, 'unused-outboard-home'), main, env: { ACME_HOME: home }, cwd: tool });

  it('the example is a whole host in at most 30 lines, on the installed @outboard/host only', () => {
    const lines = embeddingExample().split('\n');
    assert.ok(lines.length <= 30, `the example has ${lines.length} lines`);
    assert.match(lines[0] as string, /^import \{ [^}]+ \} from '@outboard\/host';$/);
    assert.ok(existsSync(join(tool, 'node_modules', '@outboard', 'host', 'dist', 'src', 'index.js')), 'installed from the tarball');
    assert.ok(!existsSync(join(tool, 'node_modules', '@outboard', 'cli')) && !existsSync(join(tool, 'node_modules', '@outboard', 'hub')), 'the host needs neither the CLI nor the hub');
  });

  it('lists, refuses before approval, approves, runs with the ACME_ contract, and suggests', () => {
    const list = acme(['list']);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^hello\t1\.0\.0\tunapproved\tnot approved yet$/m);
    assert.doesNotMatch(list.stdout, /elsewhere/);

    const refused = acme(['hello', 'a']);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /^hello: not approved; run: acme approve hello$/m);

    const approved = acme(['approve', 'hello']);
    assert.equal(approved.code, 0, approved.stderr);
    assert.match(approved.stdout, /approved hello/);
    const run = acme(['hello', 'a', 'b c']);
    assert.equal(run.code, 0, run.stderr);
    const seen = JSON.parse(run.stdout) as { args: string[]; name: string; api: string; config: string; outboard: string[] };
    assert.deepEqual(seen.args, ['a', 'b c']);
    assert.equal(seen.name, 'hello');
    assert.equal(seen.api, '1');
    assert.ok(seen.config.startsWith(join(home, 'ext', 'hello', 'acme-config-')), seen.config);
    assert.deepEqual(seen.outboard, []);

    const typo = acme(['helo']);
    assert.equal(typo.code, 1);
    assert.match(typo.stderr, /^helo: unknown command; did you mean hello\?$/m);
    const missing = acme(['approve', 'nope']);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, 'no extension is called "nope"; see: acme list\n');
  });
});
