import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestOptions } from '@outboard/protocol';
import { ProviderQueries } from '../../src/providers/provider-fanout.js';
import type { ProviderOutcome, ProviderPeer } from '../../src/providers/provider-fanout.js';

/** A peer answering each query after `delayMs`, recording the queries it saw cancelled. */
function fakePeer(delayMs: number, cancelled: string[]): ProviderPeer {
  return {
    start: async () => undefined,
    request: (_method: string, params: unknown, options: RequestOptions) =>
      new Promise((resolve, reject) => {
        const { query } = params as { query: string };
        // As the connection does: the abort listener is removed once the request is answered.
        const onAbort = (): void => {
          clearTimeout(timer);
          cancelled.push(query);
          reject(new Error('cancelled'));
        };
        const timer = setTimeout(() => {
          options.signal?.removeEventListener('abort', onAbort);
          resolve({ items: [{ title: `hit ${query}` }] });
        }, delayMs);
        options.signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

function queries(delays: Record<string, number>, cancelled: string[]): ProviderQueries {
  const names = Object.keys(delays);
  return new ProviderQueries({
    extensions: async () => names.map((name) => ({ name, dir: `/x/${name}`, manifest: { apiVersion: 1, name, contributes: { providers: [{ id: `${name}.find`, kind: 'search', title: name }] } } })),
    peer: async (name) => fakePeer(delays[name] ?? 0, cancelled),
    projectExists: () => true,
    grantedProjects: async () => undefined,
    hostId: 'tool',
  });
}

async function collect(gen: AsyncGenerator<ProviderOutcome>): Promise<ProviderOutcome[]> {
  const out: ProviderOutcome[] = [];
  for await (const o of gen) out.push(o);
  return out;
}

describe('ProviderQueries.fanOut', () => {
  it('yields answers as they arrive, then the providers that timed out', async () => {
    const cancelled: string[] = [];
    const outcomes = await collect(queries({ quick: 0, later: 30, stuck: 5000 }, cancelled).fanOut('search', { query: 'q' }, { deadlineMs: 200 }));
    assert.deepEqual(outcomes.map((o) => [o.provider.id, o.outcome]), [['quick.find', 'answered'], ['later.find', 'answered'], ['stuck.find', 'timed_out']]);
    assert.deepEqual(cancelled, ['q'], 'the stuck provider is cancelled at the deadline');
  });

  it('a newer fan-out from the same consumer cancels the older one, whose late answers never show', async () => {
    const cancelled: string[] = [];
    const q = queries({ slow: 300 }, cancelled);
    // Settled at once into a value, so the rejection is awaited below rather than unhandled.
    const first = collect(q.fanOut('search', { query: 'one' }, { consumer: 'page-1' })).then(() => undefined, (error: Error) => error);
    await new Promise((r) => setTimeout(r, 20));
    const second = await collect(q.fanOut('search', { query: 'two' }, { consumer: 'page-1' }));
    assert.match(String(await first), /a newer query from "page-1" replaced this one/);
    assert.deepEqual(cancelled, ['one']);
    assert.deepEqual(second.map((o) => (o.outcome === 'answered' ? o.items : o.outcome)), [[{ title: 'hit two' }]]);
  });
});
