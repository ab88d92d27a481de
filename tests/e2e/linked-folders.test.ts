// Linked folders are development sources (DESIGN §6): an extension linked with `extensions link` is approved
// for its manifest, engines range, version, source and real path, not for the digest of what runs, so an edit
// of its bin runs at once; `link`, `list`, `info` and the hub say "linked: code not pinned". A package
// installed with `extensions add` keeps the digest. An approval of a linked folder stored with a digest (by
// an earlier version) keeps holding.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, runCliJson, tempDir, writeExtension } from './lib/fixture-home.js';
import { startBusHub } from './events-hub.js';
import type { ExtensionListEntry } from '@outboard/host';
import { offlineNpmEnv } from './lib/install-outboard.js';

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

describe('linked folders: code not pinned', { timeout: 120_000 }, () => {
  const tmp = tempDir('outboard-linked-');
  after(() => tmp.cleanup());
  const home = join(tmp.path, 'home');
  const cwd = tmp.path;
  // npm stays offline, with a cache of its own (for `extensions add <folder>`).
  const env = offlineNpmEnv(tmp.path);
  const cli = (args: string[]) => runCli(args, { home, cwd, env, timeout: 60_000 });
  const entry = (name: string): ListEntry => {
    const r = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd });
    const found = r.json.find((e) => e.name === name);
    assert.ok(found, `${name} is listed: ${JSON.stringify(r.json)}`);
    return found;
  };
  const block = { hub: { label: 'Linked dev', description: 'linked for development' } };
  const linked = writeExtension(join(tmp.path, 'src', 'dev'), { name: 'dev', block }, { 'bin/cli.js': 'process.stdout.write("first\\n");\n' });
  const added = writeExtension(join(tmp.path, 'src', 'pinned'), { name: 'pinned', packageName: 'outboard-ext-pinned', block: { hub: { label: 'Pinned' } } }, { 'bin/cli.js': 'process.stdout.write("first\\n");\n' });

  it('link says the code is not pinned; list, info and their --json forms mark it', () => {
    const link = cli(['extensions', 'link', linked]);
    assert.equal(link.code, 0, link.stderr);
    assert.match(link.stdout, /linked: code not pinned: edits of its bin and peer files run at once, without approving again/);
    assert.equal(cli(['extensions', 'enable', 'dev', '--yes']).code, 0);
    const e = entry('dev');
    assert.deepEqual([e.source, e.state, e.codePinned], ['dev', 'enabled', false]);
    assert.match(cli(['extensions', 'list']).stdout, /^dev .*enabled .*\(linked: code not pinned\)/m);
    const info = runCliJson<{ codePinned: boolean; approval: { current: boolean } }>(['extensions', 'info', 'dev', '--json'], { home, cwd });
    assert.equal(info.json.codePinned, false);
    assert.equal(info.json.approval.current, true);
    assert.match(cli(['extensions', 'info', 'dev']).stdout, /Code: +linked: code not pinned: edits of its bin and peer files run at once/);
  });

  it('an edit of the linked bin runs at once, with no new approval; a manifest change still asks', () => {
    const bin = join(linked, 'bin', 'cli.js');
    assert.equal(cli(['dev']).stdout, 'first\n');
    writeFileSync(bin, 'process.stdout.write("edited\\n");\n');
    const run = cli(['dev']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'edited\n');
    assert.equal(entry('dev').state, 'enabled');
    // What the approval still binds: the manifest block.
    const file = join(linked, 'package.json');
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { outboard: { extension: { commands: Array<{ summary?: string }> } } };
    (pkg.outboard.extension.commands[0] as { summary?: string }).summary = 'changed';
    writeFileSync(file, JSON.stringify(pkg));
    const e = entry('dev');
    assert.equal(e.state, 'unapproved');
    assert.match(e.reason, /manifest block changed/);
    assert.doesNotMatch(e.reason, /bin\/cli\.js/);
    assert.equal(cli(['extensions', 'enable', 'dev', '--yes']).code, 0);
    assert.equal(cli(['dev']).stdout, 'edited\n');
  });

  it('an approval of a linked folder stored with a digest (an earlier version) still holds, edits included', () => {
    const file = join(home, 'approvals.json');
    const approvals = JSON.parse(readFileSync(file, 'utf8')) as { extensions: Record<string, Record<string, unknown>> };
    const record = approvals.extensions['dev'] as Record<string, unknown>;
    assert.equal(record['runDigest'], undefined, 'a linked folder is approved without a digest');
    record['runDigest'] = { files: { 'bin/cli.js': 'a'.repeat(64) }, fields: { imports: null, exports: null, type: null, main: null } };
    writeFileSync(file, JSON.stringify(approvals), { mode: 0o600 });
    assert.equal(entry('dev').state, 'enabled');
    const run = cli(['dev']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'edited\n');
  });

  it('a folder installed with `extensions add` keeps the digest: an edit asks again', () => {
    const add = cli(['extensions', 'add', added]);
    assert.equal(add.code, 0, add.stderr);
    assert.equal(cli(['extensions', 'enable', 'pinned', '--yes']).code, 0);
    const e = entry('pinned');
    assert.deepEqual([e.source, e.state, e.codePinned], ['user', 'enabled', true]);
    assert.doesNotMatch(cli(['extensions', 'list']).stdout, /^pinned .*code not pinned/m);
    writeFileSync(join(added, 'bin', 'cli.js'), 'process.stdout.write("edited\\n");\n');
    const after = entry('pinned');
    assert.equal(after.state, 'unapproved');
    assert.match(after.reason, /bin\/cli\.js changed since approval/);
    const run = cli(['pinned']);
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
  });

  it('the hub marks it too: codePinned in GET /api/hub/extensions, "linked: code not pinned" on the home page', async () => {
    const hub = await startBusHub({ home });
    try {
      const headers = { 'x-outboard-token': hub.token };
      const api = (await (await fetch(`${hub.url}api/hub/extensions`, { headers })).json()) as { extensions: Array<{ name: string; codePinned: boolean }> };
      assert.equal(api.extensions.find((e) => e.name === 'dev')?.codePinned, false);
      assert.equal(api.extensions.find((e) => e.name === 'pinned')?.codePinned, true);
      const page = await (await fetch(hub.url, { headers: { ...headers, accept: 'text/html' } })).text();
      const card = /<li class="card[^"]*" data-extension="dev">.*?<\/li>/s.exec(page)?.[0] ?? '';
      assert.match(card, /linked: code not pinned/, page);
      const other = /<li class="card[^"]*" data-extension="pinned">.*?<\/li>/s.exec(page)?.[0] ?? '';
      assert.ok(other !== '', page);
      assert.doesNotMatch(other, /code not pinned/);
    } finally {
      await hub.close();
    }
  });
});
