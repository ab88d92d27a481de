import type { CapabilityGrants } from '../approvals/approval-record.js';

/** `global`: the call names no project. `project`: the call is about `params.projectId`, checked against the grants. */
export type ServiceScope = 'global' | 'project';

/** What one call needs: a granted capability, and a scope to check. */
export interface ServiceGate {
  /** A capability in the broker's catalog. */
  readonly capability: string;
  readonly scope: ServiceScope;
}

/** What a service handler receives once the broker let the call through. */
export interface ServiceCall {
  /** The calling extension's name (the supervisor vouches for it: it maps the connection to the identity). */
  readonly extension: string;
  /** The method called. */
  readonly method: string;
  /** The gate that was checked (for a method with several gates, the one selected for these params). */
  readonly gate: ServiceGate;
  /** For a project-scoped gate: `params.projectId`, already checked against the project grants. */
  readonly projectId?: string;
  /** The params, always an object (`{}` when the caller sent none). */
  readonly params: Readonly<Record<string, unknown>>;
  /** The grants in force for this call (a frozen copy), e.g. to filter a list by `grants.projects`. */
  readonly grants: Readonly<CapabilityGrants>;
  /** Aborted when the caller cancels; a long handler should stop. */
  readonly signal: AbortSignal;
}

/**
 * Does the work once the gate passed. Returns a JSON-serialisable result. A refusal the caller should see
 * is thrown as a `ServiceError`; any other throw is a host bug (the supervisor answers `internal`).
 */
export type ServiceHandler = (call: ServiceCall) => unknown;

/** A service whose gate is the same for every call. */
export interface FixedGateService extends ServiceGate {
  readonly handler: ServiceHandler;
}

/**
 * A service whose gate depends on its params, e.g. `storage/get` needs `storage.private` for
 * `{ scope: "private" }` and `storage.project` for `{ scope: "project" }`. `selectGate` returns one of
 * `gates`, or throws a `ServiceError` (`invalid_params`) when the params select none.
 */
export interface SelectedGateService {
  readonly gates: readonly ServiceGate[];
  readonly selectGate: (params: Readonly<Record<string, unknown>>) => ServiceGate;
  readonly handler: ServiceHandler;
}

/** What {@link CapabilityBroker.registerService} accepts. */
export type ServiceDefinition = FixedGateService | SelectedGateService;

/** One registered method, as listed by {@link CapabilityBroker.services}. */
export interface ServiceListing {
  readonly method: string;
  readonly gates: readonly ServiceGate[];
}

/** One call to route through {@link CapabilityBroker.invoke}. */
export interface ServiceInvocation {
  /** The calling extension's name. */
  extension: string;
  /** The extension's grants now: read afresh on every call, never cached by the broker. */
  grants: CapabilityGrants;
  method: string;
  /** An object, or omitted; anything else is refused with `invalid_params`. */
  params?: unknown;
  /** Cancels the call: the handler's signal aborts and `invoke` rejects with `cancelled`. */
  signal?: AbortSignal;
}
