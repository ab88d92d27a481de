import type { IncomingHttpHeaders } from 'node:http';
import type { RequestOrigin } from './host-check.js';
import { presentedTokens } from './credentials.js';
import { tokenMatches } from './token-match.js';
import type { SidecarSessions } from './sidecar-sessions.js';

/** What a request's credentials are checked against. */
export interface AuthInput {
  headers: IncomingHttpHeaders;
  origin: RequestOrigin;
  hostId: string;
  token: string;
  sessions: SidecarSessions;
}

/**
 * Whether the request carries the token: by `X-<Id>-Token` or `Authorization: Bearer` (every such value
 * must match), else by cookie — on the hub's origin the token cookie, on a sidecar's origin a session of
 * that origin (the hub's cookie is host-only and never reaches it). Never the query string.
 */
export function isAuthenticated(input: AuthInput): boolean {
  const { header, cookie } = presentedTokens(input.headers, input.hostId);
  if (header.length > 0) return header.every((value) => tokenMatches(value, input.token));
  const { origin } = input;
  if (origin.kind === 'hub') return cookie.some((value) => tokenMatches(value, input.token));
  return cookie.some((value) => input.sessions.isSession(origin.name, value));
}
