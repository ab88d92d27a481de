// `npm run pack` (the public packages as tarballs, and the one install line), and a peer or a command that
// dies of a missing module: one line naming the module and the command that installs it.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, runCli, tempDir, writeFiles } from './lib/fixture-home.js';

describe('npm run pack', { timeout: 120_000 }, () => {
  it('writes a tarball of sdk, host, mcp, protocol and manifest into dist/packs and prints the exact npm install lines', () => {
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'pack.mjs')], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 100_000 });
    assert.equal(r.status, 0, r.stderr);
    const line = /^ {2}npm install (.+)$/m.exec(r.stdout)?.[1];
    assert.ok(line, r.stdout);
    const tarballs = line.split(' ');
    assert.deepEqual(tarballs.map((t) => t.slice(t.lastIndexOf('/') + 1)), ['outboard-manifest-0.1.0.tgz', 'outboard-protocol-0.1.0.tgz', 'outboard-sdk-0.1.0.tgz']);
    for (const t of tarballs) {
      assert.ok(t.startsWith(join(REPO_ROOT, 'dist', 'packs')) && existsSync(t), t);
      const listing = spawnSync('tar', ['-tzf', t], { encoding: 'utf8' }).stdout;
      assert.match(listing, /^package\/dist\/src\/index\.js$/m, `${t} holds the compiled code`);
      assert.doesNotMatch(listing, /\/tests\//, `${t} holds no tests`);
    }
    // The host, for a tool that embeds it (docs/embedding.md), on a line of its own with what it needs.
    const hostLine = /^ {2}npm install (.+)$/gm.exec(r.stdout.slice(r.stdout.indexOf('embeds the host')))?.[1] ?? '';
    assert.deepEqual(hostLine.split(' ').map((t) => t.slice(t.lastIndexOf('/') + 1)), ['outboard-manifest-0.1.0.tgz', 'outboard-protocol-0.1.0.tgz', 'outboard-host-0.1.0.tgz'], r.stdout);
    // The MCP adapter, on a line of its own with the host packages whose types it uses.
    const mcpLine = /^ {2}npm install (.+)$/gm.exec(r.stdout.slice(r.stdout.indexOf('agents over MCP')))?.[1] ?? '';
    assert.deepEqual(mcpLine.split(' ').map((t) => t.slice(t.lastIndexOf('/') + 1)), ['outboard-manifest-0.1.0.tgz', 'outboard-protocol-0.1.0.tgz', 'outboard-host-0.1.0.tgz', 'outboard-mcp-0.1.0.tgz'], r.stdout);
    const sdkJson = spawnSync('tar', ['-xzOf', tarballs[2] as string, 'package/package.json'], { encoding: 'utf8' }).stdout;
    assert.deepEqual(Object.keys((JSON.parse(sdkJson) as { dependencies: object }).dependencies).sort(), ['@outboard/manifest', '@outboard/protocol']);
    assert.match(readFileSync(join(REPO_ROOT, 'docs', 'sdk.md'), 'utf8'), /npm run pack[\s\S]*npm install .*outboard-sdk-0\.1\.0\.tgz/);
  });
});

describe('a missing module', { timeout: 60_000 }, () => {
  let dir: ReturnType<typeof tempDir>;
  let home: string;
  before(() => {
    dir = tempDir('outboard-missing-');
    home = join(dir.path, 'home');
    mkdirSync(home);
    const pkg = (name: string, block: object) => ({
      name: `outboard-ext-${name}`,
      version: '1.0.0',
      type: 'module',
      engines: { outboard: '>=0.1.0' },
      dependencies: { 'no-such-package-xyz': '^1.0.0' },
      outboard: { extension: { apiVersion: 1, name, ...block } },
    });
    writeFiles(join(dir.path, 'lonely'), {
      'package.json': pkg('lonely', {
        peer: { bin: 'peer.js', activation: ['onAction'] },
        contributes: { actions: [{ id: 'lonely.hi', title: 'Hi' }] },
        capabilities: { required: ['ui.action.contribute'] },
      }),
      'peer.js': "import 'no-such-package-xyz';\n",
    });
    writeFiles(join(dir.path, 'lonecmd'), {
      'package.json': pkg('lonecmd', { commands: [{ name: 'lonecmd', bin: 'cli.js', summary: 'x' }] }),
      'cli.js': "import 'no-such-package-xyz';\n",
    });
    for (const name of ['lonely', 'lonecmd']) {
      assert.equal(runCli(['extensions', 'link', join(dir.path, name)], { home }).code, 0);
      const enabled = runCli(['extensions', 'enable', name, '--yes'], { home });
      assert.equal(enabled.code, 0, enabled.stderr);
    }
  });
  after(() => dir.cleanup());

  it('a peer: the action error names the module and the install command', () => {
    const r = runCli(['actions', 'run', 'lonely.hi'], { home });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /missing module "no-such-package-xyz": install it with `cd \S+lonely && npm install no-such-package-xyz`/);
  });

  it('a command: its own error, then one line naming the module and the install command', () => {
    const r = runCli(['lonecmd'], { home });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /ERR_MODULE_NOT_FOUND/);
    const lines = r.stderr.split('\n').filter((l) => l.includes('missing module'));
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0] as string, /lonecmd: missing module "no-such-package-xyz": install it with `cd \S+lonecmd && npm install no-such-package-xyz`/);
  });
});
