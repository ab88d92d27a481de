// @outboard/client: what other programs import to use a running hub (DESIGN §1): connect with the token file,
// events with resume, rpc, run an action with its progress. Its Python twin is clients/python.
export { connect, type ConnectOptions } from './connect.js';
export { HubClient, type RunActionOptions } from './hub-client.js';
export { EventStream, type EventItem, type EventsOptions } from './event-stream.js';
export { HubConnection, type CallOptions, type OpenOptions } from './hub-connection.js';
export { openWebSocket, WebSocketRefusedError, WebSocketTransport, type OpenWebSocketOptions } from './websocket-transport.js';
export { CLIENT_ERROR_CODES, ClientError, HubCallError, isClientError, type ClientErrorCode, type ClientErrorCodeInfo, type ClientErrorOptions } from './client-errors.js';
export { authHeaders, type HubEndpoint } from './hub-endpoint.js';
export { CLIENT_API_VERSIONS, checkHub, isHubProblem, type HubExpectation, type HubIdentity, type HubProblem } from './hub-identity.js';
export { hubRequest, REQUEST_TIMEOUT_MS, type HubRequestOptions } from './hub-request.js';
export { DEFAULT_HOST_ID, defaultHome, locateHub } from './hub-location.js';
export type { BackoffOptions } from './reconnect-backoff.js';
export type * from './hub-methods.js';
