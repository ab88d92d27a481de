import { isValidSlug } from '@outboard/manifest';

/** Which origin a request is for: the hub's own, or the isolated origin of one sidecar. */
export type RequestOrigin = { kind: 'hub' } | { kind: 'sidecar'; name: string };

const HUB_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * What the `Host` header names, or undefined when it is not exactly one of `localhost`, `127.0.0.1`, `[::1]`
 * or `<name>.localhost`, each with the hub's port (DNS rebinding: a foreign name resolving to loopback is
 * refused). Whether `<name>` is an enabled extension is the caller's check.
 */
export function originOfHost(host: string | undefined, port: number): RequestOrigin | undefined {
  if (typeof host !== 'string') return undefined;
  const value = host.toLowerCase();
  const suffix = `:${port}`;
  if (!value.endsWith(suffix)) return undefined;
  const name = value.slice(0, -suffix.length);
  if (HUB_NAMES.includes(name)) return { kind: 'hub' };
  const sub = /^([a-z0-9-]+)\.localhost$/.exec(name);
  if (sub && isValidSlug(sub[1] as string)) return { kind: 'sidecar', name: sub[1] as string };
  return undefined;
}

/** The origins a browser page of `origin` sends in `Origin`, on the hub's port. */
export function ownOrigins(origin: RequestOrigin, port: number): string[] {
  if (origin.kind === 'sidecar') return [`http://${origin.name}.localhost:${port}`];
  return HUB_NAMES.map((n) => `http://${n}:${port}`);
}

/**
 * Whether a request's `Origin` header is acceptable: absent (not a browser's cross-origin request), or one of
 * the origins of the request's own origin. `null` and every other value are foreign.
 */
export function originAllowed(originHeader: string | string[] | undefined, origin: RequestOrigin, port: number): boolean {
  if (originHeader === undefined) return true;
  if (Array.isArray(originHeader)) return false;
  return ownOrigins(origin, port).includes(originHeader.toLowerCase());
}

/** Methods that change nothing: a foreign Origin is refused on every other method, and on WebSocket upgrades. */
export function isSafeMethod(method: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}
