import type { Connection } from '../connection/connection.js';
import { describe } from '../connection/connection-options.js';
import type { Disposable } from '../disposable.js';
import { HandshakeError } from '../errors/handshake-error.js';
import { ResponseError } from '../errors/response-error.js';
import { HandshakeMethods, type ActivateParams, type ActivateResult, type InitializeParams, type InitializeResult, type PeerCapabilityRequest, type PeerContributions } from './handshake-messages.js';
import { SUPPORTED_PROTOCOL, describeProtocolRange, isProtocolRange, type ProtocolRange } from './protocol-range.js';

/** Options of {@link servePeerHandshake}. */
export interface PeerHandshakeOptions {
  /** The peer's identity: the extension's name. */
  readonly name: string;
  readonly version: string;
  /** What the peer contributes. Default {}. */
  readonly contributes?: PeerContributions;
  /** Capabilities asked for. Default {}. */
  readonly capabilities?: PeerCapabilityRequest;
  /** Protocol versions the peer speaks. Default {min: 1, max: 1}. */
  readonly protocol?: ProtocolRange;
  /** Called with the host's `initialize` params before answering; throw (a ResponseError) to refuse. */
  readonly onInitialize?: (params: InitializeParams) => void | Promise<void>;
  /** Called on `activate` with the grants; throw (a ResponseError) to answer with an activation error. */
  readonly onActivate?: (session: PeerSession) => void | Promise<void>;
  /** Called on the host's `shutdown` request, before answering it. The host then closes stdin. */
  readonly onShutdown?: () => void | Promise<void>;
}

/** What the peer knows once activated. */
export interface PeerSession extends ActivateParams {
  /** The negotiated protocol version. */
  readonly protocol: number;
  /** The host's `initialize` params. */
  readonly initialize: InitializeParams;
}

/** A running peer-side handshake. */
export interface PeerHandshake extends Disposable {
  /** Resolves after a successful `activate`; rejects (HandshakeError `connection_lost`) if the connection closes first. */
  readonly ready: Promise<PeerSession>;
  /** Where the handshake is. */
  readonly state: 'waiting' | 'initialized' | 'ready';
}

/**
 * Serves the peer side: answers `initialize` (choosing the highest common protocol version, or an
 * `invalid_params` error naming both ranges with `data.supported`), then `activate` ({ready: true}, or the
 * error thrown by `onActivate`), and `shutdown`. Out-of-order calls get `invalid_request`. Register before
 * `listen()`. Disposing removes the handlers.
 */
export function servePeerHandshake(connection: Connection, options: PeerHandshakeOptions): PeerHandshake {
  if (typeof options.name !== 'string' || options.name === '') throw new TypeError(`PeerHandshakeOptions.name must be a non-empty string, got ${describe(options.name)}`);
  if (typeof options.version !== 'string' || options.version === '') throw new TypeError(`PeerHandshakeOptions.version must be a non-empty string, got ${describe(options.version)}`);
  const range = options.protocol ?? SUPPORTED_PROTOCOL;
  if (!isProtocolRange(range)) throw new TypeError(`PeerHandshakeOptions.protocol must be {min, max} with 1 <= min <= max, got ${JSON.stringify(range)}`);

  let state: PeerHandshake['state'] = 'waiting';
  let initialize: InitializeParams | undefined;
  let protocol = 0;
  let resolveReady!: (session: PeerSession) => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<PeerSession>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A peer that never awaits `ready` must not crash on an unhandled rejection.
  ready.catch(() => undefined);

  const handlers: Disposable[] = [
    connection.onRequest<InitializeParams, InitializeResult>(HandshakeMethods.initialize, async (params) => {
      if (state !== 'waiting') throw new ResponseError('invalid_request', 'initialize was already received; send it once per connection');
      const hostRange = (params as Partial<InitializeParams> | undefined)?.protocol;
      if (!isProtocolRange(hostRange)) throw new ResponseError('invalid_params', `initialize.params.protocol must be {min, max} with 1 <= min <= max, got ${JSON.stringify(hostRange)}`, { supported: range });
      const version = Math.min(hostRange.max, range.max);
      if (version < Math.max(hostRange.min, range.min)) {
        throw new ResponseError('invalid_params', `no common protocol version: the host supports ${describeProtocolRange(hostRange)}, ${options.name} supports ${describeProtocolRange(range)}; update whichever is older`, { supported: range });
      }
      await options.onInitialize?.(params);
      initialize = params;
      protocol = version;
      state = 'initialized';
      return { protocol: version, name: options.name, version: options.version, contributes: options.contributes ?? {}, capabilities: options.capabilities ?? {} };
    }),
    connection.onRequest<ActivateParams, ActivateResult>(HandshakeMethods.activate, async (params) => {
      if (state === 'waiting') throw new ResponseError('invalid_request', 'activate before initialize; send initialize first');
      if (state === 'ready') throw new ResponseError('invalid_request', 'activate was already received; send it once per connection');
      const p = (params ?? {}) as Partial<ActivateParams>;
      const grants = Array.isArray(p.grants) ? p.grants.filter((g): g is string => typeof g === 'string') : [];
      const context = typeof p.context === 'object' && p.context !== null ? p.context : {};
      const session: PeerSession = { protocol, initialize: initialize as InitializeParams, grants, context };
      await options.onActivate?.(session);
      state = 'ready';
      resolveReady(session);
      return { ready: true };
    }),
    connection.onRequest(HandshakeMethods.shutdown, async () => {
      await options.onShutdown?.();
      return null;
    }),
  ];
  const closeListener = connection.onClose((event) => {
    if (state !== 'ready') rejectReady(new HandshakeError('connection_lost', `the host closed the connection before the handshake finished (${event.reason})`));
  });

  let disposed = false;
  return {
    ready,
    get state() {
      return state;
    },
    dispose(): void {
      if (disposed) return;
      disposed = true;
      closeListener.dispose();
      for (const handler of handlers) handler.dispose();
    },
  };
}
