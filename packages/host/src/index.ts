/**
 * @outboard/host: the embedding API, exported on purpose (docs/embedding.md). A tool builds a `Host` for its
 * own identity and reaches everything else through it (`host.extensions()`, `host.resolveCommand()`,
 * `host.planLaunch()`, `host.approvals`, `host.config`, `host.peers()`, `host.bus`, `host.broker`,
 * `host.projects`); the types of those members are exported so an embedder can name them. The store,
 * discovery, the launch building blocks and the bus's plumbing are internals and are not exported here.
 *
 * Narrower entry points of the same API, for a CLI's start-up: `@outboard/host/core` (createHostCore: a host
 * whose bus, broker and project store load only when peers start, what running a command needs),
 * `@outboard/host/engine` (createHost alone), `@outboard/host/run` (runCommand and the launch types),
 * `@outboard/host/errors` (the error base and codes) and `@outboard/host/views` (the list/info/doctor JSON).
 */

// The engine and its identity
export { createHost, Host } from './host.js';
export { createHostCore, HostCore } from './host-core.js';
export type { CreateHostOptions, ExtensionInventory } from './host-core.js';
export type { HostRegistries } from './host-registries.js';
export { resolveHostIdentity, resolveHomeDir } from './identity/host-identity.js';
export type { HostIdentity, HostIdentityOptions } from './identity/host-identity.js';

// Extensions as the user sees them
export type { ExtensionRecord, ApprovalVerdict } from './extension-record.js';
export { sameCopy } from './extension-record.js';
export type { ExtensionState, SourceKind, DiscoveryDiagnostic, ShadowedCopy } from './package-facts/types.js';
export { SOURCE_PRECEDENCE } from './package-facts/types.js';

// Running an extension: what a name means, and the one launch path
export type { CommandVerdict, CommandFix, UnapprovedSuggestion } from './run/command-verdict.js';
export type { LaunchKind, LaunchPlan, LaunchOptions } from './run/launch-plan.js';
export { runCommand } from './run/run-command.js';
export { EXTENSION_API_VERSION } from './run/extension-env.js';
export { exitCodeOf } from './run/exit-code.js';

// Views: the JSON of `extensions list`, `info` and `doctor`
export { toListEntry, toInfoEntry, collectDoctorProblems, collectTemplateProblems } from './extension-json.js';
export { CODE_NOT_PINNED, pinsRunCode } from './approvals/code-pinning.js';
export { capabilityInfo, consentSummary, grantsFor, requiredSensitive } from './approvals/consent-summary.js';
export type { ConsentCapability, ConsentSummary } from './approvals/consent-summary.js';
export type { ExtensionListEntry, DoctorProblem, ApprovalInfo, InfoExtras } from './extension-json.js';
export { describeExtensionConfig, collectConfigDoctorProblems } from './extension-config-info.js';
export { describeExtensionLimits } from './extension-limits-info.js';
export type { LimitsInfo } from './extension-limits-info.js';
export type { ConfigInfo, ConfigKeyInfo, ConfigValueSource } from './extension-config-info.js';

// Approvals and config (reached through `host.approvals` and `host.config`)
export type { ApprovalStore } from './approvals/approval-store.js';
export type { ApprovalRecord, ApprovalsFile, CapabilityGrants } from './approvals/approval-record.js';
export { DEFAULT_AGENT_ACCESS, agentVerdict, describeAgentAccess, effectiveAnnotations, parseAgentAccess, storedAgentAccess } from './approvals/agent-access.js';
export type { AgentAccess, AgentVerdict } from './approvals/agent-access.js';
export { AGENT_CALL_OUTCOMES } from './rpc/agent-methods.js';
export type { AgentAction } from './rpc/agent-methods.js';
export type { ConfigService } from './config/config-service.js';
export type { ConfigSetOptions, ConfigWriteResult, ConfigCheckOptions, ExtensionConfigCheck, DevPathsChange } from './config/config-service-types.js';
export type { ConfigScope } from './config/config-files.js';
export type { ConfigProblem } from './config/config-problem.js';
export type { ExperimentalFlags } from './config/experimental-flags.js';
export { formatConfigProblem } from './config/config-problem.js';
export { parseConfigValue } from './config/config-value.js';
export { normaliseDevPath } from './config/dev-paths.js';

// Installing and removing user extensions
export { addExtension } from './install/add-extension.js';
export type { AddExtensionInput, AddExtensionResult } from './install/add-extension.js';
export { removeExtension, purgeExtensionLeftovers, NotRemovableError } from './install/remove-extension.js';
export type { RemoveExtensionResult, PurgeResult } from './install/remove-extension.js';
export { NpmError } from './install/npm-runner.js';

// Scaffolding a new extension package (`extensions create`)
export { createExtension, MANIFEST_SCHEMA_PATH, SDK_RANGE, withSdk } from './scaffold/index.js';
export type { CreateExtensionInput, CreateExtensionResult } from './scaffold/index.js';

// Errors: one base class, codes from one table (docs/errors.md)
export { OutboardError, isOutboardError, ERROR_CODES, fixFor, isOutboardErrorCode, envPrefixOf } from './errors/index.js';
export type { OutboardErrorOptions, ErrorCodeInfo, ErrorCodeTable, FixNames, OutboardErrorCode } from './errors/index.js';
export { ConfigError } from './config/config-error.js';
export type { ConfigErrorCode } from './config/config-error.js';
export { StoreError } from './store/store-error.js';
export type { StoreErrorCode } from './store/store-error.js';
export { RunnableError } from './run/runnable-error.js';
export type { RunnableErrorCode } from './run/runnable-error.js';

