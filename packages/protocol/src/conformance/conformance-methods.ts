import type { Connection } from '../connection/connection.js';
import type { Disposable } from '../disposable.js';
import { ResponseError } from '../errors/response-error.js';
import { nextTurn } from '../runtime.js';

/**
 * The test methods a conformance peer implements (see docs/protocol.md, "Conformance"):
 * - `test/echo`: returns its params.
 * - `test/sleep` `{ms}`: answers `{slept: ms}` after ms; stops at once when cancelled.
 * - `test/progress` `{count}`: reports `{done, total}` for done = 1..count (coalescing allowed), then `{count}`.
 * - `test/blob` `{bytes}`: returns `{blob: "xxx…"}` of that many characters (over the limit: too_large).
 * - `test/callHost` `{method, params}`: calls the host and returns `{result}` or `{error}`.
 * Registers them on `connection`; disposing removes them.
 */
export function serveConformanceMethods(connection: Connection): Disposable {
  const registrations = [
    connection.onRequest('test/echo', (params) => params),
    connection.onRequest<{ ms?: unknown }>('test/sleep', (params, context) => {
      const ms = Number(params?.ms);
      if (!Number.isFinite(ms) || ms < 0) throw new ResponseError('invalid_params', 'test/sleep needs {"ms": <number >= 0>}');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ slept: ms }), ms);
        context.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(context.signal.reason as Error);
        });
      });
    }),
    connection.onRequest<{ count?: unknown }>('test/progress', async (params, context) => {
      const count = Number(params?.count);
      if (!Number.isSafeInteger(count) || count < 0) throw new ResponseError('invalid_params', 'test/progress needs {"count": <integer >= 0>}');
      for (let done = 1; done <= count; done++) {
        context.progress({ done, total: count });
        if (done % 100 === 0) await new Promise<void>((resolve) => nextTurn(resolve));
      }
      return { count };
    }),
    connection.onRequest<{ bytes?: unknown }>('test/blob', (params) => {
      const bytes = Number(params?.bytes);
      if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > 64 * 1024 * 1024) throw new ResponseError('invalid_params', 'test/blob needs {"bytes": <integer 0..67108864>}');
      return { blob: 'x'.repeat(bytes) };
    }),
    connection.onRequest<{ method?: unknown; params?: unknown }>('test/callHost', async (params) => {
      if (typeof params?.method !== 'string') throw new ResponseError('invalid_params', 'test/callHost needs {"method": <string>, "params": <any>}');
      try {
        return { result: await connection.request(params.method, params.params) };
      } catch (error) {
        if (error instanceof ResponseError) return { error: { code: error.code, message: error.message, data: error.data } };
        throw error;
      }
    }),
  ];
  return { dispose: () => registrations.forEach((r) => r.dispose()) };
}
