import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a page's anti-forgery token stays good, in ms (a page left open a working day still posts). */
export const FORM_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Per-page anti-forgery tokens: each rendered page gets a fresh `<nonce>.<expiry>.<mac>`, the MAC keyed by the
 * hub's secret token, so the hub keeps no table of them and a token cannot be made without the secret. They
 * are checked on every page POST, on top of the cookie and the Origin check.
 */
export function issueFormToken(secret: string, now = Date.now()): string {
  const body = `${randomBytes(12).toString('base64url')}.${now + FORM_TOKEN_TTL_MS}`;
  return `${body}.${mac(secret, body)}`;
}

/** Whether `presented` is a token this hub issued and it has not expired. */
export function formTokenValid(secret: string, presented: unknown, now = Date.now()): boolean {
  if (typeof presented !== 'string' || presented.length > 200) return false;
  const at = presented.lastIndexOf('.');
  if (at < 0) return false;
  const body = presented.slice(0, at);
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(presented.slice(at + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(body.split('.')[1]) > now;
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`page-form:${body}`).digest('base64url');
}
