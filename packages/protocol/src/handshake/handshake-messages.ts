import type { ProtocolRange } from './protocol-range.js';

/** The method names of the handshake and of the orderly stop. */
export const HandshakeMethods = Object.freeze({
  initialize: 'initialize',
  activate: 'activate',
  shutdown: 'shutdown',
} as const);

/** Who the host is. */
export interface HostInfo {
  readonly name: string;
  readonly version: string;
}

/** What the host knows about the extension it started (from its approved manifest). */
export interface ExtensionInfo {
  /** The extension's slug. */
  readonly name: string;
  readonly version: string;
  readonly publisher?: string;
  readonly [key: string]: unknown;
}

/** Params of `initialize` (host → peer). */
export interface InitializeParams {
  /** The protocol versions the host speaks. */
  readonly protocol: ProtocolRange;
  readonly host: HostInfo;
  /** Identifies this run of the peer (for logs and correlation). */
  readonly instanceId: string;
  /** Optional host features the peer may use, by name. */
  readonly features: readonly string[];
  readonly extension: ExtensionInfo;
  /** Limits the host enforces; the peer should respect them. */
  readonly limits?: { readonly maxMessageBytes: number };
}

/** What the peer contributes (same shape as the manifest's `contributes`; checked by the host). */
export interface PeerContributions {
  readonly actions?: readonly unknown[];
  readonly status?: readonly unknown[];
  readonly rpc?: readonly string[];
  readonly events?: readonly string[];
  readonly [key: string]: unknown;
}

/** The capabilities the peer asks for (as in the manifest). */
export interface PeerCapabilityRequest {
  readonly required?: readonly string[];
  readonly optional?: readonly string[];
}

/** Result of `initialize` (peer → host). */
export interface InitializeResult {
  /** The version chosen: the highest both sides support. */
  readonly protocol: number;
  /** The peer's identity: must match the extension's name. */
  readonly name: string;
  readonly version: string;
  readonly contributes: PeerContributions;
  readonly capabilities: PeerCapabilityRequest;
}

/** Params of `activate` (host → peer), sent once the host accepted the peer. */
export interface ActivateParams {
  /** The capabilities granted (a subset of those asked for). */
  readonly grants: readonly string[];
  /** Anything the host passes on start (project, workspace, config...). */
  readonly context: Readonly<Record<string, unknown>>;
}

/** Result of `activate`: the peer is ready, its contributions may be shown. */
export interface ActivateResult {
  readonly ready: true;
}
