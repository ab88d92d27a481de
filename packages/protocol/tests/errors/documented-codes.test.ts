import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONNECTION_ERROR_CODES, CONNECTION_WARNING_CODES, HANDSHAKE_ERROR_CODES, WIRE_ERROR_CODES } from '../../src/index.js';
import { resolveConnectionOptions } from '../../src/connection/connection-options.js';
import { createLinkedTransports } from '../../src/index.js';

const docs = readFileSync(fileURLToPath(new URL('../../../../../docs/protocol.md', import.meta.url)), 'utf8');

/** The rows of the first table under `heading`, as arrays of trimmed cells. */
function table(heading: string): string[][] {
  const start = docs.indexOf(`\n${heading}\n`);
  assert.ok(start !== -1, `docs/protocol.md has no "${heading}" section`);
  const lines = docs.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((c) => c.trim()));
  }
  return rows;
}

const firstColumn = (heading: string): string[] => table(heading).map((row) => (row[0] ?? '').replace(/`/g, ''));

describe('docs/protocol.md lists exactly the exported codes', () => {
  it('wire error codes, with their JSON-RPC numbers', () => {
    const rows = table('### Wire error codes');
    assert.deepEqual(rows.map((r) => (r[0] ?? '').replace(/`/g, '')).sort(), Object.keys(WIRE_ERROR_CODES).sort());
    for (const row of rows) {
      const code = (row[0] ?? '').replace(/`/g, '') as keyof typeof WIRE_ERROR_CODES;
      assert.equal(Number(row[1]), WIRE_ERROR_CODES[code], `number of ${code}`);
    }
  });

  it('connection error codes', () => {
    assert.deepEqual(firstColumn('### Connection error codes').sort(), Object.keys(CONNECTION_ERROR_CODES).sort());
  });

  it('handshake error codes', () => {
    assert.deepEqual(firstColumn('### Handshake error codes').sort(), Object.keys(HANDSHAKE_ERROR_CODES).sort());
  });

  it('warning codes', () => {
    assert.deepEqual(firstColumn('### Warning codes').sort(), Object.keys(CONNECTION_WARNING_CODES).sort());
  });

  it('connection options, with their defaults', () => {
    const [transport] = createLinkedTransports();
    const resolved = resolveConnectionOptions({ transport }) as unknown as Record<string, unknown>;
    const rows = table('### Connection options');
    assert.deepEqual(rows.map((r) => (r[0] ?? '').replace(/`/g, '')).sort(), Object.keys(resolved).sort());
    for (const row of rows) {
      const name = (row[0] ?? '').replace(/`/g, '');
      if (name === 'transport') continue;
      const documented = (row[1] ?? '').replace(/`/g, '').replace(/^"|"$/g, '');
      // An option with no default (a hook such as mapRequestError) is documented as `none`.
      assert.equal(documented, resolved[name] === undefined ? 'none' : String(resolved[name]), `default of ${name}`);
    }
  });
});
