import { Pool } from 'undici';

/**
 * The keep-alive connections to one sidecar launch, as the proxy uses them: one place, so the hub and the
 * benchmark measure the same pool. (A larger socket highWaterMark, 256 KiB or 1 MiB instead of undici's
 * 64 KiB, was measured for 1 MiB answers and did not pay: bench/hub-proxy.ts, the proxy's CPU per request
 * within noise.)
 *
 * `headersTimeoutMs` bounds the wait for an answer's headers (undici's default is 300 s); a body that has
 * started is never timed (`bodyTimeout` 0: server-sent events and long downloads may pause for as long as they like).
 */
export function upstreamPool(port: number, connections: number, headersTimeoutMs: number): Pool {
  return new Pool(`http://127.0.0.1:${port}`, { connections, headersTimeout: headersTimeoutMs, bodyTimeout: 0 });
}
