import { hubRequest, isClientError } from '@outboard/client';
import { HubUnreachableError, type HubEndpoint } from './hub-endpoint.js';
import { CliError } from '../errors/cli-errors.js';

/**
 * @outboard/client's {@link hubRequest} with the CLI's codes: OutboardError `HUB_REQUEST_FAILED` carrying the
 * hub's `error` text for a refusal, {@link HubUnreachableError} when the hub cannot be reached.
 */
export async function hubApiRequest(hub: HubEndpoint, method: 'GET' | 'POST', path: string): Promise<Record<string, unknown>> {
  try {
    return await hubRequest(hub, method, path);
  } catch (error) {
    if (isClientError(error, 'CLIENT_UNREACHABLE')) throw new HubUnreachableError(error.message);
    // The hub's refusal names its own fix (`{ error, code, fix }`): the client carries it as the hint.
    if (isClientError(error, 'CLIENT_REFUSED')) throw new CliError('HUB_REQUEST_FAILED', error.message, { cause: error, hint: error.hint });
    if (isClientError(error)) throw new CliError('HUB_REQUEST_FAILED', error.message, { cause: error });
    throw error;
  }
}
