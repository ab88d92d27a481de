// The consent prompt and `extensions info` list every contribution the manifest declares, grouped and escaped.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli, runCliJson, tempDir, writeFiles } from './lib/fixture-home.js';

const GROUPS: Array<[string, RegExp]> = [
  ['Commands', /Commands:\s+outboard rich \(node bin\/cli\.js\)/],
  ['Actions', /Actions:\s+rich\.log — Show \\x1b\[31mlog \[agents: read-only\]\n\s+rich\.wipe — Wipe \[agents: destructive\]/],
  ['RPC methods', /RPC methods:\s+rich\.getLog/],
  ['Events', /Events:\s+rich\.changed/],
  ['Status items', /Status items:\s+rich\.branch — Branch/],
  ['Views', /Views:\s+rich\.changes — Changes/],
  ['Providers', /Providers:\s+rich\.search — Search logs \(search\)/],
  ['Listeners', /Listeners:\s+rich\.changed — Repo changed/],
  ['Automation templates', /Automation templates:\s+rich\.auto — Refresh on change/],
  ['Hub routes', /Hub routes:\s+GET \/api\/hub\/projects/],
  ['Sidecar', /Sidecar:\s+node bin\/serve\.js\n\s+served at \/x\/rich\//],
  ['Peer', /Peer:\s+node bin\/peer\.js\n\s+activation: onStartup, onAction/],
];

describe('consent and info list every declared contribution', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  after(() => tmp.cleanup());
  writeFiles(join(home, 'extensions', 'node_modules', 'rich'), {
    'package.json': {
      name: '@acme/rich',
      version: '1.0.0',
      engines: { outboard: '>=0.0.1' },
      outboard: {
        extension: {
          apiVersion: 1,
          name: 'rich',
          commands: [{ name: 'rich', bin: 'bin/cli.js' }],
          sidecar: { bin: 'bin/serve.js' },
          peer: { bin: 'bin/peer.js', activation: ['onStartup', 'onAction'] },
          contributes: {
            actions: [{ id: 'rich.log', title: 'Show \u001b[31mlog', annotations: { readOnlyHint: true } }, { id: 'rich.wipe', title: 'Wipe', annotations: { destructiveHint: true } }],
            status: [{ id: 'rich.branch', title: 'Branch' }],
            rpc: ['rich.getLog'],
            events: ['rich.changed'],
            views: [{ id: 'rich.changes', title: 'Changes' }],
            providers: [{ id: 'rich.search', kind: 'search', title: 'Search logs' }],
            listeners: [{ type: 'rich.changed', label: 'Repo changed' }],
            automationTemplates: [{ id: 'rich.auto', title: 'Refresh on change', trigger: { type: 'rich.changed' }, action: { id: 'rich.log' } }],
          },
          permissions: { hub: ['GET /api/hub/projects'] },
        },
      },
    },
    'bin/cli.js': '',
    'bin/serve.js': '',
    'bin/peer.js': '',
  });

  it('the consent summary (enable) shows each group, escaped', () => {
    const r = runCli(['extensions', 'enable', 'rich', '--yes'], { home });
    assert.equal(r.code, 0, r.stderr);
    for (const [group, pattern] of GROUPS) assert.match(r.stderr, pattern, `${group}:\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, /\u001b/, 'no raw escape reaches the terminal');
  });

  it('info shows the same groups, and --json carries them', () => {
    const r = runCli(['extensions', 'info', 'rich'], { home });
    assert.equal(r.code, 0, r.stderr);
    for (const [group, pattern] of GROUPS) assert.match(r.stdout, pattern, `${group}:\n${r.stdout}`);
    const json = runCliJson<{ contributions: Array<{ label: string; entries: string[] }> }>(['extensions', 'info', 'rich', '--json'], { home });
    assert.deepEqual(json.json.contributions.map((g) => g.label), GROUPS.map(([g]) => g));
    assert.equal(json.json.contributions[1]?.entries[0], 'rich.log — Show \u001b[31mlog [agents: read-only]', 'JSON keeps the text; the printer escapes it');
  });
});
