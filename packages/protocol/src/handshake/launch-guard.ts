import { SUPPORTED_PROTOCOL, describeProtocolRange, type ProtocolRange } from './protocol-range.js';

/** Options of {@link peerLaunchGuardEnv}. */
export interface PeerLaunchGuardOptions {
  /** The host's id, the value of `<P>_PEER_HOST`. Default `outboard`. */
  readonly hostId?: string;
  /** The variable prefix `<P>`. Default: the host id in upper case with `-` as `_` (`OUTBOARD`). */
  readonly envPrefix?: string;
  /** The protocol versions offered, the value of `<P>_PEER_PROTOCOL`. Default {@link SUPPORTED_PROTOCOL}. */
  readonly protocol?: ProtocolRange;
}

/**
 * The launch guard a host sets in a peer's environment (docs/peers.md): `<P>_PEER_HOST` (the host id) and
 * `<P>_PEER_PROTOCOL` (`1`, or `1..3`). A peer that finds neither was started by hand and should say what
 * it is and exit rather than wait for a handshake on a terminal.
 * @throws TypeError when the prefix is not an upper-case variable prefix or the host id is empty.
 */
export function peerLaunchGuardEnv(options: PeerLaunchGuardOptions = {}): Record<string, string> {
  const hostId = options.hostId ?? 'outboard';
  if (typeof hostId !== 'string' || hostId === '') throw new TypeError(`hostId must be a non-empty string, got ${JSON.stringify(hostId)}`);
  const prefix = options.envPrefix ?? hostId.toUpperCase().replace(/-/g, '_');
  if (typeof prefix !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(prefix)) throw new TypeError(`envPrefix must be an upper-case variable prefix such as "OUTBOARD", got ${JSON.stringify(prefix)}`);
  return { [`${prefix}_PEER_HOST`]: hostId, [`${prefix}_PEER_PROTOCOL`]: describeProtocolRange(options.protocol ?? SUPPORTED_PROTOCOL) };
}
