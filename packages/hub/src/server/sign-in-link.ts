import type { HubContext } from './hub-context.js';

/**
 * A fresh sign-in link of the hub, `http://127.0.0.1:<port>/?code=<one-time code>` (single use, valid two
 * minutes: DESIGN §7), and its expiry in ms since the epoch. What `hub start`, `hub status` and `hub open`
 * print, through `POST /api/hub/sign-in` from another process.
 */
export function signInLink(ctx: HubContext): { url: string; expiresAt: number } {
  const { code, expiresAt } = ctx.logins.issue(true);
  return { url: `http://127.0.0.1:${ctx.port()}/?code=${code}`, expiresAt };
}
