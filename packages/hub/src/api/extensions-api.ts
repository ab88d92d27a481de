import { toListEntry, type ExtensionListEntry, type ExtensionRecord, type PeerFleet, type ProjectRecord } from '@outboard/host';
import type { ExtensionManifest } from '@outboard/manifest';
import type { SidecarRouter } from '../proxy/sidecar-router.js';

/** The sidecar part of an extension's API entry. */
export interface SidecarView {
  state: string;
  recentCrashes: number;
  lastError: string | null;
}

/**
 * One extension in `GET /api/hub/extensions` (fields of apiVersion 1; new fields may be added): the identity
 * and state of the CLI's list entry, without its local `fix` and `path`, and what the hub serves of it.
 */
export interface ExtensionView extends Omit<ExtensionListEntry, 'fix' | 'path'> {
  compatible: boolean;
  manifest: ExtensionManifest | null;
  mount: string | null;
  sidecar: SidecarView | null;
  links?: Array<{ label: string; url: string }>;
}

/** The API entry of one extension; with `project`, its `projectLinks` filled in (empty unless it is enabled). */
export function extensionView(ext: ExtensionRecord, router: SidecarRouter, project?: ProjectRecord): ExtensionView {
  const manifest = ext.manifest ?? null;
  const hasSidecar = !!manifest?.sidecar && !!ext.name;
  const running = router.list().find((s) => s.name === ext.name);
  const { fix: _fix, path: _path, ...entry } = toListEntry(ext);
  const view: ExtensionView = {
    ...entry,
    compatible: ext.state !== 'incompatible' && ext.state !== 'invalid',
    manifest,
    mount: hasSidecar ? `/x/${ext.name}/` : null,
    sidecar: hasSidecar ? (running ? { state: running.state, recentCrashes: running.recentCrashes, lastError: running.lastError } : { state: 'stopped', recentCrashes: 0, lastError: null }) : null,
  };
  if (project) view.links = ext.state === 'enabled' && hasSidecar ? projectLinks(ext, project) : [];
  return view;
}

/** The extension's `projectLinks` for one project: `/x/<name><path>` with `{projectId}` and `{repoRoot}` filled in (URL-encoded). */
export function projectLinks(ext: ExtensionRecord, project: ProjectRecord): Array<{ label: string; url: string }> {
  return (ext.manifest?.projectLinks ?? []).map((link) => ({
    label: link.label,
    url: `/x/${ext.name}${link.path.replace(/\{projectId\}/g, encodeURIComponent(project.id)).replace(/\{repoRoot\}/g, encodeURIComponent(project.root))}`,
  }));
}

/** What stop or restart did to an extension's peer: `stopped` (it was running), `restarted`, or null when the hub runs no peer of it. */
export type PeerControl = { stopped: boolean } | { restarted: true } | null;

/**
 * Stops or restarts the hub's peer of extension `name` (`POST /api/hub/extensions/<name>/stop|restart`). A
 * restart forgets past crashes, so it also revives a peer its breaker failed. Null when the hub supervises no
 * peer of that name (none declared, not enabled, or the hub runs no peers). Rejects with the start's error.
 */
export async function controlPeer(peers: PeerFleet | undefined, name: string, action: 'stop' | 'restart'): Promise<PeerControl> {
  const supervisor = await peers?.supervisor(name);
  if (!supervisor) return null;
  if (action === 'restart') {
    await supervisor.restart();
    return { restarted: true };
  }
  const running = supervisor.state !== 'stopped' && supervisor.state !== 'failed';
  await supervisor.stop('stopped by the user');
  return { stopped: running };
}
