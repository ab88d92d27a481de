// hub.json as shipped (no `format`: format 1) is read unchanged; one written by a newer hub is refused by
// this version's readers and writers and left exactly as it is.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hubStateFile, readHubState, removeHubState, writeHubState } from '../../src/daemon/hub-state.js';

const FIXTURE = fileURLToPath(new URL('../../../../host/tests/fixtures/home-formats/hub.unversioned.json', import.meta.url));

describe('hub.json formats', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'outboard-hub-state-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('reads the unversioned hub.json as shipped, and writes format 1', () => {
    copyFileSync(FIXTURE, hubStateFile(home));
    assert.deepEqual(readHubState(home), JSON.parse(readFileSync(FIXTURE, 'utf8')));
    writeHubState(home, { pid: process.pid, port: 3118, url: 'http://127.0.0.1:3118', startedAt: '2026-12-01T00:00:00.000Z', version: '0.1.0' });
    const written = JSON.parse(readFileSync(hubStateFile(home), 'utf8')) as Record<string, unknown>;
    assert.equal(written['format'], 1);
    assert.equal(readHubState(home)?.port, 3118);
  });

  it("refuses a newer hub's record: reads and writes throw STORE_NEWER_FORMAT, removal leaves it", () => {
    const file = hubStateFile(home);
    writeFileSync(file, JSON.stringify({ format: 2, pid: process.pid, port: 3117, url: 'http://127.0.0.1:3117', sockets: ['later'] }));
    const before = readFileSync(file);
    const refused = (error: unknown) => (error as { code?: string }).code === 'STORE_NEWER_FORMAT' && /hub\.json is in format 2\b.*format 1 at most/.test((error as Error).message);
    assert.throws(() => readHubState(home), refused);
    assert.throws(() => writeHubState(home, { pid: process.pid, port: 3118, url: 'http://127.0.0.1:3118', startedAt: '', version: '0.1.0' }), refused);
    removeHubState(home, process.pid);
    assert.deepEqual(readFileSync(file), before);
  });
});
