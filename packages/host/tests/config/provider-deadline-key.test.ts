import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkHostOwnedWrite, providerDeadlineIn } from '../../src/config/host-owned-keys.js';

describe('providers.deadlineMs, a host-owned key', () => {
  it('reads a whole number of milliseconds from 100 to 60000, and nothing else', () => {
    assert.equal(providerDeadlineIn({ providers: { deadlineMs: 5000 } }), 5000);
    assert.equal(providerDeadlineIn({}), undefined);
    for (const bad of [99, 60_001, 2.5, '5000', null, true]) assert.equal(providerDeadlineIn({ providers: { deadlineMs: bad } }), undefined, String(bad));
    assert.equal(providerDeadlineIn({ providers: 'fast' }), undefined);
  });

  it('refuses a write out of range or of an unknown key under providers, naming the rule', () => {
    assert.doesNotThrow(() => checkHostOwnedWrite(['providers', 'deadlineMs'], 100, 'providers.deadlineMs'));
    assert.doesNotThrow(() => checkHostOwnedWrite(['providers'], { deadlineMs: 60_000 }, 'providers'));
    assert.throws(() => checkHostOwnedWrite(['providers', 'deadlineMs'], 5, 'providers.deadlineMs'), (e: Error & { code?: string }) => e.code === 'CONFIG_INVALID_VALUE' && /from 100 to 60000/.test(e.message));
    assert.throws(() => checkHostOwnedWrite(['providers'], { deadlineMs: 1, other: 2 }, 'providers'), /CONFIG_INVALID_VALUE|from 100 to 60000/);
    assert.throws(() => checkHostOwnedWrite(['providers', 'limit'], 5, 'providers.limit'), (e: Error & { code?: string }) => e.code === 'CONFIG_INVALID_KEY' && /holds only providers\.deadlineMs/.test(e.message));
    // Other keys are not the host's to check here.
    assert.doesNotThrow(() => checkHostOwnedWrite(['demo', 'key'], 'anything', 'demo.key'));
  });
});
