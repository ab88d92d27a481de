import type { ServerResponse } from 'node:http';
import type { BusEvent, EventBus } from '@outboard/host';
import type { EventStreamRequest } from './event-query.js';

/** Bytes a client may leave unread before it is dropped (a slow client is dropped from, never waited on). */
export const MAX_UNREAD_BYTES = 1024 * 1024;
/** Queue bound of one stream's bus subscription, in events. */
const STREAM_QUEUE = 4096;

/**
 * `GET /api/events` (its query read by event-query.ts): the bus as Server-Sent Events (`id:` = seq; resume with `Last-Event-ID` or `?since=`) or,
 * with `?format=ndjson`, as one JSON event per line. A gap (events evicted from the ring, a seq from another
 * hub run, or events this client's queue dropped) is said with an explicit `reset` (SSE `event: reset`;
 * NDJSON `{"reset":true,...}`) so the client resyncs by query. Heartbeats keep proxies and the client sure
 * the stream lives. A client that leaves over {@link MAX_UNREAD_BYTES} unread is disconnected.
 */
export function handleEventStream(bus: EventBus, res: ServerResponse, asked: EventStreamRequest): void {
  const sse = asked.format === 'sse';
  res.writeHead(200, {
    'content-type': sse ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  let closed = false;
  let corked = false;
  const write = (text: string): void => {
    if (closed) return;
    if (res.writableLength > MAX_UNREAD_BYTES) {
      close();
      res.destroy();
      return;
    }
    // The events of one delivery turn leave in one write (one TCP segment), not one syscall each.
    if (!corked) {
      corked = true;
      res.cork();
      queueMicrotask(() => {
        corked = false;
        res.uncork();
      });
    }
    res.write(text);
  };
  const sendEvent = (event: BusEvent): void => {
    const json = JSON.stringify(event);
    write(sse ? `id: ${event.seq}\ndata: ${json}\n\n` : `${json}\n`);
  };
  const sendReset = (reason: string): void => {
    const json = JSON.stringify({ reset: true, reason, lastSeq: bus.lastSeq });
    write(sse ? `id: ${bus.lastSeq}\nevent: reset\ndata: ${json}\n\n` : `${json}\n`);
  };
  // Subscribed before the ring is read, in the same turn: the replay and the live events neither overlap nor leave a gap.
  const subscription = bus.subscribe(
    asked.filter,
    (event, delivery) => {
      if (delivery.dropped > 0) sendReset(`${delivery.dropped} events were dropped because this client read too slowly; resync by query`);
      sendEvent(event);
    },
    { queueSize: STREAM_QUEUE, name: 'sse' },
  );
  if (sse) write(`retry: 1000\n: ${bus.lastSeq}\n\n`);
  if (asked.since !== undefined) {
    const resumed = bus.since(asked.since, asked.filter);
    if (resumed.lost) sendReset(`events after ${asked.since} are no longer kept (or come from another hub run); resync by query`);
    for (const event of resumed.events) sendEvent(event);
  }
  const heartbeat = setInterval(() => write(sse ? `: heartbeat ${bus.lastSeq}\n\n` : `${JSON.stringify({ heartbeat: true, lastSeq: bus.lastSeq })}\n`), asked.heartbeatMs);
  heartbeat.unref();
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    subscription.dispose();
  };
  res.on('close', close);
}
