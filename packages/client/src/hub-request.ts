import { ClientError } from './client-errors.js';
import { authHeaders, type HubEndpoint } from './hub-endpoint.js';

/** How long a call to the hub's REST API may take, in ms, by default (a restart waits for a peer's handshake and a sidecar's health). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Options of {@link hubRequest}. */
export interface HubRequestOptions {
  /** A JSON body to send. Default: none. */
  body?: unknown;
  /** Default {@link REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Names commands in the fixes of errors. Default `<id>`. */
  hostId?: string;
}

/**
 * Sends `method path` to the hub's versioned REST API (`/api/hub/*`, `/api/automations/*`) with the token and
 * resolves with the JSON answer of a 2xx status. Rejects with ClientError `CLIENT_REFUSED` carrying the hub's
 * `error` text for any other status, `CLIENT_UNREACHABLE` when the hub cannot be reached.
 */
export async function hubRequest(hub: HubEndpoint, method: string, path: string, options: HubRequestOptions = {}): Promise<Record<string, unknown>> {
  const hostId = options.hostId ?? '<id>';
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(hub) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(new URL(path.replace(/^\//, ''), hub.url), { method, headers, signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS), ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  } catch (error) {
    throw new ClientError('CLIENT_UNREACHABLE', `the hub at ${hub.url} could not be reached: ${(error as Error).message}`, { hostId, cause: error });
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // no JSON: the status says it
  }
  if (!res.ok) throw new ClientError('CLIENT_REFUSED', `the hub answered ${method} ${path} with ${res.status}${typeof body.error === 'string' ? `: ${body.error}` : ''}`, { hostId, ...(typeof body.fix === 'string' ? { hint: body.fix } : {}) });
  return body;
}
