import { isValidSlug } from './slug.js';

/**
 * Namespaces of the host's own events and contributions (`project.registered`, `extension.peer.state`...).
 * No extension may declare, publish or serve an id in them, whatever its name.
 */
export const HOST_NAMESPACES: readonly string[] = Object.freeze(['host', 'extension', 'peer', 'project', 'sidecar', 'action', 'agent']);

/** The host namespace `id` falls in (its first dotted segment), or `undefined` when it is not the host's. */
export function hostNamespaceOf(id: string): string | undefined {
  const head = id.split('.', 1)[0] ?? '';
  return HOST_NAMESPACES.includes(head) ? head : undefined;
}

/**
 * Whether extension `extensionName` owns contribution `id` (an action id, status id, RPC method or event type):
 * the id starts with `<name>.` and is not in a host namespace. Ids are owned so that no extension can declare
 * another's action or method and receive its arguments or calls.
 */
export function ownsContributionId(extensionName: string, id: string): boolean {
  return id.length > extensionName.length + 1 && id.startsWith(`${extensionName}.`) && hostNamespaceOf(id) === undefined;
}

/**
 * Why `extensionName` may not use `id`, one sentence naming the namespace's owner, or `undefined` when it owns
 * it. Only meaningful for a valid extension name (see `isValidSlug`).
 */
export function contributionIdOwnershipProblem(extensionName: string, id: string): string | undefined {
  if (ownsContributionId(extensionName, id)) return undefined;
  const namespace = hostNamespaceOf(id);
  if (namespace !== undefined) return `${JSON.stringify(id)} is in the host's namespace "${namespace}.", which no extension may use`;
  const head = id.includes('.') ? id.slice(0, id.indexOf('.')) : '';
  const own = `the ids of extension ${JSON.stringify(extensionName)} start with ${JSON.stringify(`${extensionName}.`)}`;
  if (head !== '' && isValidSlug(head)) return `${JSON.stringify(id)} is in the namespace of the extension named ${JSON.stringify(head)}: ${own}`;
  return `${JSON.stringify(id)} is in no extension's namespace: ${own}`;
}
