import { CODE_NOT_PINNED, pinsRunCode } from '@outboard/host';
import type { ExtensionRecord } from '@outboard/host';
import { escapeHtml } from '../http/html.js';
import { extensionLabel, peerLabel, sidecarLabel, type ExtensionOverview } from './extension-overview.js';
import { opButton, type PageFrame } from './page-shell.js';
import { badge } from './state-badges.js';

/** What the manifest contributes, in a few words (`2 commands · 1 action · sidecar · peer · 1 view`). */
export function contributesLine(ext: ExtensionRecord): string {
  const m = ext.manifest;
  if (!m) return '';
  const c = (m.contributes ?? {}) as Record<string, unknown>;
  const count = (n: number, one: string, many: string): string | undefined => (n ? `${n} ${n === 1 ? one : many}` : undefined);
  const len = (v: unknown): number => (Array.isArray(v) ? v.length : 0);
  return [
    count(len(m.commands), 'command', 'commands'),
    count(len(c.actions), 'action', 'actions'),
    count(len(c.status), 'status item', 'status items'),
    count(len(c.providers), 'provider', 'providers'),
    count(len(c.views), 'view', 'views'),
    m.sidecar ? 'sidecar' : undefined,
    m.peer ? 'peer' : undefined,
  ]
    .filter((x) => x !== undefined)
    .join(' · ');
}

/** The problems of an extension and its processes, each with its fix where there is one. */
export function problemsHtml({ ext, peer, sidecar }: ExtensionOverview): string {
  const lines: string[] = [];
  if (ext.state !== 'enabled' && ext.state !== 'disabled') lines.push(`${escapeHtml(ext.state)}: ${escapeHtml(ext.reason)}${ext.fix ? ` — fix: <code>${escapeHtml(ext.fix)}</code>` : ''}`);
  if (peer?.diagnostic) lines.push(`peer: ${escapeHtml(peer.diagnostic)}`);
  const running = peer?.state === 'ready' || peer?.state === 'degraded';
  if (peer?.lastError && !running) lines.push(`peer: ${escapeHtml(peer.lastError)}${peer.state === 'failed' ? ' — fix: restart it once the cause is fixed' : ''}`);
  if (sidecar?.lastError) lines.push(`sidecar: ${escapeHtml(sidecar.lastError)}`);
  const past = peer?.lastError && running ? `<div class="muted">peer's last exit: ${escapeHtml(peer.lastError)}</div>` : '';
  return lines.map((l) => `<div class="problem">${l}</div>`).join('') + past;
}

/** The controls the extension's state allows: approve, enable, disable, open, stop, restart. */
export function controlsHtml(frame: PageFrame, { ext, peer, sidecar }: ExtensionOverview, onPage = false): string {
  const name = ext.key;
  const out: string[] = [];
  if (ext.state === 'unapproved') out.push(`<a href="/extensions/${encodeURIComponent(name)}#approve">Review and approve</a>`);
  if (ext.state === 'disabled') out.push(opButton(frame, 'enable', { name }, `Enable ${name}`));
  if (ext.state === 'enabled') {
    if (sidecar) out.push(`<a href="/x/${encodeURIComponent(name)}/">Open</a>`);
    if (peer || sidecar) {
      out.push(opButton(frame, 'stop', { name }, 'Stop'));
      out.push(opButton(frame, 'restart', { name }, 'Restart'));
    }
    out.push(opButton(frame, 'disable', { name }, 'Disable', `Disable ${name}? Its approval, grants and config are kept.`));
  }
  if (!onPage) out.push(`<a href="/extensions/${encodeURIComponent(name)}">Details</a>`);
  return `<div class="row">${out.join('')}</div>`;
}

/** One extension's card on the home page. */
export function extensionCard(frame: PageFrame, overview: ExtensionOverview): string {
  const { ext, peer, sidecar } = overview;
  const label = ext.manifest?.hub?.label ?? ext.manifest?.displayName ?? ext.key;
  const description = ext.manifest?.hub?.description ?? ext.manifest?.description;
  const badges = [badge(extensionLabel(ext)), peer ? badge(peerLabel(peer)) : '', sidecar && ext.state === 'enabled' ? badge(sidecarLabel(sidecar)) : ''].join(' ');
  const linked = pinsRunCode(ext) ? '' : `<div class="muted">${escapeHtml(CODE_NOT_PINNED)}</div>`;
  const contributes = contributesLine(ext);
  return `<li class="card${ext.state === 'enabled' ? '' : ' off'}" data-extension="${escapeHtml(ext.key)}">
<h3><a href="/extensions/${encodeURIComponent(ext.key)}">${escapeHtml(label)}</a> <span class="muted">${escapeHtml(ext.key)} ${escapeHtml(ext.version)}</span></h3>
${description ? `<div>${escapeHtml(description)}</div>` : ''}<div class="row">${badges}</div>
${contributes ? `<div class="contrib">${escapeHtml(contributes)}</div>` : ''}${linked}${problemsHtml(overview)}${controlsHtml(frame, overview)}</li>`;
}
