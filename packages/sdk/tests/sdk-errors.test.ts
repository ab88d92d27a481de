// The SDK's error codes: docs/errors.md ("SDK errors") is their table, each is raised by its class, and no
// fix hard-codes the reference host.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { CodedError } from '@outboard/protocol';
import { HubRequestError, NotStartedByHostError, SDK_ERROR_CODES, SdkError, UndeclaredError, createHubClient, readEnvironment } from '../src/index.js';

const DOC = readFileSync(fileURLToPath(new URL('../../../../docs/errors.md', import.meta.url)), 'utf8');

describe('SDK error codes', () => {
  it('docs/errors.md lists exactly SDK_ERROR_CODES with their meaning and fix', () => {
    const rows = DOC.split('\n').filter((l) => /^\|\s*`SDK_[A-Z_]+`/.test(l));
    assert.deepEqual(rows.map((r) => /`(SDK_[A-Z_]+)`/.exec(r)?.[1]).sort(), Object.keys(SDK_ERROR_CODES).sort());
    for (const [code, info] of Object.entries(SDK_ERROR_CODES)) {
      const row = rows.find((r) => r.startsWith(`| \`${code}\` |`)) as string;
      assert.ok(row.includes(`| ${info.meaning} |`) && row.endsWith(`| ${info.fix('outboard')} |`), `docs/errors.md row of ${code} differs from the table`);
    }
  });

  it('each class carries its code, and shares the one base class', async () => {
    assert.throws(() => readEnvironment({}), (e: unknown) => e instanceof NotStartedByHostError && e instanceof SdkError && e.code === 'SDK_NOT_STARTED_BY_HOST');
    assert.equal(new UndeclaredError('x', 'contributes.actions').code, 'SDK_UNDECLARED');
    assert.ok(new UndeclaredError('x', 'contributes.actions') instanceof CodedError, 'the SDK base class extends the one base class of coded errors');
    await assert.rejects(createHubClient(undefined, undefined, 'ndx').request('GET', '/api/version'), (e: unknown) => e instanceof HubRequestError && e.code === 'SDK_HUB_REQUEST_FAILED' && /`ndx hub start`/.test(e.message));
  });

  it('no fix hard-codes the reference host', () => {
    for (const [code, info] of Object.entries(SDK_ERROR_CODES)) assert.doesNotMatch(info.fix('ndx'), /outboard/i, code);
  });
});
