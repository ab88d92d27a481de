import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareWithApproval } from '../../src/approvals/approval-compare.js';
import type { ApprovalRecord } from '../../src/approvals/approval-record.js';
import type { ScannedExtension, SourceKind } from '../../src/package-facts/types.js';

const FIELDS = { imports: null, exports: null, type: null, main: null };

function installed(source: SourceKind, bin: string): ScannedExtension {
  return {
    source,
    dir: '/ext/x',
    realDir: '/ext/x',
    packageName: 'x',
    version: '1.0.0',
    name: 'x',
    status: 'valid',
    reason: undefined,
    manifest: { apiVersion: 1, name: 'x' },
    problems: [],
    warnings: [],
    manifestHash: 'm1',
    enginesRange: '*',
    runDigest: { files: { 'bin/cli.js': bin }, fields: { ...FIELDS, exports: bin } },
  };
}

function approval(source: SourceKind, runDigest: ApprovalRecord['runDigest']): ApprovalRecord {
  return { name: 'x', packageName: 'x', version: '1.0.0', source, realPath: '/ext/x', manifestHash: 'm1', enginesRange: '*', ...(runDigest ? { runDigest } : {}), enabled: true, grants: { capabilities: [] }, approvedAt: '2026-01-01T00:00:00.000Z' };
}

describe('compareWithApproval and pinned code (DESIGN §6)', () => {
  it('an installed package is pinned down to what runs: a changed bin or load field asks again', () => {
    const verdict = compareWithApproval(installed('user', 'b2'), approval('user', { files: { 'bin/cli.js': 'b1' }, fields: { ...FIELDS, exports: 'b1' } }));
    assert.deepEqual(verdict, { status: 'changed', changes: ['bin/cli.js changed since approval', 'package.json "exports" changed since approval'] });
    assert.equal(compareWithApproval(installed('global', 'b1'), approval('global', undefined)).status, 'changed', 'no digest stored: asks again');
  });

  it('a linked folder is not: its approval holds with or without a stored digest, whatever runs now', () => {
    assert.deepEqual(compareWithApproval(installed('dev', 'b2'), approval('dev', undefined)), { status: 'approved', enabled: true });
    // Stored by an earlier version, with a digest of other code: no needless question.
    assert.deepEqual(compareWithApproval(installed('dev', 'b2'), approval('dev', { files: { 'bin/cli.js': 'b1' }, fields: FIELDS })), { status: 'approved', enabled: true });
  });

  it('a linked folder still binds its manifest, version, source and real path', () => {
    const moved = { ...installed('dev', 'b1'), manifestHash: 'm2', version: '1.1.0' };
    assert.deepEqual(compareWithApproval(moved, approval('dev', undefined)), { status: 'changed', changes: ['version 1.0.0 → 1.1.0', 'manifest block changed'] });
    assert.deepEqual(compareWithApproval(installed('dev', 'b1'), approval('user', { files: { 'bin/cli.js': 'b1' }, fields: { ...FIELDS, exports: 'b1' } })), { status: 'changed', changes: ['source user → dev'] });
  });
});
