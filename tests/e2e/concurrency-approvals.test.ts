import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import { startCli } from './lib/start-cli.js';

describe('concurrent CLI processes never lose an update', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('20 `enable --yes` processes at once, for 20 extensions: all 20 approvals are kept', async () => {
    const home = join(tmp.path, 'enable-home');
    const cwd = join(tmp.path, 'work');
    writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
    const names = Array.from({ length: 20 }, (_, i) => `ext${String(i).padStart(2, '0')}`);
    for (const name of names) writeExtension(join(home, 'extensions', 'node_modules', `outboard-ext-${name}`), { name });
    // Warm the discovery cache once, so the race is on approvals.json and not only on extensions.json.
    assert.equal(runCliJson<unknown[]>(['extensions', 'list', '--json'], { home, cwd }).json.length, 20);
    const exits = await Promise.all(names.map((name) => startCli(['extensions', 'enable', name, '--yes'], home, cwd)));
    for (const [i, e] of exits.entries()) assert.equal(e.code, 0, `${names[i]}: ${e.stderr}`);
    const approvals = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { extensions: Record<string, { enabled: boolean }> };
    assert.deepEqual(Object.keys(approvals.extensions).sort(), names);
    for (const name of names) assert.equal(approvals.extensions[name]?.enabled, true);
    const list = runCliJson<Array<{ state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.deepEqual([...new Set(list.json.map((e) => e.state))], ['enabled']);
    // No lock or temp file is left behind.
    assert.deepEqual(readdirSync(home).filter((f) => /\.lock$|\.tmp$/.test(f)), []);
  });

  it('grants given by concurrent `enable --grant` processes accumulate: none is lost', async () => {
    const home = join(tmp.path, 'grant-home');
    const cwd = join(tmp.path, 'work');
    const optional = ['ui.notification', 'rpc.call', 'storage.private', 'events.subscribe', 'events.publish'];
    writeExtension(join(home, 'extensions', 'node_modules', 'outboard-ext-many'), { name: 'many', block: { capabilities: { optional } } });
    assert.equal(runCliJson<unknown[]>(['extensions', 'list', '--json'], { home, cwd }).json.length, 1);
    const exits = await Promise.all(optional.map((cap) => startCli(['extensions', 'enable', 'many', '--yes', '--grant', cap], home, cwd)));
    for (const [i, e] of exits.entries()) assert.equal(e.code, 0, `${optional[i]}: ${e.stderr}`);
    const approvals = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { extensions: Record<string, { grants: { capabilities: string[] } }> };
    assert.deepEqual(approvals.extensions['many']?.grants.capabilities, [...optional].sort());
  });
});
