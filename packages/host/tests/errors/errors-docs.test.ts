// docs/errors.md's "Errors of the host library" is the table of ERROR_CODES: every code documented, no stale row, the
// same words. (tests/e2e/error-codes.test.ts checks every package's table against the whole page and the source.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ERROR_CODES, OutboardError, fixFor, isOutboardError } from '../../src/errors/index.js';

const page = fs.readFileSync(fileURLToPath(new URL('../../../../../docs/errors.md', import.meta.url)), 'utf8');
const SECTION = '## Errors of the host library';
/** The host's section of the page (the other packages' tables are in sections of their own). */
const doc = (page.split(`\n${SECTION}\n`)[1] ?? '').split(/\n## /)[0] as string;

/** Every table row of the page whose first cell is a code, wherever it is on the page. */
function documentedRows(): Map<string, { meaning: string; exitCode: string; fix: string; line: number }> {
  const rows = new Map<string, { meaning: string; exitCode: string; fix: string; line: number }>();
  // Only the rows of the tables of local errors (`| code | meaning | exit code | the fix |`): the hub's answer codes have a table of their own.
  let header = '';
  doc.split('\n').forEach((text, index) => {
    if (/^\|\s*code\s*\|/.test(text)) header = text;
    const match = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|(.*)\|\s*$/.exec(text);
    if (!match || !/\|\s*exit code\s*\|/.test(header)) return;
    const cells = (match[2] ?? '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
    const code = match[1] as string;
    assert.ok(!rows.has(code), `docs/errors.md lists ${code} twice (line ${index + 1})`);
    assert.equal(cells.length, 3, `docs/errors.md line ${index + 1}: a row is | code | meaning | exit code | the fix |`);
    rows.set(code, { meaning: cells[0] as string, exitCode: cells[1] as string, fix: cells[2] as string, line: index + 1 });
  });
  return rows;
}

/** The page shows each fix as the reference host `outboard` says it. */
const REFERENCE = { id: 'outboard', envPrefix: 'OUTBOARD' };

function expectedRow(code: string): string {
  const info = ERROR_CODES[code as keyof typeof ERROR_CODES];
  return `| \`${code}\` | ${info.meaning.replace(/\|/g, '\\|')} | ${info.exitCode} | ${info.fix(REFERENCE).replace(/\|/g, '\\|')} |`;
}

describe('docs/errors.md', () => {
  const rows = documentedRows();

  it('has the section of the host library', () => {
    assert.ok(doc.length > 0, `docs/errors.md has no "${SECTION}" section`);
  });

  it('documents every code of ERROR_CODES', () => {
    const missing = Object.keys(ERROR_CODES).filter((code) => !rows.has(code));
    assert.deepEqual(missing, [], `add these rows to docs/errors.md:\n${missing.map(expectedRow).join('\n')}`);
  });

  it('has no row for a code that does not exist', () => {
    const stale = [...rows.keys()].filter((code) => !Object.prototype.hasOwnProperty.call(ERROR_CODES, code));
    assert.deepEqual(stale, [], 'remove these rows from docs/errors.md, or add the codes to ERROR_CODES');
  });

  it('gives each code the meaning, exit code and fix of the code table', () => {
    for (const [code, row] of rows) {
      const info = ERROR_CODES[code as keyof typeof ERROR_CODES];
      if (!info) continue;
      const want = expectedRow(code);
      assert.equal(row.meaning, info.meaning, `docs/errors.md line ${row.line} should read:\n${want}`);
      assert.equal(row.exitCode, String(info.exitCode), `docs/errors.md line ${row.line} should read:\n${want}`);
      assert.equal(row.fix, info.fix(REFERENCE), `docs/errors.md line ${row.line} should read:\n${want}`);
    }
  });

  it('every code is UPPER_SNAKE with a sentence, a fix and an exit code a shell can report', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      assert.match(code, /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      assert.ok(info.meaning.length > 0 && info.fix(REFERENCE).length > 0, code);
      assert.ok(Number.isInteger(info.exitCode) && info.exitCode >= 1 && info.exitCode <= 125, `${code}: exit code ${info.exitCode}`);
    }
  });
});

describe('fixes speak of the host that shows them', () => {
  it('no fix hard-codes the reference host: another id reads its own command and variables', () => {
    const ndx = { id: 'ndx', envPrefix: 'NDX' };
    const leaking = Object.entries(ERROR_CODES).filter(([, info]) => /outboard/i.test(info.fix(ndx))).map(([code]) => code);
    assert.deepEqual(leaking, []);
    assert.equal(fixFor('PROJECT_NOT_FOUND', { id: 'ndx' }), 'run `ndx projects list` to see the registered projects');
    assert.equal(fixFor('INTERNAL', { id: 'my-tool' }), 'rerun with MY_TOOL_DEBUG=1 and report the stack trace');
  });
});

describe('OutboardError', () => {
  it('carries the code, hint and the code\'s exit code; refuses an unknown code', () => {
    const error = new OutboardError('CONFIG_CORRUPT', 'x is broken', { hint: 'repair x' });
    assert.equal(error.exitCode, ERROR_CODES.CONFIG_CORRUPT.exitCode);
    assert.equal(error.hint, 'repair x');
    assert.ok(isOutboardError(error));
    assert.ok(!isOutboardError(new Error('plain')));
    assert.throws(() => new OutboardError('NOPE' as never, 'x'), TypeError);
  });
});
