import { negotiateWireVersion, SUPPORTED_WIRE_VERSIONS } from '@outboard/host';

/**
 * The wire version to speak with a client that stated `?version=1` (or a list `1,2`) in `query`: the highest
 * common one, the current one when it stated none, or the refusal's text when nothing is common.
 */
export function agreeWireVersion(query: string): { version: number } | { refused: string } {
  const stated = new URLSearchParams(query).get('version');
  const offered = stated === null ? undefined : stated.split(',').map((v) => Number(v.trim()));
  const version = offered?.some((v) => !Number.isSafeInteger(v) || v < 1) ? undefined : negotiateWireVersion(offered);
  if (version === undefined) return { refused: `no common wire version: this hub speaks ${SUPPORTED_WIRE_VERSIONS.join(', ')}, the client stated ${JSON.stringify(stated)}` };
  return { version };
}
