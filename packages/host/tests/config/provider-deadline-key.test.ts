import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkHostOwnedWrite, providerDeadlineIn } from '../../src/config/host-owned-keys.js';

const USER = { hostId: 'ndx', scope: 'user' } as const;

describe('providers.deadlineMs, a host-owned key', () => {
  it('reads a whole number of milliseconds from 100 to 60000, and nothing else', () => {
    assert.equal(providerDeadlineIn({ providers: { deadlineMs: 5000 } }), 5000);
    assert.equal(providerDeadlineIn({}), undefined);
    for (const bad of [99, 60_001, 2.5, '5000', null, true]) assert.equal(providerDeadlineIn({ providers: { deadlineMs: bad } }), undefined, String(bad));
    assert.equal(providerDeadlineIn({ providers: 'fast' }), undefined);
  });

  it('refuses a write out of range or of an unknown key under providers, naming the rule', () => {
    assert.doesNotThrow(() => checkHostOwnedWrite(USER, ['providers', 'deadlineMs'], 100, 'providers.deadlineMs'));
    assert.doesNotThrow(() => checkHostOwnedWrite(USER, ['providers'], { deadlineMs: 60_000 }, 'providers'));
    assert.throws(() => checkHostOwnedWrite(USER, ['providers', 'deadlineMs'], 5, 'providers.deadlineMs'), (e: Error & { code?: string }) => e.code === 'CONFIG_INVALID_VALUE' && /from 100 to 60000/.test(e.message));
    assert.throws(() => checkHostOwnedWrite(USER, ['providers'], { deadlineMs: 1, other: 2 }, 'providers'), /CONFIG_INVALID_VALUE|from 100 to 60000/);
    assert.throws(() => checkHostOwnedWrite(USER, ['providers', 'limit'], 5, 'providers.limit'), (e: Error & { code?: string }) => e.code === 'CONFIG_INVALID_KEY' && /holds only providers\.deadlineMs/.test(e.message));
    // The refusal carries the key's own fix, in the host's own command, instead of the code's generic one.
    assert.throws(
      () => checkHostOwnedWrite(USER, ['providers', 'deadlineMs'], 60_001, 'providers.deadlineMs'),
      (e: Error & { hint?: string }) => e.hint === 'give one with `ndx config providers.deadlineMs 5000 --user`, or unset it with `ndx config providers.deadlineMs --unset --user`',
    );
    // A project write's fix writes the project file too (no --user).
    assert.throws(
      () => checkHostOwnedWrite({ hostId: 'ndx', scope: 'project' }, ['providers'], { deadlineMs: 'slow' }, 'providers'),
      (e: Error & { hint?: string }) => e.hint === 'give one with `ndx config providers.deadlineMs 5000`, or unset it with `ndx config providers.deadlineMs --unset`',
    );
    assert.throws(() => checkHostOwnedWrite(USER, ['providers', 'limit'], 5, 'providers.limit'), (e: Error & { hint?: string }) => e.hint === 'set that one with `ndx config providers.deadlineMs <ms> --user`');
    // Other keys are not the host's to check here.
    assert.doesNotThrow(() => checkHostOwnedWrite(USER, ['demo', 'key'], 'anything', 'demo.key'));
  });
});