// Peers, actions, events, services and projects (reached through the host)
export type { PeerFleet, PeerFleetOptions } from './peers/peer-fleet.js';
export type { DeclaredAction } from './peers/peer-actions.js';
export type { PeerSupervisor, PeerSupervisorOptions } from './peers/peer-supervisor.js';
export type { PeerState, PeerTransition } from './peers/peer-state.js';
export { recentPeerNotes } from './process/process-log.js';
// The hub's sidecars reuse these: the process kit (one spawn path, stop ladder, crash window, log writer,
// figures and limits), one approval comparison
export * from './process/index.js';
export { compareWithApproval } from './approvals/approval-compare.js';
export { untrustedStat } from './approvals/file-trust.js';
export { TurnMemo } from './peers/turn-budget.js';
export type { ActionResult, ActionView, HostAction, NotificationPayload } from './contributions/action-result.js';
export { CLI_ACTION_INPUT_NAMES, RPC_ACTION_INPUT_NAMES, rewordActionInput } from './contributions/action-input.js';
export type { ActionInputNames } from './contributions/action-input.js';
export { declaredContributions } from './approvals/declared-contributions.js';
export type { ContributionGroup } from './approvals/declared-contributions.js';
export { checkProviderAnswer, MalformedProviderAnswer, PROVIDER_ITEM_CAP } from './providers/provider-answer.js';
export type { CompletionItem, DiagnosticItem, ProviderAnswer, ProviderItem, SearchItem, WorkspaceItem } from './providers/provider-answer.js';
export { DEFAULT_PROVIDER_DEADLINE_MS, DEFAULT_PROVIDER_LIMIT, ProviderQueries } from './providers/provider-fanout.js';
export type { DeclaredProvider, ProviderOutcome, ProviderQuery, ProviderQueryOptions } from './providers/provider-fanout.js';
export { OrganisationPolicy, policyFilePath } from './policy/organisation-policy.js';
export type { PolicyRule, PolicyState, PolicyVerdict } from './policy/organisation-policy.js';
export { blockedRefusal, linkRefusal, localAddRefusal } from './policy/policy-refusals.js';
export { DEFAULT_VIEW_DEADLINE_MS, ViewRenderer } from './views/view-renderer.js';
export type { RenderedView, RenderOptions, ViewRendererDeps } from './views/view-renderer.js';
export { DEFAULT_VIEW_PLACES, declaredViews, sidecarViewUrl } from './views/view-catalog.js';
export type { DeclaredView, ViewFilter } from './views/view-catalog.js';
export type { EventBus, EventBusOptions, EventBusStats, EventQuery, SubscribeOptions } from './bus/event-bus.js';
export type { BusEvent, EventAttributeValue, EventScope, PublishInput } from './bus/bus-event.js';
export type { EventDelivery, EventHandler, EventSubscription } from './bus/event-subscription.js';
export { compileEventFilter, eventFilterProblem } from './bus/event-filter.js';
export type { EventFilter } from './bus/event-filter.js';
export { typeGlobProblem } from './bus/type-glob.js';
export { HOST_ACTIVITY_TYPES } from './bus/host-activity.js';
export type { RpcRegistry, RpcHandler, RpcCallContext, RpcCallRecord, RpcMethodInfo } from './calls/rpc-registry.js';
export { RPC_METHOD_PATTERN } from './calls/rpc-registry.js';
export { WIRE_VERSION, SUPPORTED_WIRE_VERSIONS, negotiateWireVersion } from './rpc/wire-version.js';
export type { HistoryQuery, HostPlugin, PluginContext, PluginEventHandler } from './plugins/host-plugin.js';
// What may leave the process (DESIGN §9): `telemetry.payloads`, and the one redaction of an event
export { TelemetryPolicy, outboundEvent } from './telemetry/index.js';
export type { OutboundEvent, TelemetryPolicyOptions } from './telemetry/index.js';
export { TELEMETRY_PAYLOADS_KEY } from './config/host-owned-keys.js';
export type { ActionOutcome } from './peers/action-events.js';
export type { Disposable } from '@outboard/protocol/disposable';
export type { CapabilityBroker } from './broker/capability-broker.js';
export type { ServiceCall, ServiceDefinition, ServiceHandler, ServiceScope } from './broker/service-definition.js';
export { ServiceError, isServiceError } from './errors/service-error.js';
export type { ServiceErrorCode } from './errors/service-error.js';
export type { ProjectStore, RegisterProjectInput, RegisterProjectResult } from './projects/project-store.js';
export type { ProjectRecord } from './projects/project-record.js';
export { PeerActionError } from './peers/peer-actions.js';
export { ActionRefusedError, actionVerdictError, decideAction } from './peers/action-verdict.js';
export type { ActionVerdict, WithheldAction } from './peers/action-verdict.js';
export type { PeerStatus } from './peers/peer-status.js';
// One live state: the host owns freshness (a generation, a watch of the home, `extension.changed`)
export type { ExtensionAspect, ExtensionChange } from './live/extension-changes.js';
export type { WatchHomeOptions } from './live/live-inventory.js';
export { HomeWatch } from './live/home-watch.js';
export type { HomeWatchOptions, WatchedFolder } from './live/home-watch.js';

// Listeners and automations (DESIGN §10; reached through `host.automations`)
export type { AutomationService, AutomationTestResult } from './automations/automation-service.js';
export type { AutomationRunner } from './automations/automation-runner.js';
export type { Automation, AutomationRun, AutomationView, AutomationTrigger, RunStatus } from './automations/automation-types.js';
export type { AutomationCatalog, CatalogListener, CatalogTemplate, CatalogAction, HostEventType } from './automations/automation-catalog.js';
export { AutomationMatcher } from './automations/automation-matcher.js';
export { AUTOMATIONS_FORMAT } from './automations/automation-store.js';
