import { randomBytes } from 'node:crypto';
import { OneTimeCodes } from './one-time-codes.js';

/** How long a one-time code handed to a browser stays good, in ms. */
const CODE_TTL_MS = 60_000;
/** Codes waiting at once: a flood of navigations cannot grow memory without bound. */
const MAX_PENDING_CODES = 1000;
/** Sessions kept per sidecar origin (the oldest goes first). */
const MAX_SESSIONS_PER_NAME = 100;

/** The path on a sidecar's own origin that exchanges a one-time code for that origin's session cookie. */
export function sessionPath(hostId: string): string {
  return `/__${hostId}_session`;
}

/**
 * The credentials of the isolated sidecar origins (DESIGN §7): a navigation to `/x/<name>/…` on the hub's
 * origin gets a one-time code, which `http://<name>.localhost:<port>/` exchanges for a session cookie of its
 * own (host-only), valid on that origin alone. Redeeming a code and starting a session are two steps, so a
 * session exists only where a cookie is given: never for a sidecar view's frame (answered in place), nor for a
 * code whose extension was refused meanwhile. Nothing is persisted: a hub restart asks again.
 */
export class SidecarSessions {
  readonly #codes: OneTimeCodes<{ name: string; path: string; inFrame: boolean }>;
  readonly #sessions = new Map<string, string[]>();

  constructor(options: { now?: () => number } = {}) {
    this.#codes = new OneTimeCodes({ ttlMs: CODE_TTL_MS, maxPending: MAX_PENDING_CODES, ...(options.now ? { now: options.now } : {}) });
  }

  /**
   * A one-time code for sidecar `name`, redeemable once within a minute, remembering the path to land on.
   * `inFrame`: for a sidecar view's sandboxed iframe, where the browser keeps no cookie of a cross-site frame,
   * so the exchange answers the path itself instead of redirecting to it with a cookie.
   */
  issueCode(name: string, path: string, { inFrame = false }: { inFrame?: boolean } = {}): string {
    return this.#codes.issue({ name, path, inFrame }).code;
  }

  /**
   * Uses up `code` on the origin of `name`: the path to land on and whether it is a frame's, or undefined
   * (unknown, used, expired, other name). It starts no session (see {@link startSession}).
   */
  redeem(name: string, code: string): { path: string; inFrame: boolean } | undefined {
    const entry = this.#codes.redeem(code);
    if (!entry || entry.name !== name) return undefined;
    return { path: entry.path, inFrame: entry.inFrame };
  }

  /** A new session of the origin of `name`, for the cookie about to be set (the oldest beyond 100 is dropped). */
  startSession(name: string): string {
    const session = randomBytes(32).toString('base64url');
    const list = this.#sessions.get(name) ?? [];
    list.push(session);
    if (list.length > MAX_SESSIONS_PER_NAME) list.shift();
    this.#sessions.set(name, list);
    return session;
  }

  /** Whether `session` is a live session of the origin of `name`. */
  isSession(name: string, session: string): boolean {
    return (this.#sessions.get(name) ?? []).includes(session);
  }
}
