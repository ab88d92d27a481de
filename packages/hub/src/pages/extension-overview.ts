import type { ExtensionRecord, PeerStatus } from '@outboard/host';
import type { HubContext } from '../routing/hub-context.js';
import { servedExtensions } from '../routing/served-extensions.js';

/** A sidecar as the router reports it (`retryAt` in ms while restarts back off). */
export interface SidecarLive {
  state: string;
  recentCrashes: number;
  lastError: string | null;
  pid?: number;
  startedAt?: number;
  retryAt?: number;
}

/** One served extension with the live state of its processes. */
export interface ExtensionOverview {
  ext: ExtensionRecord;
  /** Its peer's status when it declares a peer the hub supervises (enabled), else undefined. */
  peer: PeerStatus | undefined;
  /** Its sidecar: the router's entry, `{ state: 'stopped' }` when it has one that never ran, undefined without. */
  sidecar: SidecarLive | undefined;
}

/**
 * Every extension the hub serves (every state), with peer and sidecar state, read fresh from their owners:
 * the inventory (the host), the peers (the peer manager), the sidecars (the router). Undefined when the
 * inventory cannot be read.
 */
export async function extensionOverviews(ctx: HubContext): Promise<ExtensionOverview[] | undefined> {
  let extensions: ExtensionRecord[];
  try {
    extensions = await servedExtensions(ctx.host);
  } catch {
    return undefined;
  }
  const sidecars = new Map(ctx.router.list().map((s) => [s.name, s]));
  return Promise.all(extensions.map((ext) => overviewOf(ctx, ext, sidecars)));
}

/** The overview of one served extension, or undefined when none is called `name`. */
export async function extensionOverview(ctx: HubContext, name: string): Promise<ExtensionOverview | undefined> {
  const ext = (await servedExtensions(ctx.host)).find((e) => e.key === name);
  return ext ? overviewOf(ctx, ext, new Map(ctx.router.list().map((s) => [s.name, s]))) : undefined;
}

async function overviewOf(ctx: HubContext, ext: ExtensionRecord, sidecars: Map<string, SidecarLive & { name: string }>): Promise<ExtensionOverview> {
  const peer = ext.state === 'enabled' && ext.manifest?.peer && ext.name ? (await ctx.peers?.supervisor(ext.name))?.status() : undefined;
  const sidecar = ext.manifest?.sidecar && ext.name ? (sidecars.get(ext.name) ?? { state: 'stopped', recentCrashes: 0, lastError: null }) : undefined;
  return { ext, peer, sidecar };
}

/** A state in words with its tone (ok, warn, bad, off) and, when a restart waits, when it runs (ms). */
export interface StateLabel {
  text: string;
  tone: 'ok' | 'warn' | 'bad' | 'off';
  until?: number;
}

/** The peer's live state as shown: ready, degraded, failed, crashed and restarting (with time left), starting... */
export function peerLabel(peer: PeerStatus): StateLabel {
  if (peer.state === 'ready') return { text: 'peer ready', tone: 'ok' };
  if (peer.state === 'degraded') return { text: 'peer degraded', tone: 'warn' };
  if (peer.state === 'failed') return { text: 'peer failed', tone: 'bad' };
  if (peer.restartPending) return { text: 'peer crashed, restarting in', tone: 'bad', ...(peer.restartAt !== null ? { until: peer.restartAt } : {}) };
  if (peer.state === 'starting' || peer.state === 'handshaking') return { text: `peer ${peer.state}${peer.recentCrashes ? ' (restarting)' : ''}`, tone: 'warn' };
  return { text: `peer ${peer.state}`, tone: 'off' };
}

/** The sidecar's live state as shown: running, starting, backing off (with time left), crashed, stopped. */
export function sidecarLabel(sidecar: SidecarLive): StateLabel {
  if (sidecar.state === 'running') return { text: 'sidecar running', tone: 'ok' };
  if (sidecar.state === 'backoff') return { text: 'sidecar crashed, backing off', tone: 'bad', ...(sidecar.retryAt !== undefined ? { until: sidecar.retryAt } : {}) };
  if (sidecar.state === 'crashed') return { text: 'sidecar crashed (starts on the next request)', tone: 'bad' };
  if (sidecar.state === 'starting') return { text: 'sidecar starting', tone: 'warn' };
  return { text: `sidecar ${sidecar.state}`, tone: 'off' };
}

/** The extension's own state as shown. */
export function extensionLabel(ext: ExtensionRecord): StateLabel {
  switch (ext.state) {
    case 'enabled':
      return { text: 'enabled', tone: 'ok' };
    case 'disabled':
      return { text: 'disabled', tone: 'off' };
    case 'unapproved':
      return { text: 'unapproved', tone: 'warn' };
    default:
      return { text: ext.state, tone: 'bad' };
  }
}
