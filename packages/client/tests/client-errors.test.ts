// CLIENT_ERROR_CODES is the one table of @outboard/client's codes: docs/errors.md lists exactly its rows (in its
// "Errors of the hub clients" section), every code is raised somewhere in packages/client/src and every code
// raised there is in the table, and the Python twin (clients/python) holds the very same table.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { CodedError } from '@outboard/protocol';
import { CLIENT_ERROR_CODES, ClientError, isClientError } from '../src/index.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SECTION = '## Errors of the hub clients';

/** The rows of the clients' section: code → [meaning, fix]. */
function documentedRows(): Map<string, [string, string]> {
  const doc = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');
  const start = doc.indexOf(`\n${SECTION}\n`);
  assert.ok(start >= 0, `docs/errors.md has no "${SECTION}" section`);
  const section = doc.slice(start + 1).split(/\n## /)[0] as string;
  const rows = new Map<string, [string, string]>();
  for (const m of section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|(.*)\|\s*$/gm)) {
    const cells = (m[2] as string).split('|').map((c) => c.trim());
    assert.equal(cells.length, 2, `a row is | code | meaning | the fix |: ${m[0]}`);
    rows.set(m[1] as string, [cells[0] as string, cells[1] as string]);
  }
  return rows;
}

describe('CLIENT_ERROR_CODES', () => {
  it('docs/errors.md lists every code with its meaning and fix, and no other', () => {
    const rows = documentedRows();
    assert.deepEqual([...rows.keys()], Object.keys(CLIENT_ERROR_CODES));
    for (const [code, info] of Object.entries(CLIENT_ERROR_CODES)) assert.deepEqual(rows.get(code), [info.meaning, info.fix('<id>')], code);
  });

  it('every code is raised in the source, and every raised code is in the table', () => {
    const dir = join(ROOT, 'packages', 'client', 'src');
    const text = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'client-errors.ts').map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
    const raised = new Set([...text.matchAll(/['"](CLIENT_[A-Z_]+)['"]/g)].map((m) => m[1] as string));
    assert.deepEqual([...raised].filter((c) => !Object.hasOwn(CLIENT_ERROR_CODES, c)), [], 'raised but not in the table');
    assert.deepEqual(Object.keys(CLIENT_ERROR_CODES).filter((c) => !raised.has(c) && c !== 'CLIENT_CALL_FAILED'), [], 'in the table but never raised');
  });

  it('the Python twin holds the same table', () => {
    const python = readFileSync(join(ROOT, 'clients', 'python', 'outboard_client', 'errors.py'), 'utf8');
    const rows = [...python.matchAll(/^\s+"(CLIENT_[A-Z_]+)": \("((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\),$/gm)].map((m) => [m[1], JSON.parse(`"${m[2]}"`), JSON.parse(`"${m[3]}"`)]);
    assert.deepEqual(rows, Object.entries(CLIENT_ERROR_CODES).map(([code, { meaning, fix }]) => [code, meaning, fix('<id>')]));
  });

  it('a ClientError carries its code and the fix with the host id filled in; an unknown code is refused', () => {
    const error = new ClientError('CLIENT_HUB_NOT_RUNNING', 'no hub', { hostId: 'ndx' });
    assert.equal(error.hint, 'start one with `ndx hub start`');
    assert.ok(isClientError(error, 'CLIENT_HUB_NOT_RUNNING'));
    assert.ok(!isClientError(new Error('plain')));
    assert.throws(() => new ClientError('NOPE' as never, 'x'), TypeError);
    assert.ok(error instanceof CodedError, 'a ClientError shares the one base class of coded errors');
  });

  it('no fix hard-codes the reference host', () => {
    for (const [code, info] of Object.entries(CLIENT_ERROR_CODES)) assert.doesNotMatch(info.fix('ndx'), /outboard/i, code);
  });
});
