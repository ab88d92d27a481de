/**
 * @outboard/sdk — what an Outboard extension programs against: commands (`commandContext`), hub sidecars
 * (`serveSidecar`), peers (`runPeer`), and the helpers for state that belongs to one project (a peer's
 * `context.scope`, `context.poll`, `context.ledger`; `PeerScope`, `PollLane`, `ledger` to own them elsewhere). Depends on @outboard/protocol and @outboard/manifest only; never import
 * the host's own packages.
 */
export type { Disposable } from '@outboard/protocol';
export { ResponseError } from '@outboard/protocol';
export { SdkError, SDK_ERROR_CODES, type SdkErrorCode } from './sdk-error.js';
export { NotStartedByHostError, environmentPrefix, hostCommandOf, readEnvironment, type ExtensionEnvironment } from './environment.js';
export { HubRequestError, createHubClient, type HubClient } from './hub-client.js';
export { commandContext, type CommandContext, type HostCallResult } from './command.js';
export { serveSidecar, sidecarBasePath, type Sidecar, type SidecarOptions } from './sidecar.js';
export { runPeer, type RunPeerOptions, type RunningPeer } from './peer/run-peer.js';
export { UndeclaredError } from './peer/declarations.js';
export { readOwnPackage, type OwnPackage } from './peer/own-manifest.js';
export type { ActionHandler, ActionResult, HandlerContext, HostEvent, PeerApi, PeerContext, PeerDefinition, Project, ProviderAnswer, ProviderHandler, ProviderQuery, RpcHandler, Severity, StatusValue, NotificationOptions, ViewContent, ViewHandler } from './peer/peer-api.js';
export { PeerScope, type ScopeGuard, type Scoped } from './scope.js';
export { HostReachability } from './host-reachability.js';
export { PollLane, type Poll, type PollLaneOptions, type PollOptions } from './poll.js';
export { ledger, type Ledger, type LedgerMark, type LedgerOptions } from './ledger.js';
