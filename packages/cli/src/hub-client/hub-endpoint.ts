import { OutboardError } from '@outboard/host/errors';

/** A hub this CLI talks to: its URL and the token of this home (read from `<home>/token`). */
export interface HubEndpoint {
  url: string;
  token: string | undefined;
}

/** The hub named by hub.json does not accept connections (it died and its record was not yet cleaned up). */
export class HubUnreachableError extends OutboardError {
  override name = 'HubUnreachableError';
  constructor(message: string) {
    super('HUB_REQUEST_FAILED', message, {});
  }
}

/** The request headers that carry the token (as a bearer), for every request to the hub. */
export function authHeaders(hub: HubEndpoint): Record<string, string> {
  return hub.token ? { authorization: `Bearer ${hub.token}` } : {};
}
