// The WebSocket transport moved to @outboard/client (one hub client for the CLI and every other program).
export { openWebSocket, WebSocketRefusedError, WebSocketTransport, type OpenWebSocketOptions } from '@outboard/client';
