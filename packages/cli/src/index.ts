/** @outboard/cli: the reference host's command line, embeddable under another identity through runCli. */
export { runCli } from './run-cli.js';
export type { CliIo } from './cli-context.js';
export { outboardIdentity } from './outboard-identity.js';
export { BUILTIN_COMMANDS, BUILTIN_NAMES } from './builtins.js';
export { CLI_ERROR_CODES, type CliErrorCode } from './errors/cli-error-codes.js';
export { CliError } from './errors/cli-errors.js';
