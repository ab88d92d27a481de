import type { Dispatcher } from 'undici';

/** Where a request goes: one running sidecar. */
export interface ProxyTarget {
  /** The extension's name (for messages). */
  readonly name: string;
  readonly port: number;
  /** This launch's secret, sent as `X-<Id>-Sidecar-Secret`. */
  readonly secret: string;
  /** Keep-alive connections to this launch, an undici Pool (destroyed when it stops). */
  readonly dispatcher: Dispatcher;
  /** Its log file, named by error answers. */
  readonly logFile: string;
}

/** The hub's naming of its own headers and cookies, derived from the host id. */
export interface ProxyNames {
  /** `x-outboard-`: the hub's own headers (token, base path, secret). */
  readonly ownHeaderPrefix: string;
  /** `outboard`: the hub's cookies start with it. */
  readonly ownCookiePrefix: string;
}

/** {@link ProxyNames} of a host id such as `outboard`. */
export function proxyNames(hostId: string): ProxyNames {
  const id = hostId.toLowerCase();
  return { ownHeaderPrefix: `x-${id}-`, ownCookiePrefix: id };
}
