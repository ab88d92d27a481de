import { ERROR_CODES, type ErrorCodeInfo } from '@outboard/host/errors';
import { HUB_ERROR_CODES, SIDECAR_ERROR_CODES } from '@outboard/hub/errors';
import { CLI_ERROR_CODES } from './cli-error-codes.js';

/**
 * The local codes a CLI may show, read from the tables of the packages that own them (the CLI's, the hub's, the
 * sidecars', the host's; none is copied): an error the hub answered with one of them is raised again as such.
 */
export const KNOWN_CODES: Readonly<Record<string, ErrorCodeInfo>> = Object.freeze({ ...ERROR_CODES, ...HUB_ERROR_CODES, ...SIDECAR_ERROR_CODES, ...CLI_ERROR_CODES });

/** True when `code` is one of {@link KNOWN_CODES}. */
export function isKnownCode(code: unknown): code is string {
  return typeof code === 'string' && Object.hasOwn(KNOWN_CODES, code);
}
