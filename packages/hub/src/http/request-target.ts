/** A request target the hub accepts: its path (raw, as sent) and its query string (`?…` or ''). */
export interface RequestTarget {
  path: string;
  query: string;
}

/**
 * The request target split, or a refusal reason. Refused before any routing: anything but an origin-form
 * target (`/…`), dot segments (`/x/../api`), percent-encoded dots, slashes and backslashes (`%2e`, `%2f`,
 * `%5c`), backslashes, encoded NULs and control characters, and empty segments (`//`). Paths are never
 * decoded or normalised here: what is checked is exactly what is routed and forwarded.
 */
export function parseRequestTarget(url: string | undefined): RequestTarget | { refused: string } {
  if (typeof url !== 'string' || !url.startsWith('/')) return { refused: 'the request target must be a path starting with "/"' };
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  // eslint-disable-next-line no-control-regex -- refuses control characters in a request path
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return { refused: 'the path holds a control character, a space or a backslash' };
  if (/%(2e|2f|5c|00)/i.test(path)) return { refused: 'the path holds a percent-encoded dot, slash, backslash or NUL' };
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s === '.' || s === '..')) return { refused: 'the path holds a "." or ".." segment' };
  if (segments.slice(0, -1).some((s) => s === '')) return { refused: 'the path holds an empty segment ("//")' };
  return { path, query };
}
