import { request } from 'node:http';
import { authHeaders, HubUnreachableError, type HubEndpoint } from '../hub-client/hub-endpoint.js';
import { OutboardError } from '@outboard/host/errors';

/** Longest line accepted from the stream; a longer one ends it (the hub never sends one). */
const MAX_LINE_BYTES = 4 * 1024 * 1024;

/**
 * Follows the hub's `GET /api/events?format=ndjson&...` and hands each parsed line to `onRecord` until
 * `signal` aborts (resolves) or the hub closes the stream (resolves). Rejects with {@link HubUnreachableError}
 * when the hub cannot be reached, an OutboardError `HUB_REQUEST_FAILED` when it refuses.
 */
export function followEvents(hub: HubEndpoint, query: URLSearchParams, onRecord: (record: unknown) => void, signal: AbortSignal): Promise<void> {
  query.set('format', 'ndjson');
  return new Promise((resolve, reject) => {
    const req = request(new URL(`api/events?${query.toString()}`, hub.url), { headers: authHeaders(hub), signal });
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d.slice(0, 4096)));
        res.on('end', () => {
          let message = text;
          try {
            message = String((JSON.parse(text) as { error?: unknown }).error ?? text);
          } catch {
            // not JSON: the text as it is
          }
          reject(new OutboardError('HUB_REQUEST_FAILED', `the hub refused the event stream (${res.statusCode}): ${message}`));
        });
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (line.trim() === '') continue;
          try {
            onRecord(JSON.parse(line));
          } catch {
            // A line that is not JSON is skipped: the stream goes on.
          }
        }
        if (buffer.length > MAX_LINE_BYTES) res.destroy();
      });
      res.on('end', () => resolve());
      res.on('close', () => resolve());
      res.on('error', () => resolve());
    });
    req.on('error', (error) => {
      if (signal.aborted) return resolve();
      reject(new HubUnreachableError(`the hub at ${hub.url} could not be reached: ${error.message}`));
    });
    req.end();
  });
}
