/**
 * @outboard/protocol — the peer wire: JSON-RPC 2.0 over a byte pipe (stdio), both sides.
 * Pure core (framing, connection, handshake) plus Node adapters (stdio, child process) and the
 * conformance runner. No dependency on any other workspace package.
 */
export { toDisposable, type Disposable } from './disposable.js';
export { Emitter, type Event } from './emitter.js';
export {
  BuiltInMethods,
  type CancelParams,
  type Message,
  type NotificationMessage,
  type ProgressParams,
  type ProgressToken,
  type RequestId,
  type RequestMessage,
  type ResponseMessage,
  type WireError,
} from './messages.js';

export { CodedError, type FixNames } from './errors/coded-error.js';
export { WIRE_ERROR_CODES, isWireErrorCode, wireErrorCodeFor, type WireErrorCode } from './errors/wire-error-codes.js';
export { ResponseError, type ResponseErrorData } from './errors/response-error.js';
export { CONNECTION_ERROR_CODES, ConnectionError, type ConnectionErrorCode } from './errors/connection-error.js';
export { HANDSHAKE_ERROR_CODES, HandshakeError, type HandshakeErrorCode } from './errors/handshake-error.js';

export type { Framing, OversizedFrame, OversizedKind } from './framing/framing.js';
export { FrameReader, type FrameReaderOptions, type FrameReaderSink } from './framing/frame-reader.js';
export { encodeFrame, exceedsByteLimit, utf8ByteLength } from './framing/frame-encoder.js';
export { TopLevelScanner } from './framing/top-level-scanner.js';

export type { Transport, TransportSink } from './transport.js';
export { LinkedTransport, createLinkedTransports, type LinkedTransportOptions } from './memory/linked-transports.js';

export { Connection, type ConnectionCloseEvent, type ConnectionState } from './connection/connection.js';
export type { ConnectionOptions, FramingOption } from './connection/connection-options.js';
export type { RequestOptions } from './connection/request-options.js';
export type { NotificationHandler, RequestContext, RequestHandler } from './connection/request-context.js';
export type { ConnectionDiagnostics } from './connection/connection-diagnostics.js';
export { CONNECTION_WARNING_CODES, MAX_WARNINGS_PER_CODE, type ConnectionWarning, type ConnectionWarningCode } from './connection/connection-warning.js';
export { startHeartbeat, type HeartbeatOptions, type RecoveredEvent, type UnresponsiveEvent } from './connection/heartbeat.js';

export { SUPPORTED_PROTOCOL, describeProtocolRange, isProtocolRange, negotiateProtocolVersion, type ProtocolRange } from './handshake/protocol-range.js';
export {
  HandshakeMethods,
  type ActivateParams,
  type ActivateResult,
  type ExtensionInfo,
  type HostInfo,
  type InitializeParams,
  type InitializeResult,
  type PeerCapabilityRequest,
  type PeerContributions,
} from './handshake/handshake-messages.js';
export { performHostHandshake, type HostHandshakeOptions, type HostHandshakeResult } from './handshake/host-handshake.js';
export { servePeerHandshake, type PeerHandshake, type PeerHandshakeOptions, type PeerSession } from './handshake/peer-handshake.js';
export { peerLaunchGuardEnv, type PeerLaunchGuardOptions } from './handshake/launch-guard.js';

export { StreamTransport, type StreamTransportOptions } from './node/stream-transport.js';
export { stopInSteps, type StopStep, type StopTarget, type StopTimings } from './node/stop-in-steps.js';
export { StdioTransport, type StdioTransportOptions } from './node/stdio-transport.js';
export {
  ChildProcessTransport,
  type ChildExit,
  type ChildProcessTransportOptions,
  type ChildShutdownOptions,
  type ChildShutdownResult,
} from './node/child-process-transport.js';

export { STANDARD_HANDSHAKE, type ConformanceStep, type ConformanceVector, type Pattern } from './conformance/conformance-vector.js';
export { describePattern, matchPattern, substituteCaptures, type Mismatch } from './conformance/pattern-match.js';
export { runConformance, runConformanceVector, type ConformanceOptions, type ConformanceReport, type VectorFailure, type VectorResult } from './conformance/conformance-runner.js';
export { defaultVectorsDirectory, loadConformanceVectors } from './conformance/conformance-vectors.js';
export { formatConformanceSummary, formatVectorResult } from './conformance/conformance-report.js';
export { serveConformanceMethods } from './conformance/conformance-methods.js';
