import { CliError } from '../errors/cli-errors.js';

// The endpoint type and its headers are @outboard/client's; this folder adapts its errors to the CLI's.
export { authHeaders, type HubEndpoint } from '@outboard/client';

/** The hub named by hub.json does not accept connections (it died and its record was not yet cleaned up). */
export class HubUnreachableError extends CliError {
  override name = 'HubUnreachableError';
  constructor(message: string) {
    super('HUB_REQUEST_FAILED', message);
  }
}
