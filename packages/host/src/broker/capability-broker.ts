import type { CapabilityInfo } from '@outboard/manifest';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import { toDisposable, type Disposable } from '@outboard/protocol/disposable';
import { CapabilityCatalog } from './capability-catalog.js';
import type { ServiceCall, ServiceDefinition, ServiceGate, ServiceInvocation, ServiceListing } from './service-definition.js';
import { ServiceError } from '../errors/service-error.js';

/** Options of {@link CapabilityBroker}. */
export interface CapabilityBrokerOptions {
  /** The host's command name, used in the fixes refusals name (`<hostId> extensions enable …`). Required. */
  hostId: string;
  /** Host capabilities to register up front, besides the built-in catalog. Default none. */
  capabilities?: readonly CapabilityInfo[];
}

interface Registration {
  readonly gates: readonly ServiceGate[];
  readonly select: (params: Readonly<Record<string, unknown>>) => ServiceGate;
  readonly handler: ServiceDefinition['handler'];
}

const METHOD_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(?:[./][A-Za-z][A-Za-z0-9_-]*)*$/;

/**
 * The one gate between extensions and host services. It holds the capability catalog and the services
 * registered against it (the host's own and any an embedding host adds). `invoke` refuses, in order:
 * an unknown method (`not_found`), params that are not an object (`invalid_params`), a capability the
 * grants lack (`denied`, naming the capability and the command that grants it), a project-scoped call
 * without `params.projectId` (`invalid_params`) or outside `grants.projects` (`invalid_scope`). It checks
 * the grants passed with each call, every time; nothing is cached, so a changed grant applies at once.
 */
export class CapabilityBroker {
  /** See {@link CapabilityBrokerOptions.hostId}. */
  readonly hostId: string;
  readonly #catalog: CapabilityCatalog;
  readonly #services = new Map<string, Registration>();

  constructor(options: CapabilityBrokerOptions) {
    if (typeof options?.hostId !== 'string' || !/^[a-z][a-z0-9-]*$/.test(options.hostId)) {
      throw new TypeError(`hostId must be the host's lowercase command name, such as "devtool", got ${JSON.stringify(options?.hostId)}`);
    }
    this.hostId = options.hostId;
    this.#catalog = new CapabilityCatalog(options.capabilities ?? []);
  }

  /** Adds a host capability to the catalog; see `CapabilityCatalog.register` for what is refused. */
  registerCapability(info: CapabilityInfo): void {
    this.#catalog.register(info);
  }

  /** The capability called `name`, or `undefined`. */
  capability(name: string): CapabilityInfo | undefined {
    return this.#catalog.get(name);
  }

  /** Every capability this host knows: the built-in catalog, then the registered ones. */
  capabilities(): CapabilityInfo[] {
    return this.#catalog.list();
  }

  /**
   * Makes `method` callable through {@link CapabilityBroker.invoke}, behind the definition's gate(s).
   * Throws a `TypeError` when the method name is malformed or taken, or a gate names a capability the
   * catalog lacks (register it first). Disposing the result unregisters it.
   */
  registerService(method: string, definition: ServiceDefinition): Disposable {
    if (typeof method !== 'string' || !METHOD_PATTERN.test(method)) {
      throw new TypeError(`method must be a name such as "storage/get" or "deploy.run", got ${JSON.stringify(method)}`);
    }
    if (this.#services.has(method)) throw new TypeError(`Cannot register "${method}": a service of that name is already registered. Dispose it first.`);
    if (typeof definition?.handler !== 'function') throw new TypeError(`The handler of "${method}" must be a function`);
    const registration = this.#toRegistration(method, definition);
    this.#services.set(method, registration);
    return toDisposable(() => {
      if (this.#services.get(method) === registration) this.#services.delete(method);
    });
  }

  /** Whether `method` is registered. */
  hasService(method: string): boolean {
    return this.#services.has(method);
  }

  /** Every registered method and the gates it may check, sorted by method. */
  services(): ServiceListing[] {
    return [...this.#services.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([method, r]) => ({ method, gates: r.gates }));
  }

  /**
   * Checks the call against the grants (see the class contract), then runs the handler. Rejects with a
   * {@link ServiceError} for every refusal, with `cancelled` as soon as `signal` aborts, and with whatever
   * the handler throws otherwise. Throws a `TypeError` (synchronously inside the promise) when
   * `extension` or `grants` are malformed: those come from the host, not the peer.
   */
  async invoke(invocation: ServiceInvocation): Promise<unknown> {
    const { extension, grants, method, signal } = invocation;
    if (typeof extension !== 'string' || extension.length === 0) throw new TypeError(`extension must be the calling extension's name, got ${JSON.stringify(extension)}`);
    if (!Array.isArray(grants?.capabilities)) throw new TypeError(`grants must be { capabilities: string[], projects?: string[] }, got ${JSON.stringify(grants)}`);
    const registration = this.#services.get(method);
    if (registration === undefined) {
      throw new ServiceError(
        'not_found',
        `There is no host method ${JSON.stringify(method)}. This host offers: ${[...this.#services.keys()].sort().join(', ') || 'none'}. Check the method name.`,
        { method },
      );
    }
    // Default-deny before anything else: a caller holding none of the method's capabilities learns nothing about its params.
    this.#checkAnyCapability(extension, method, registration.gates, grants);
    const params = paramsObject(method, invocation.params);
    const gate = registration.select(params);
    this.#checkCapability(extension, method, gate, grants);
    const projectId = gate.scope === 'project' ? checkProjectScope(extension, method, gate, params, grants) : undefined;
    throwIfCancelled(method, signal);
    const call: ServiceCall = {
      extension,
      method,
      gate,
      ...(projectId === undefined ? {} : { projectId }),
      params,
      grants: freezeGrants(grants),
      signal: signal ?? new AbortController().signal,
    };
    // The handler starts now, inside this call: its synchronous part is host time of whoever called invoke
    // (a peer's turn budget measures invoke, so the work a flooding peer causes is charged to it). A
    // result that is already there needs no race with cancellation.
    const result = registration.handler(call);
    return signal === undefined || !isThenable(result) ? result : raceCancellation(method, Promise.resolve(result), signal);
  }

  #toRegistration(method: string, definition: ServiceDefinition): Registration {
    const checkGate = (gate: ServiceGate): ServiceGate => {
      if (this.#catalog.get(gate?.capability) === undefined) {
        throw new TypeError(`The gate of "${method}" names the capability ${JSON.stringify(gate?.capability)}, which is not in the catalog. Register it with registerCapability first.`);
      }
      if (gate.scope !== 'global' && gate.scope !== 'project') throw new TypeError(`The gate of "${method}" must have scope "global" or "project", got ${JSON.stringify(gate.scope)}`);
      return Object.freeze({ capability: gate.capability, scope: gate.scope });
    };
    if ('selectGate' in definition) {
      if (!Array.isArray(definition.gates) || definition.gates.length === 0) throw new TypeError(`"${method}" needs at least one gate in gates`);
      const gates = Object.freeze(definition.gates.map(checkGate));
      const byCapability = new Map(gates.map((g) => [`${g.capability}|${g.scope}`, g]));
      return {
        gates,
        select: (params) => {
          const chosen = definition.selectGate(params);
          const gate = byCapability.get(`${chosen?.capability}|${chosen?.scope}`);
          // A selector returning a gate it did not declare would bypass the listing: treat it as a host bug.
          if (gate === undefined) throw new TypeError(`The gate selector of "${method}" returned a gate not listed in its gates: ${JSON.stringify(chosen)}`);
          return gate;
        },
        handler: definition.handler,
      };
    }
    const gate = checkGate(definition);
    return { gates: Object.freeze([gate]), select: () => gate, handler: definition.handler };
  }

  #checkAnyCapability(extension: string, method: string, gates: readonly ServiceGate[], grants: CapabilityGrants): void {
    if (gates.some((gate) => grants.capabilities.includes(gate.capability))) return;
    throw this.#denied(extension, method, [...new Set(gates.map((gate) => gate.capability))]);
  }

  #checkCapability(extension: string, method: string, gate: ServiceGate, grants: CapabilityGrants): void {
    if (!grants.capabilities.includes(gate.capability)) throw this.#denied(extension, method, [gate.capability]);
  }

