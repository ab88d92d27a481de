// docs/capabilities.md is the reference for extension authors: its catalog table must list exactly the
// capability catalog with its properties, name the methods each capability gates, and document every
// error code and host service method.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CAPABILITY_CATALOG } from '@outboard/manifest';
import { CapabilityBroker, HOST_SERVICE_METHODS, registerHostServices, SERVICE_ERROR_CODES } from '../../src/broker/index.js';
import { EventBus } from '../../src/bus/index.js';
import { ProjectStore } from '../../src/projects/index.js';
import { ExtensionStorage } from '../../src/storage/index.js';

const docs = readFileSync(fileURLToPath(new URL('../../../../../docs/capabilities.md', import.meta.url)), 'utf8');

/** The rows of the first table under `## <heading>`, as trimmed cells. */
function tableRows(heading: string): string[][] {
  const start = docs.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `docs/capabilities.md has no "## ${heading}" section`);
  const end = docs.indexOf('\n## ', start + 1);
  const section = docs.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.slice(2, -2).split(' | ').map((cell) => cell.trim()));
}

const unquote = (cell: string): string => cell.replace(/^`|`$/g, '');
const yesNo = (flag: boolean): string => (flag ? 'yes' : 'no');

describe('docs/capabilities.md', () => {
  it('lists exactly the catalog, in order, with scope, sensitivity, access and approval', () => {
    const rows = tableRows('Catalog').map(([name = '', scope = '', sensitive = '', access = '', approval = '']) => [unquote(name), scope, sensitive, access, approval]);
    assert.deepEqual(
      rows,
      CAPABILITY_CATALOG.map((c) => [c.name, c.scope, yesNo(c.sensitive), c.access, yesNo(c.needsApproval)]),
    );
  });

  it('names, for each capability, every host method registerHostServices gates with it', (t) => {
    const home = mkdtempSync(join(tmpdir(), 'capabilities-docs-'));
    t.after(() => rmSync(home, { recursive: true, force: true }));
    const broker = new CapabilityBroker({ hostId: 'outboard' });
    registerHostServices(broker, {
      bus: new EventBus(),
      projects: new ProjectStore({ home }),
      storageFor: (extension) => new ExtensionStorage({ home, extension }),
      declaredEvents: () => [],
    });
    const methodsCell = new Map(tableRows('Catalog').map((row) => [unquote(row[0] ?? ''), row[6] ?? '']));
    for (const { method, gates } of broker.services()) {
      for (const gate of gates) {
        assert.ok(methodsCell.get(gate.capability)?.includes(`\`${method}\``), `the ${gate.capability} row does not name ${method}`);
      }
    }
  });

  it('documents every error code, in order', () => {
    assert.deepEqual(tableRows('Errors').map(([code = '']) => unquote(code)), [...SERVICE_ERROR_CODES]);
  });

  it('documents the params and result of every host service method', () => {
    const documented = ['Projects', 'Events', 'Storage'].flatMap((heading) => tableRows(heading).map(([method = '']) => unquote(method)));
    assert.deepEqual(documented.sort(), Object.values(HOST_SERVICE_METHODS).sort());
  });
});
