// The hub's answer codes: docs/errors.md ("Hub answers") is their table, every code is raised somewhere in the
// hub's sources, every code the sources answer with is documented (here, in the sidecars' or the host's table), and no fix
// hard-codes the reference host.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ERROR_CODES } from '@outboard/host';
import { ANSWER_CODES } from '../../src/http/answer-codes.js';
import { SIDECAR_ERROR_CODES } from '../../src/http/sidecar-codes.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SRC = join(ROOT, 'packages', 'hub', 'src');
const TABLE = join('http', 'answer-codes.ts');
const REFERENCE = { id: 'outboard', envPrefix: 'OUTBOARD' };

/** The rows of the docs table whose header has an `HTTP status` column. */
function documentedRows(): Map<string, string> {
  const rows = new Map<string, string>();
  let header = '';
  for (const line of readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8').split('\n')) {
    if (/^\|\s*code\s*\|/.test(line)) header = line;
    const match = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/.exec(line);
    if (match && /\|\s*HTTP status\s*\|/.test(header)) rows.set(match[1] as string, line);
  }
  return rows;
}

function expectedRow(code: string): string {
  const info = ANSWER_CODES[code as keyof typeof ANSWER_CODES];
  return `| \`${code}\` | ${info.meaning.replace(/\|/g, '\\|')} | ${info.status} | ${info.fix(REFERENCE).replace(/\|/g, '\\|')} |`;
}

/** Every source file of the hub but the table itself. */
function sources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && relative(SRC, path) !== TABLE) files.set(relative(SRC, path), readFileSync(path, 'utf8'));
    }
  };
  walk(SRC);
  return files;
}

describe('the hub answer codes', () => {
  it('docs/errors.md lists exactly ANSWER_CODES, in the words of the table', () => {
    const rows = documentedRows();
    assert.deepEqual([...rows.keys()].sort(), Object.keys(ANSWER_CODES).sort(), 'the "Hub answers" table of docs/errors.md and ANSWER_CODES differ');
    for (const code of Object.keys(ANSWER_CODES)) assert.equal(rows.get(code), expectedRow(code), `docs/errors.md should read:\n${expectedRow(code)}`);
  });

  it('every code is raised in the hub, and every code the hub answers with is documented', () => {
    const files = sources();
    const text = [...files.values()].join('\n');
    // A raise site: the code as a string argument of a call, or a `code:` property.
    const never = Object.keys(ANSWER_CODES).filter((code) => !new RegExp(`(?:[(,]|code:)\\s*'${code}'`).test(text));
    assert.deepEqual(never, [], 'documented but never raised: raise each where it belongs, or remove it from ANSWER_CODES and docs/errors.md');
    const undocumented: string[] = [];
    for (const [file, source] of files) {
      for (const match of source.matchAll(/\b(?:refuse|problem)\([^,]+,\s*'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g)) {
        const code = match[1] as string;
        if (!Object.hasOwn(ANSWER_CODES, code) && !Object.hasOwn(SIDECAR_ERROR_CODES, code) && !Object.hasOwn(ERROR_CODES, code)) undocumented.push(`${file}: ${code}`);
      }
    }
    assert.deepEqual(undocumented, [], 'add these codes to ANSWER_CODES (packages/hub/src/http/answer-codes.ts) and docs/errors.md');
  });

  it('no fix hard-codes the reference host: another id reads its own commands and header', () => {
    const ndx = { id: 'ndx', envPrefix: 'NDX' };
    const leaking = Object.entries(ANSWER_CODES).filter(([, info]) => /outboard/i.test(info.fix(ndx))).map(([code]) => code);
    assert.deepEqual(leaking, []);
    assert.match(ANSWER_CODES.HUB_SIGN_IN_REQUIRED.fix(ndx), /`ndx hub open`.*X-Ndx-Token/);
  });
});
