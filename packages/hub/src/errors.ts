/**
 * @outboard/hub/errors — the hub's code tables and error classes, without the hub: a CLI reads the codes and fixes
 * of what a hub may raise or answer, and raises `HUB_START_FAILED`, without loading the server.
 */
export { HUB_ERROR_CODES, HubError, type HubErrorCode } from './daemon/hub-error.js';
export { SidecarError } from './sidecars/sidecar-error.js';
export { SIDECAR_ERROR_CODES, type SidecarErrorCode } from './http/sidecar-codes.js';
export { ANSWER_CODES, type AnswerCode, type AnswerCodeInfo } from './http/answer-codes.js';
