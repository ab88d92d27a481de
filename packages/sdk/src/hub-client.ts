import { readFile } from 'node:fs/promises';
import { SdkError } from './sdk-error.js';

/** A client of the hub's versioned API (`/api/hub/*`). It reads the token file itself on every call. */
export interface HubClient {
  /** The hub's base URL, or undefined when no hub runs. */
  readonly url: string | undefined;
  /**
   * Sends one request and resolves with the parsed JSON answer (undefined for an empty body).
   * @throws HubRequestError when no hub runs, it cannot be reached, or it answers with an error status.
   */
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

/** A failed hub request (code SDK_HUB_REQUEST_FAILED): `status` is the HTTP status, 0 when the hub is not running or unreachable. */
export class HubRequestError extends SdkError {
  override readonly name = 'HubRequestError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super('SDK_HUB_REQUEST_FAILED', message);
  }
}

/**
 * A hub client for `url` authenticating with the content of `tokenFile`; `command` is the host's command
 * (`outboard`), named when no hub runs. Default: the variable prefix's command is unknown, so the message says "the host".
 */
export function createHubClient(url: string | undefined, tokenFile: string | undefined, command?: string): HubClient {
  return {
    url,
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      if (!url) throw new HubRequestError(`no hub is running: start it with \`${command ?? '<host>'} hub start\``, 0);
      if (!path.startsWith('/')) throw new TypeError(`a hub path starts with "/", got ${JSON.stringify(path)}`);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (tokenFile) headers.authorization = `Bearer ${(await readFile(tokenFile, 'utf8')).trim()}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(new URL(path, url), { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      } catch (error) {
        throw new HubRequestError(`the hub at ${url} cannot be reached (${(error as Error).message})`, 0);
      }
      const text = await response.text();
      if (!response.ok) throw new HubRequestError(`the hub answered ${method} ${path} with ${response.status}: ${text.slice(0, 200)}`, response.status);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}
