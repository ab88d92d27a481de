/**
 * What a capability lets an extension do, so the host can show it at approval and enforce it per request.
 * Every grant is default-deny and shown at approval.
 */
export interface CapabilityInfo {
  /** Stable dotted name, e.g. `projects.read`. */
  name: string;
  /** `project` when each request is checked against one project's scope; `global` otherwise. */
  scope: 'global' | 'project';
  /** Whether it reaches data or power beyond the extension's own (shown highlighted at approval). */
  sensitive: boolean;
  /** Whether it only reads, or changes something outside the extension. */
  access: 'read' | 'mutate';
  /** Whether the user must confirm this grant on its own, rather than with the extension's approval. */
  needsApproval: boolean;
  /** One line for the approval prompt and `extensions info`. */
  description: string;
}

/** The capabilities every host knows (DESIGN.md §8). A host may register more via `ManifestContext.capabilities`. */
export const CAPABILITY_CATALOG: readonly CapabilityInfo[] = Object.freeze(
  (
    [
      ['projects.read', 'project', false, 'read', false, 'List registered projects and read their metadata (id, name, repository path).'],
      ['projects.observe', 'project', false, 'read', false, 'Receive project lifecycle events (registered, changed, removed).'],
      ['projects.register', 'global', false, 'mutate', true, 'Register a repository as a project with the hub.'],
      ['events.subscribe', 'global', false, 'read', false, 'Subscribe to the event stream, filtered by type and project scope.'],
      ['events.publish', 'global', false, 'mutate', false, 'Publish events of the types the manifest declares in contributes.events.'],
      ['rpc.call', 'global', true, 'mutate', true, 'Call RPC methods registered by the host, its plugins and other extensions.'],
      ['ui.status.contribute', 'project', false, 'mutate', false, 'Show the status items declared in contributes.status.'],
      ['ui.action.contribute', 'global', false, 'mutate', false, 'Offer the actions declared in contributes.actions.'],
      ['ui.notification', 'global', false, 'mutate', false, 'Show notifications to the user.'],
      ['storage.private', 'global', false, 'mutate', false, "Keep data in the extension's own private, size-limited storage."],
      ['storage.project', 'project', false, 'mutate', false, "Keep data in per-project storage, namespaced to the extension."],
      ['hub.request', 'global', true, 'mutate', true, 'Call the hub routes listed in permissions.hub; the host adds the token.'],
      ['automations.manage', 'global', true, 'mutate', true, "List, add, change and remove the user's automations, which run any extension's actions with that extension's grants."],
    ] as const
  ).map(([name, scope, sensitive, access, needsApproval, description]) =>
    Object.freeze({ name, scope, sensitive, access, needsApproval, description }),
  ),
);
