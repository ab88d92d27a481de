import { OutboardError } from '@outboard/host/errors';
import { authHeaders, HubUnreachableError, type HubEndpoint } from './hub-endpoint.js';

/** How long a call to the hub's REST API may take, in ms (a restart waits for the peer's handshake and the sidecar's health). */
const API_TIMEOUT_MS = 60_000;

/**
 * Sends `method path` to the hub's versioned REST API (`/api/hub/*`) with the token and resolves with the JSON
 * answer of a 2xx status. Rejects with OutboardError `HUB_REQUEST_FAILED` carrying the hub's `error` text for
 * any other status, {@link HubUnreachableError} when the hub cannot be reached.
 */
export async function hubApiRequest(hub: HubEndpoint, method: 'GET' | 'POST', path: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(new URL(path.replace(/^\//, ''), hub.url), { method, headers: authHeaders(hub), signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch (error) {
    throw new HubUnreachableError(`the hub at ${hub.url} could not be reached: ${(error as Error).message}`);
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // no JSON: the status says it
  }
  // The hub's refusal names its own fix (`{ error, code, fix }`): shown as the hint, else the code's generic one.
  if (!res.ok) throw new OutboardError('HUB_REQUEST_FAILED', `the hub answered ${method} ${path} with ${res.status}${typeof body.error === 'string' ? `: ${body.error}` : ''}`, typeof body.fix === 'string' && body.fix !== '' ? { hint: body.fix } : {});
  return body;
}
