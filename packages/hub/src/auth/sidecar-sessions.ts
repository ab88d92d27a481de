import { randomBytes } from 'node:crypto';

/** How long a one-time code handed to a browser stays good, in ms. */
const CODE_TTL_MS = 60_000;
/** Codes waiting at once: a flood of navigations cannot grow memory without bound. */
const MAX_PENDING_CODES = 1000;
/** Sessions kept per sidecar origin (the oldest goes first). */
const MAX_SESSIONS_PER_NAME = 100;

/**
 * The credentials of the isolated sidecar origins (DESIGN §7): a navigation to `/x/<name>/…` on the hub's
 * origin gets a one-time code, which `http://<name>.localhost:<port>/` exchanges for a session cookie of its
 * own (host-only), valid on that origin alone. Nothing is persisted: a hub restart asks again.
 */
export class SidecarSessions {
  readonly #codes = new Map<string, { name: string; path: string; expires: number }>();
  readonly #sessions = new Map<string, string[]>();
  readonly #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** A one-time code for sidecar `name`, redeemable once within a minute, remembering the path to land on. */
  issueCode(name: string, path: string): string {
    this.#sweep();
    if (this.#codes.size >= MAX_PENDING_CODES) this.#codes.delete(this.#codes.keys().next().value as string);
    const code = randomBytes(24).toString('base64url');
    this.#codes.set(code, { name, path, expires: this.#now() + CODE_TTL_MS });
    return code;
  }

  /** Redeems `code` on the origin of `name`: a new session and the path to land on, or undefined (unknown, used, expired, other name). */
  redeem(name: string, code: string): { session: string; path: string } | undefined {
    const entry = this.#codes.get(code);
    if (!entry) return undefined;
    this.#codes.delete(code);
    if (entry.name !== name || entry.expires < this.#now()) return undefined;
    const session = randomBytes(32).toString('base64url');
    const list = this.#sessions.get(name) ?? [];
    list.push(session);
    if (list.length > MAX_SESSIONS_PER_NAME) list.shift();
    this.#sessions.set(name, list);
    return { session, path: entry.path };
  }

  /** Whether `session` is a live session of the origin of `name`. */
  isSession(name: string, session: string): boolean {
    return (this.#sessions.get(name) ?? []).includes(session);
  }

  #sweep(): void {
    const now = this.#now();
    for (const [code, entry] of this.#codes) if (entry.expires < now) this.#codes.delete(code);
  }
}
