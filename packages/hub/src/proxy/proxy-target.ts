import type { IncomingMessage } from 'node:http';
import type { Dispatcher } from 'undici';
import type { SidecarMount } from './sidecar-router.js';
import { forwardRequestHeaders, type ForwardContext, type HeaderBag, type ResponseContext } from './proxy-headers.js';

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
  /** How long a request waits for the sidecar's response headers before a 504, in ms (its pool enforces it). */
  readonly headersTimeoutMs: number;
}

/** The hub's naming of its own headers and cookies, derived from the host id. */
export interface ProxyNames {
  /** `outboard`: the host id, whose words the refusals' fixes use. */
  readonly hostId: string;
  /** `x-outboard-`: the hub's own headers (token, base path, secret). */
  readonly ownHeaderPrefix: string;
  /** `outboard`: the hub's cookies start with it. */
  readonly ownCookiePrefix: string;
}

/** {@link ProxyNames} of a host id such as `outboard`. */
export function proxyNames(hostId: string): ProxyNames {
  const id = hostId.toLowerCase();
  return { hostId, ownHeaderPrefix: `x-${id}-`, ownCookiePrefix: id };
}

/**
 * The headers a client's request (or WebSocket upgrade, with `upgrade`) is sent to `target` with; with
 * `senderFrames`, for an upstream client that frames bodies itself (see {@link forwardRequestHeaders}).
 */
export function sidecarRequestHeaders(req: IncomingMessage, mount: SidecarMount, target: ProxyTarget, names: ProxyNames, upgrade?: string, senderFrames = false): HeaderBag {
  const ctx: ForwardContext = {
    ownHeaderPrefix: names.ownHeaderPrefix,
    ownCookiePrefix: names.ownCookiePrefix,
    basePath: mount.basePath,
    secret: target.secret,
    clientAddress: req.socket.remoteAddress ?? '',
    proto: (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http',
    senderFrames,
  };
  if (upgrade !== undefined) ctx.upgrade = upgrade;
  return forwardRequestHeaders(req.rawHeaders, ctx);
}

/** What the answer's header rules need from a request (see {@link forwardResponseHeaders}). */
export function responseContext(req: IncomingMessage, mount: SidecarMount, names: ProxyNames): ResponseContext {
  return { basePath: mount.basePath, ownCookiePrefix: names.ownCookiePrefix, requestHost: req.headers.host };
}
