// `outboard extensions create`: each variant is written into a temp folder, accepted by doctor, linked,
// approved and run through the built CLI, and its own `node --test` passes. The Node peer and the sidecar are
// written on @outboard/sdk, installed as docs/sdk.md says (the tarballs of `npm run pack`, with real npm, from
// local files only), and then run for real: the action through `actions run`, the page through a hub. Bad
// names and used folders are refused with the manifest's own checks, and nothing is written.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, runCliJson, tempDir } from './lib/fixture-home.js';
import { installOffline, packPublic, packRegistryDependencies } from './lib/install-outboard.js';

describe('outboard extensions create', { timeout: 300_000 }, () => {
  const tmp = tempDir('outboard-create-');
  const home = join(tmp.path, 'home');
  const work = join(tmp.path, 'work');
  mkdirSync(work, { recursive: true });
  after(() => tmp.cleanup());
  const cli = (...args: string[]) => runCli(args, { home, cwd: work });
  let sdkTarballs: string[] | undefined;
  /** `npm install` of the SDK's tarballs (and of its registry dependencies, packed from this checkout) into `dir`. */
  const installSdk = (dir: string): void => {
    if (!sdkTarballs) {
      const packs = packPublic(join(tmp.path, 'packs'));
      sdkTarballs = [...['manifest', 'protocol', 'sdk'].map((name) => packs[name] as string), ...packRegistryDependencies(['sdk', 'manifest', 'protocol'], join(tmp.path, 'registry'))];
    }
    installOffline(dir, sdkTarballs);
  };

  /**
   * Creates (installing the SDK when the scaffold says it needs it), links, approves; checks doctor has nothing
   * to say about it, `$schema` names a file that exists once installed, and its own test passes.
   */
  function createAndEnable(name: string, ...flags: string[]): string {
    const created = cli('extensions', 'create', name, ...flags);
    assert.equal(created.code, 0, created.stderr);
    const dir = join(work, name);
    assert.match(created.stdout, new RegExp(`Created extension "${name}" in ${dir}`));
    assert.match(created.stdout, new RegExp(`outboard extensions link ${dir}`));
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const schema = pkg.outboard.extension.$schema as string;
    assert.equal(schema, './node_modules/@outboard/manifest/schema/extension-manifest.v1.schema.json');
    assert.ok(existsSync(join(dir, 'README.md')));
    if (pkg.dependencies?.['@outboard/sdk']) {
      assert.match(created.stdout, /npm install .*npm run pack/);
      installSdk(dir);
      // The schema the editor reads is the installed package's copy, on this machine.
      assert.ok(existsSync(join(dir, schema)), `${schema} exists after the install`);
      assert.equal(typeof JSON.parse(readFileSync(join(dir, schema), 'utf8')).properties, 'object');
    } else {
      assert.equal(pkg.devDependencies?.['@outboard/manifest'], '^0.1.0', 'a package that imports nothing still gets the schema from @outboard/manifest');
    }
    const linked = cli('extensions', 'link', dir);
    assert.equal(linked.code, 0, linked.stderr);
    const doctor = runCliJson<{ ok: boolean; problems: unknown[] }>(['extensions', 'doctor', '--json'], { home, cwd: work });
    assert.equal(doctor.code, 0, JSON.stringify(doctor.json));
    assert.deepEqual(doctor.json.problems, []);
    const enabled = cli('extensions', 'enable', name, '--yes');
    assert.equal(enabled.code, 0, enabled.stderr);
    const own = spawnSync(process.execPath, ['--test'], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_TEST_CONTEXT: undefined } });
    assert.equal(own.status, 0, `${own.stdout}\n${own.stderr}`);
    return dir;
  }

  it('a command: linked and approved, it runs at once and reads its config', () => {
    createAndEnable('greeter');
    const hello = cli('greeter', 'Ada');
    assert.equal(hello.code, 0, hello.stderr);
    assert.equal(hello.stdout, 'Hello, Ada!\n');
    assert.equal(cli('config', 'extensions.greeter.greeting', 'Ahoy', '--user').code, 0);
    assert.equal(cli('greeter', 'Ada').stdout, 'Ahoy, Ada!\n');
  });

  it('a Node peer: its action runs through `actions run`', () => {
    createAndEnable('noder', '--peer');
    const r = cli('actions', 'run', 'noder.hello', '--args', '{"name":"Ada"}');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Hello, Ada!/);
  });

  it('a Node peer is written on runPeer of @outboard/sdk, the installed one', () => {
    const dir = join(work, 'noder');
    assert.match(readFileSync(join(dir, 'peer.js'), 'utf8'), /from '@outboard\/sdk'/);
    assert.ok(existsSync(join(dir, 'node_modules', '@outboard', 'sdk', 'dist', 'src', 'index.js')));
  });

  it('a Python peer: on the Python example\'s wire module, its action runs through `actions run`', () => {
    assert.equal(spawnSync('python3', ['--version']).status, 0, 'python3 must be on PATH for the Python scaffold');
    const dir = createAndEnable('pyer', '--python');
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).outboard.extension.peer.exec, ['python3', './peer.py']);
    assert.match(readFileSync(join(dir, 'peer.py'), 'utf8'), /^from outboard_wire import RpcError$/m);
    assert.ok(existsSync(join(dir, 'outboard_wire.py')) && existsSync(join(dir, 'outboard_peer.py')));
    const r = cli('actions', 'run', 'pyer.hello', '--args', '{"name":"Ada"}');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Hello, Ada!/);
  });

  it('a sidecar, with --dir: on serveSidecar of the installed SDK, doctor accepts it, it is enabled, and its own test serves the page behind the secret', () => {
    const created = cli('extensions', 'create', 'pager', '--sidecar', '--dir', 'nested/pager-ext');
    assert.equal(created.code, 0, created.stderr);
    const dir = join(work, 'nested', 'pager-ext');
    assert.match(readFileSync(join(dir, 'sidecar.js'), 'utf8'), /from '@outboard\/sdk'/);
    installSdk(dir);
    assert.ok(existsSync(join(dir, JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).outboard.extension.$schema)));
    assert.equal(cli('extensions', 'link', dir).code, 0);
    assert.equal(cli('extensions', 'enable', 'pager', '--yes').code, 0);
    const info = runCliJson<{ state: string }>(['extensions', 'info', 'pager', '--json'], { home, cwd: work });
    assert.equal(info.json.state, 'enabled', JSON.stringify(info.json));
    const own = spawnSync(process.execPath, ['--test'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    assert.equal(own.status, 0, `${own.stdout}\n${own.stderr}`);
  });

  it('the sidecar is served by a real hub at /x/<name>/', async () => {
    const started = cli('hub', 'start', '--port', '0');
    assert.equal(started.code, 0, started.stderr);
    try {
      const status = runCliJson<{ state: string; url: string }>(['hub', 'status', '--json'], { home, cwd: work });
      assert.equal(status.json.state, 'running', JSON.stringify(status.json));
      const token = readFileSync(join(home, 'token'), 'utf8').trim();
      const page = await fetch(new URL('/x/pager/', status.json.url), { headers: { 'x-outboard-token': token } });
      const body = await page.text();
      assert.equal(page.status, 200, body);
      assert.match(body, /Hello from pager/);
    } finally {
      const stopped = cli('hub', 'stop');
      assert.equal(stopped.code, 0, stopped.stderr);
    }
  });

  it('refuses names the manifest refuses (slug, reserved word, built-in command) with the fix, writing nothing', () => {
    for (const [name, reason] of [
      ['Bad', /must match/],
      ['hub', /reserved word/],
      ['status', /built-in command/],
      ['../up', /must match/],
    ] as const) {
      const r = cli('extensions', 'create', name);
      assert.equal(r.code, 2, `${name}: ${r.stderr}`);
      assert.match(r.stderr, /^error: ".*" cannot name an extension: .* — \S/m);
      assert.match(r.stderr, reason);
    }
    assert.deepEqual(readdirSync(work).sort(), ['greeter', 'nested', 'noder', 'pyer'].sort());
  });

  it('refuses a folder that is not empty (or a file) and leaves it alone; an empty one is fine', () => {
    const used = join(work, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'keep.txt'), 'mine');
    const r = cli('extensions', 'create', 'fresh', '--dir', used);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /already exists and is not empty; nothing was written — choose another name, or an empty or new folder with --dir <path>/);
    assert.deepEqual(readdirSync(used), ['keep.txt']);
    const file = join(work, 'a-file');
    writeFileSync(file, 'x');
    assert.equal(cli('extensions', 'create', 'fresh', '--dir', file).code, 2);
    const empty = join(work, 'empty');
    mkdirSync(empty);
    assert.equal(cli('extensions', 'create', 'fresh', '--dir', empty).code, 0);
    assert.ok(existsSync(join(empty, 'package.json')));
  });
});
