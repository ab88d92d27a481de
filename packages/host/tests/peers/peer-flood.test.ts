// A peer flooding the host with notifications/show and events/publish requests and raw notifications,
// as fast as it can, beside a well-behaved peer: the host stays responsive, drops what is over the rate
// limit with one note per burst, and holds bounded memory.
import { describe, it } from 'node:test';
import { assertFloodContained } from './peer-flood-check.js';

describe('a flooding peer', { timeout: 40_000 }, () => {
  it('floods notifications and events: the host stays responsive, drops over the rate limit with a note, memory stays bounded', async () => {
    await assertFloodContained({ name: 'flooder', mode: 'flood' });
  });
});
