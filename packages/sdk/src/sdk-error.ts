import { CodedError } from '@outboard/protocol';

/**
 * The codes of the SDK's own errors: ONE table, documented in docs/errors.md ("SDK errors", checked by a
 * test). The SDK depends on no host package, so its errors have a class of their own, {@link SdkError}.
 */
export const SDK_ERROR_CODES = {
  SDK_NOT_STARTED_BY_HOST: { meaning: 'the process was not started by a host: a variable of the extension environment is missing or malformed', fix: (host: string) => `run it through the host (\`${host} <command>\`, or the hub for a sidecar and a peer)` },
  SDK_UNDECLARED: { meaning: 'a registration or a call is not declared in the approved manifest (the message names the field to add)', fix: (host: string) => `add it to the manifest in package.json, then approve the extension again with \`${host} extensions enable <name>\`` },
  SDK_HUB_REQUEST_FAILED: { meaning: 'a request to the hub failed: no hub runs, it cannot be reached, or it answered with an error status', fix: (host: string) => `check the hub with \`${host} hub status\`; start it with \`${host} hub start\`` },
} as const;

/** One code of {@link SDK_ERROR_CODES}. */
export type SdkErrorCode = keyof typeof SDK_ERROR_CODES;

/**
 * The class of the SDK's errors, a {@link CodedError} (the one base class of Outboard's coded errors): a stable
 * `code` from {@link SDK_ERROR_CODES} and a one-line message.
 */
export class SdkError extends CodedError<SdkErrorCode> {
  override name = 'SdkError';
  constructor(code: SdkErrorCode, message: string) {
    super(code, message);
  }
}
