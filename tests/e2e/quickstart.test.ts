// docs/quickstart.md is executed as written: its shell blocks run in order in one bash (from the repository
// root, with a temporary HOME), and each `text` block right after a shell block lists lines that step must
// print. A block after a `<!-- quickstart: not run ... -->` comment is skipped (installing the checkout).
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, tempDir } from './lib/fixture-home.js';

interface Step {
  script: string;
  expected: string[];
}

/** The shell blocks of the page, each with the lines the text block after it expects. */
function steps(markdown: string): Step[] {
  const found: Step[] = [];
  const blocks = [...markdown.matchAll(/(<!-- quickstart: not run[^>]*-->\n)?```(sh|text)\n([\s\S]*?)```/g)];
  for (const [, skipped, kind, body = ''] of blocks) {
    if (kind === 'sh') {
      if (!skipped) found.push({ script: body, expected: [] });
    } else {
      found.at(-1)?.expected.push(...body.split('\n').map((l) => l.trim()).filter(Boolean));
    }
  }
  return found;
}

describe('docs/quickstart.md, step by step', { timeout: 180_000 }, () => {
  const tmp = tempDir('outboard-quickstart-');
  after(() => tmp.cleanup());

  it('every step runs and prints what the page says', () => {
    const page = readFileSync(join(REPO_ROOT, 'docs', 'quickstart.md'), 'utf8');
    const all = steps(page);
    assert.ok(all.length >= 5, `only ${all.length} steps found`);
    const marker = (i: number) => `@@quickstart step ${i}@@`;
    const script = ['set -euo pipefail', 'exec 2>&1', ...all.flatMap((s, i) => [`echo '${marker(i)}'`, s.script])].join('\n');
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: tmp.path, NO_COLOR: '1' };
    // Nothing of this machine's outboard setup, nor of the test runner around this test, leaks in.
    for (const key of Object.keys(env)) if (key.startsWith('OUTBOARD_') || key === 'NODE_TEST_CONTEXT' || key === 'FORCE_COLOR') delete env[key];
    const r = spawnSync('bash', ['-c', script], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 150_000 });
    const outputs = r.stdout.split(/@@quickstart step \d+@@\n/).slice(1);
    const failed = outputs.length - 1;
    assert.equal(r.status, 0, `step ${failed + 1} failed (exit ${r.status}):\n${all[failed]?.script}\n--- output:\n${outputs[failed] ?? r.stdout}${r.stderr}`);
    assert.equal(outputs.length, all.length);
    all.forEach((step, i) => {
      for (const line of step.expected) assert.ok(outputs[i]?.includes(line), `step ${i + 1} should print "${line}":\n${step.script}\n--- output:\n${outputs[i]}`);
    });
  });
});
