// The hub's credentials in a URL's query, removed before anything is forwarded to a sidecar. Pure functions.

/** Query parameters that carry the hub's token (`/?token=` of scripts, the common `access_token` alias). */
const CREDENTIAL_PARAMS = new Set(['token', 'access_token']);

/** Whether one `name=value` pair of a query names a credential (its name decoded, any case). */
function isCredentialPair(pair: string): boolean {
  const eq = pair.indexOf('=');
  const raw = (eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // A malformed escape: compared as sent.
  }
  return CREDENTIAL_PARAMS.has(name.trim().toLowerCase());
}

/**
 * `target` (a path with its query, or an absolute URL such as a `Referer`) without the query parameters
 * that carry the hub's token, wherever they are in the query and however their names are encoded; the other
 * parameters are kept in order with their separators (`&` and `;`, which some servers split on too). The
 * `?` goes when nothing is left. A query that cannot hold such a name is returned as it is, unparsed.
 */
export function withoutCredentialParams(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target;
  const query = target.slice(q + 1);
  // Fast path (every proxied request): neither name can be there, even percent-encoded.
  if (!/token|%/i.test(query)) return target;
  const parts = query.split(/([&;])/);
  const out: string[] = [];
  let dropped = false;
  for (let i = 0; i < parts.length; i += 2) {
    const pair = parts[i] as string;
    if (pair !== '' && isCredentialPair(pair)) dropped = true;
    else out.push(i === 0 ? pair : `${parts[i - 1] as string}${pair}`);
  }
  if (!dropped) return target;
  const kept = out.join('').replace(/^[&;]/, '');
  return kept === '' ? target.slice(0, q) : `${target.slice(0, q)}?${kept}`;
}
