/** A hub to talk to: its base URL (`http://127.0.0.1:3117/`) and the token of its home. */
export interface HubEndpoint {
  readonly url: string;
  readonly token: string | undefined;
}

/** The request headers that carry the token (as a bearer), for every request to the hub. */
export function authHeaders(hub: HubEndpoint): Record<string, string> {
  return hub.token ? { authorization: `Bearer ${hub.token}` } : {};
}
