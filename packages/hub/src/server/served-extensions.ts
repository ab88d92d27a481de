import type { ExtensionRecord, HostCore } from '@outboard/host';

/**
 * The extensions the hub serves: the user, global and development sources of the host's one inventory
 * (the hub serves no single project, so project-source extensions are left out). Fresh by construction:
 * the host starts a new generation when the home changes (its watch), and reads nothing while it does not.
 */
export async function servedExtensions(host: Pick<HostCore, 'extensions'>): Promise<ExtensionRecord[]> {
  return (await host.extensions()).extensions.filter((e) => e.source !== 'project');
}

/** The served extension users call `name` (its slug), if any. */
export async function findServedExtension(host: Pick<HostCore, 'extensions'>, name: string): Promise<ExtensionRecord | undefined> {
  return (await host.extensions()).extensions.find((e) => e.key === name && e.source !== 'project');
}

/** Why `/x/<name>/` cannot be served (one line for a 404), or undefined when it can: enabled, with a sidecar. */
export function mountRefusal(ext: ExtensionRecord | undefined, name: string): string | undefined {
  if (!ext) return `no extension is called "${name}"`;
  if (ext.state !== 'enabled') return `extension "${name}" is ${ext.state}${ext.reason ? `: ${ext.reason}` : ''}`;
  if (!ext.manifest?.sidecar) return `extension "${name}" has no sidecar`;
  return undefined;
}
