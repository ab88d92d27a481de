// The validator reuses the lookups it built for the last context: a context that changes, even in place,
// must still give the verdict a fresh one gives.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ManifestContext } from '../src/index.js';
import { checkPackageJson } from '../src/validate/index.js';

const pkg = (name: string, capabilities?: unknown) => ({
  name,
  version: '1.0.0',
  engines: { outboard: '>=0.1.0' },
  outboard: { extension: { apiVersion: 1, name, commands: [{ name, bin: 'cli.js' }], ...(capabilities ? { capabilities } : {}) } },
});

describe('checkPackageJson with a context reused across calls', () => {
  it('sees reserved names, capabilities and versions changed in place or in a new object', () => {
    const reservedNames = ['init'];
    const capabilities: string[] = [];
    const ctx: ManifestContext = { hostId: 'outboard', hostVersion: '0.1.0', reservedNames, capabilities };
    assert.equal(checkPackageJson(pkg('deploy'), ctx).kind, 'valid');
    reservedNames.push('deploy');
    assert.equal(checkPackageJson(pkg('deploy'), ctx).kind, 'invalid');
    reservedNames.pop();
    assert.equal(checkPackageJson(pkg('deploy'), ctx).kind, 'valid');

    const asks = pkg('deploy', { required: ['vendor.extra'] });
    assert.equal(checkPackageJson(asks, ctx).kind, 'invalid');
    capabilities.push('vendor.extra');
    assert.equal(checkPackageJson(asks, ctx).kind, 'valid');
    assert.equal(checkPackageJson(asks, { ...ctx, capabilities: [] }).kind, 'invalid');

    assert.equal(checkPackageJson(pkg('deploy'), { ...ctx, hostVersion: '0.0.9' }).kind, 'incompatible');
    assert.equal(checkPackageJson(pkg('deploy'), ctx).kind, 'valid');
  });

  it('still throws for a bad context after a good one', () => {
    const ctx: ManifestContext = { hostId: 'outboard', hostVersion: '0.1.0', reservedNames: [] };
    assert.equal(checkPackageJson(pkg('a'), ctx).kind, 'valid');
    assert.throws(() => checkPackageJson(pkg('a'), { ...ctx, hostVersion: 'x' }), TypeError);
    assert.throws(() => checkPackageJson(pkg('a'), { ...ctx, reservedNames: [1] as unknown as string[] }), TypeError);
    assert.throws(() => checkPackageJson(pkg('a'), null as unknown as ManifestContext), TypeError);
    assert.equal(checkPackageJson(pkg('a'), ctx).kind, 'valid');
  });

  it('remembers semver verdicts per host version', () => {
    const ctx = (hostVersion: string): ManifestContext => ({ hostId: 'outboard', hostVersion, reservedNames: [] });
    const ranged = (range: string) => ({ ...pkg('a'), engines: { outboard: range } });
    assert.equal(checkPackageJson(ranged('>=0.2.0'), ctx('0.1.0')).kind, 'incompatible');
    assert.equal(checkPackageJson(ranged('>=0.2.0'), ctx('0.2.0')).kind, 'valid');
    assert.equal(checkPackageJson(ranged('>=0.2.0'), ctx('0.1.0')).kind, 'incompatible');
    assert.equal(checkPackageJson(ranged('not a range'), ctx('0.1.0')).kind, 'invalid');
  });
});
