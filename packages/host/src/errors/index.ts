export { OutboardError, isOutboardError } from './outboard-error.js';
export type { OutboardErrorOptions } from './outboard-error.js';
export { ERROR_CODES, fixFor, isOutboardErrorCode } from './error-codes.js';
export type { ErrorCodeInfo, ErrorCodeTable, FixNames, OutboardErrorCode } from './error-codes.js';
export { envPrefixOf } from '../identity/env-prefix.js';
