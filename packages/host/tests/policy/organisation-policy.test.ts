// The organisation policy read from real files: entries with globs and ranges, the verdict per package, the
// switches, and an unusable file failing closed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { OrganisationPolicy, policyFilePath } from '../../src/policy/organisation-policy.js';

describe('OrganisationPolicy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outboard-policy-unit-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const read = async (content: unknown) => {
    const file = join(dir, `p${(n += 1)}.json`);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return OrganisationPolicy.read(file);
  };
  const pkg = (packageName: string, version = '1.0.0', required: string[] = []) => ({ packageName, version, required });

  it('derives its path from the host id and env prefix', () => {
    assert.equal(policyFilePath({ id: 'ndx', envPrefix: 'NDX' }, {}), '/etc/ndx/policy.json');
    assert.equal(policyFilePath({ id: 'ndx', envPrefix: 'NDX' }, { NDX_POLICY_FILE: '/tmp/p.json' }), '/tmp/p.json');
  });

  it('imposes nothing when the file is missing', async () => {
    const policy = await OrganisationPolicy.read(join(dir, 'absent.json'));
    assert.equal(policy.state.kind, 'none');
    assert.deepEqual(policy.verdict(pkg('anything')), { blocked: false });
    assert.ok(policy.allowsLink && policy.allowsLocalAdd && policy.agentsMayRunDestructive && policy.mayGrant('hub.request'));
  });

  it('matches scoped globs and version ranges (the range after the last @ that does not start the entry)', async () => {
    const policy = await read({ blocked: ['@shady/*', '@acme/old@<2', 'tool-*@>=3.0.0-0'] });
    assert.equal(policy.verdict(pkg('@shady/x')).blocked, true);
    assert.equal(policy.verdict(pkg('@acme/old', '1.9.9')).blocked, true);
    assert.equal(policy.verdict(pkg('@acme/old', '2.0.0')).blocked, false);
    assert.equal(policy.verdict(pkg('tool-a', '3.1.0-beta.1')).blocked, true);
    assert.equal(policy.verdict(pkg('tool-a', '2.9.0')).blocked, false);
    assert.equal(policy.verdict(pkg('@other/shady')).blocked, false);
  });

  it('blocks what `allowed` does not match, and what requires a capability it never grants', async () => {
    const policy = await read({ allowed: ['@acme/*'], neverGrant: ['hub.request'], agentsMayRunDestructive: false });
    const out = policy.verdict(pkg('stranger'));
    assert.ok(out.blocked && out.rule.rule === 'allowed');
    const caps = policy.verdict(pkg('@acme/x', '1.0.0', ['hub.request']));
    assert.ok(caps.blocked && caps.rule.rule === 'neverGrant' && caps.rule.entry === 'hub.request');
    assert.equal(policy.mayGrant('hub.request'), false);
    assert.equal(policy.agentsMayRunDestructive, false);
  });

  it('fails closed on an unusable file: not JSON, a wrong shape, an unknown key, a bad range', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{', /it is not JSON/],
      [{ blocked: 'x' }, /policy\.blocked: type: must be array/],
      [{ blockd: ['x'] }, /blockd/],
      [{ allowed: ['x@not a range'] }, /allowed: "x@not a range": "not a range" is not a semver range/],
    ];
    for (const [content, problem] of cases) {
      const policy = await read(content);
      assert.equal(policy.state.kind, 'invalid', JSON.stringify(content));
      const verdict = policy.verdict(pkg('anything'));
      assert.ok(verdict.blocked && verdict.rule.rule === 'invalid');
      assert.match(verdict.blocked ? verdict.reason : '', problem);
      assert.ok(!policy.allowsLink && !policy.allowsLocalAdd && !policy.agentsMayRunDestructive);
    }
  });
});