  #denied(extension: string, method: string, capabilities: string[]): ServiceError {
    const needs = capabilities.length === 1 ? `the capability "${capabilities[0]}", which is not granted` : `one of the capabilities ${capabilities.map((c) => `"${c}"`).join(', ')}, none of which is granted`;
    const fix = capabilities.map((c) => `\`${this.hostId} extensions enable ${extension} --grant ${c}\``).join(' or ');
    return new ServiceError(
      'denied',
      `Extension "${extension}" may not call "${method}": it needs ${needs}. ` +
        `Grant it with ${fix} (the extension's manifest must request it).`,
      capabilities.length === 1 ? { capability: capabilities[0] } : { capabilities },
    );
  }
}

function paramsObject(method: string, params: unknown): Readonly<Record<string, unknown>> {
  if (params === undefined || params === null) return Object.freeze({});
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new ServiceError('invalid_params', `The params of "${method}" must be an object, got ${Array.isArray(params) ? 'an array' : typeof params}. Send named params, e.g. {"projectId": "web"}.`);
  }
  return params as Record<string, unknown>;
}

function checkProjectScope(
  extension: string,
  method: string,
  gate: ServiceGate,
  params: Readonly<Record<string, unknown>>,
  grants: CapabilityGrants,
): string {
  const projectId = params['projectId'];
  if (typeof projectId !== 'string' || projectId.length === 0) {
    throw new ServiceError(
      'invalid_params',
      `"${method}" is about one project: params.projectId must be a project id such as "web", got ${JSON.stringify(projectId) ?? 'nothing'}. Pass the id of the project the call is for.`,
      { param: 'projectId' },
    );
  }
  if (grants.projects !== undefined && !grants.projects.includes(projectId)) {
    throw new ServiceError(
      'invalid_scope',
      `Extension "${extension}" holds "${gate.capability}" only for the projects ${grants.projects.map((p) => `"${p}"`).join(', ') || '(none)'}, not for "${projectId}". ` +
        `Call it for one of those projects, or have the user grant the extension access to "${projectId}".`,
      { capability: gate.capability, projectId },
    );
  }
  return projectId;
}

function freezeGrants(grants: CapabilityGrants): Readonly<CapabilityGrants> {
  const copy: CapabilityGrants = { capabilities: Object.freeze([...grants.capabilities]) as string[] };
  if (grants.projects !== undefined) copy.projects = Object.freeze([...grants.projects]) as string[];
  return Object.freeze(copy);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function cancelled(method: string): ServiceError {
  return new ServiceError('cancelled', `"${method}" was cancelled by the caller before it finished.`);
}

function throwIfCancelled(method: string, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled(method);
}

function raceCancellation(method: string, running: Promise<unknown>, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(cancelled(method));
    signal.addEventListener('abort', onAbort, { once: true });
    running.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
