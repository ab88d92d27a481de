// What a sidecar's `Set-Cookie` may do through the proxy (DESIGN §7): never touch the hub's cookies, never
// reach outside its mount on the shared origin, never name a Domain. A pure function.

/** A cookie name as the hub compares it: trimmed, lower case, without the `__Host-`/`__Secure-` prefix. */
export function comparableCookieName(name: string): string {
  return name.trim().toLowerCase().replace(/^__(host|secure)-/, '');
}

/**
 * A sidecar's `Set-Cookie` value as the browser may see it, or undefined when it is dropped:
 * - a cookie whose name starts with `ownCookiePrefix` (the hub's own, such as `outboard_token`) is dropped on
 *   either origin, so no sidecar can log the user out or fix a session;
 * - the `Domain` attribute is removed everywhere (the cookie stays host-only: `Domain=localhost` would reach
 *   the hub and every other sidecar origin);
 * - on the shared origin (`basePath` `/x/<name>/`), `Path` is moved into the mount as a `Location` is
 *   (`/` → `/x/<name>/`, `/api` → `/x/<name>/api`); on the sidecar's own origin (`basePath` `/`) it stays.
 * A cookie without `Path` is left so: the browser's default path is that of the request, inside the mount.
 */
export function confineSetCookie(value: string, basePath: string, ownCookiePrefix: string): string | undefined {
  const semi = value.indexOf(';');
  const pair = semi === -1 ? value : value.slice(0, semi);
  const eq = pair.indexOf('=');
  // A pair without `=` is a cookie with an empty name (RFC 6265bis §5.6): not one of the hub's.
  if (eq !== -1 && comparableCookieName(pair.slice(0, eq)).startsWith(ownCookiePrefix)) return undefined;
  if (semi === -1) return value;
  const shared = basePath !== '/';
  let out = pair;
  for (const attribute of value.slice(semi + 1).split(';')) {
    const at = attribute.indexOf('=');
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    if (key === 'domain') continue;
    if (key === 'path' && shared) {
      out += `; Path=${cookiePathInMount(attribute.slice(at + 1).trim(), basePath)}`;
      continue;
    }
    out += `;${attribute}`;
  }
  return out;
}

/** A cookie `Path` of the sidecar moved into the mount `basePath` (`/x/<name>/`); one already inside it is kept. */
function cookiePathInMount(path: string, basePath: string): string {
  const prefix = basePath.endsWith('/') ? basePath.slice(0, -1) : basePath;
  if (path === prefix || path.startsWith(basePath)) return path;
  // Not a path (the browser would use the request's): the mount itself.
  if (!path.startsWith('/')) return basePath;
  return prefix + path;
}
