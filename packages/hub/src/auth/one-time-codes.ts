import { randomBytes } from 'node:crypto';

/** How long a sign-in code of the hub's link stays good, in ms (DESIGN §7: 2 minutes). */
export const LOGIN_CODE_TTL_MS = 2 * 60_000;

/** Options of {@link OneTimeCodes}. */
export interface OneTimeCodesOptions {
  /** How long a code stays good, in ms. Required. */
  ttlMs: number;
  /** Codes waiting at once (the oldest goes first), so issuing in a loop cannot grow memory without bound. Default 1000. */
  maxPending?: number;
  /** The clock, in ms since the epoch. Default `Date.now` (tests move time). */
  now?: () => number;
}

/**
 * Random one-time codes, each carrying a value: redeemed once within `ttlMs`, used up by the first try
 * (a second visit of the same link fails). Nothing is persisted: codes die with the hub. Used for the
 * sign-in link (`/?code=`, DESIGN §7) and for the isolated sidecar origins (see SidecarSessions).
 */
export class OneTimeCodes<T> {
  readonly #codes = new Map<string, { value: T; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxPending: number;
  readonly #now: () => number;

  constructor(options: OneTimeCodesOptions) {
    if (!(options.ttlMs > 0)) throw new TypeError(`OneTimeCodes ttlMs must be a positive number of ms, got ${String(options.ttlMs)}`);
    this.#ttlMs = options.ttlMs;
    this.#maxPending = options.maxPending ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  /** A fresh code for `value`, and when it expires (ms since the epoch). */
  issue(value: T): { code: string; expiresAt: number } {
    const now = this.#now();
    for (const [code, entry] of this.#codes) if (entry.expires < now) this.#codes.delete(code);
    if (this.#codes.size >= this.#maxPending) this.#codes.delete(this.#codes.keys().next().value as string);
    const code = randomBytes(24).toString('base64url');
    const expiresAt = now + this.#ttlMs;
    this.#codes.set(code, { value, expires: expiresAt });
    return { code, expiresAt };
  }

  /** The value of a live `code`, or undefined (unknown, used or expired); the code is used up either way. */
  redeem(code: string): T | undefined {
    const entry = this.#codes.get(code);
    if (!entry) return undefined;
    this.#codes.delete(code);
    return entry.expires < this.#now() ? undefined : entry.value;
  }
}
