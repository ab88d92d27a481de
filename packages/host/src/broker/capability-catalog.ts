import { CAPABILITY_CATALOG, type CapabilityInfo } from '@outboard/manifest';

/** A capability name: lowercase dotted segments, e.g. `projects.read` or `deploy.trigger`. */
export const CAPABILITY_NAME_PATTERN = /^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+$/;

/**
 * The capabilities one host knows: the built-in `CAPABILITY_CATALOG` plus those the host registered.
 * Instance-owned, so two hosts (or two tests) never share registrations.
 */
export class CapabilityCatalog {
  readonly #byName = new Map<string, CapabilityInfo>();

  /** @param extra host capabilities registered up front (each as in {@link CapabilityCatalog.register}). */
  constructor(extra: readonly CapabilityInfo[] = []) {
    for (const info of CAPABILITY_CATALOG) this.#byName.set(info.name, info);
    for (const info of extra) this.register(info);
  }

  /**
   * Adds a capability of the host's own. Throws a `TypeError` naming the field when `info` is malformed,
   * and when the name is already known (built-in or registered).
   */
  register(info: CapabilityInfo): void {
    const problem = capabilityInfoProblem(info);
    if (problem !== undefined) throw new TypeError(`Cannot register capability: ${problem}.`);
    if (this.#byName.has(info.name)) {
      throw new TypeError(`Cannot register capability "${info.name}": it is already in the catalog. Choose another name, e.g. "<host>.${info.name}".`);
    }
    const { name, scope, sensitive, access, needsApproval, description } = info;
    this.#byName.set(name, Object.freeze({ name, scope, sensitive, access, needsApproval, description }));
  }

  /** The capability called `name`, or `undefined`. */
  get(name: string): CapabilityInfo | undefined {
    return this.#byName.get(name);
  }

  /** Every known capability: the built-in ones in catalog order, then the registered ones in registration order. */
  list(): CapabilityInfo[] {
    return [...this.#byName.values()];
  }
}

function capabilityInfoProblem(info: unknown): string | undefined {
  if (typeof info !== 'object' || info === null) return 'info must be an object { name, scope, sensitive, access, needsApproval, description }';
  const { name, scope, sensitive, access, needsApproval, description } = info as Record<string, unknown>;
  if (typeof name !== 'string' || !CAPABILITY_NAME_PATTERN.test(name)) return `name must be lowercase dotted segments such as "deploy.trigger", got ${JSON.stringify(name)}`;
  if (scope !== 'global' && scope !== 'project') return `scope of "${name}" must be "global" or "project", got ${JSON.stringify(scope)}`;
  if (typeof sensitive !== 'boolean') return `sensitive of "${name}" must be true or false`;
  if (access !== 'read' && access !== 'mutate') return `access of "${name}" must be "read" or "mutate", got ${JSON.stringify(access)}`;
  if (typeof needsApproval !== 'boolean') return `needsApproval of "${name}" must be true or false`;
  if (typeof description !== 'string' || description.trim() === '') return `description of "${name}" must be a non-empty line`;
  return undefined;
}
