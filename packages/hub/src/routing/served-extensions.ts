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

/** Why `/x/<name>/` cannot be served (a 404: its code, one line, and the extension's own fix when it has one), or undefined when it can: enabled, with a sidecar. */
export function mountRefusal(ext: ExtensionRecord | undefined, name: string): { code: 'SIDECAR_UNKNOWN' | 'SIDECAR_NOT_SERVED'; error: string; fix?: string } | undefined {
  if (!ext) return { code: 'SIDECAR_UNKNOWN', error: `no extension is called "${name}"` };
  if (ext.state !== 'enabled') return { code: 'SIDECAR_NOT_SERVED', error: `extension "${name}" is ${ext.state}${ext.reason ? `: ${ext.reason}` : ''}`, ...(ext.fix ? { fix: ext.fix } : {}) };
  if (!ext.manifest?.sidecar) return { code: 'SIDECAR_UNKNOWN', error: `extension "${name}" has no sidecar` };
  return undefined;
}
