import { HandshakeError } from '../errors/handshake-error.js';

/** An inclusive range of protocol versions, e.g. `{ min: 1, max: 1 }`. */
export interface ProtocolRange {
  readonly min: number;
  readonly max: number;
}

/** The protocol versions this package implements. */
export const SUPPORTED_PROTOCOL: ProtocolRange = Object.freeze({ min: 1, max: 1 });

/** `1` for {1,1}, `1..3` otherwise. */
export function describeProtocolRange(range: ProtocolRange): string {
  return range.min === range.max ? String(range.min) : `${range.min}..${range.max}`;
}

/** True when `value` is a range of positive integers with min <= max. */
export function isProtocolRange(value: unknown): value is ProtocolRange {
  if (typeof value !== 'object' || value === null) return false;
  const { min, max } = value as { min?: unknown; max?: unknown };
  return Number.isSafeInteger(min) && Number.isSafeInteger(max) && (min as number) >= 1 && (min as number) <= (max as number);
}

/**
 * The highest version both ranges contain.
 * @throws HandshakeError `protocol_mismatch` naming both ranges when they do not overlap.
 */
export function negotiateProtocolVersion(host: ProtocolRange, peer: ProtocolRange): number {
  const version = Math.min(host.max, peer.max);
  if (version < Math.max(host.min, peer.min)) {
    const newer = peer.min > host.max ? 'upgrade the host (or install an older version of the extension)' : 'update the extension';
    throw new HandshakeError('protocol_mismatch', `no common protocol version: the host supports ${describeProtocolRange(host)}, the peer supports ${describeProtocolRange(peer)}; ${newer}`);
  }
  return version;
}
