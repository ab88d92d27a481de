export { OutboardError, isOutboardError } from './outboard-error.js';
export type { OutboardErrorOptions } from './outboard-error.js';
export { ERROR_CODES, isOutboardErrorCode } from './error-codes.js';
export type { ErrorCodeInfo, OutboardErrorCode } from './error-codes.js';
