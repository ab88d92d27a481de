import { capabilityInfo, CODE_NOT_PINNED, describeAgentAccess, pinsRunCode, storedAgentAccess } from '@outboard/host';
import type { ExtensionRecord } from '@outboard/host';
import type { HubContext } from '../routing/hub-context.js';
import { escapeHtml } from '../http/html.js';
import { approvalForm } from './approval-form.js';
import { controlsHtml, problemsHtml } from './extension-card.js';
import { extensionLabel, extensionOverview, peerLabel, sidecarLabel, type ExtensionOverview } from './extension-overview.js';
import { readLogTail } from './log-tail.js';
import { pageShell, type PageFrame } from './page-shell.js';
import { runForm, type RunnableAction } from './run-form.js';
import { badge } from './state-badges.js';
import { viewsSection } from './views-section.js';

/**
 * `/extensions/<name>`: manifest summary, sources and shadowed copies, what the approval is bound to ("linked:
 * code not pinned"), requested and granted capabilities (sensitive ones marked), lifecycle history and the
 * log tail (live), its actions each with a Run form, the approval form when it is unapproved. Undefined when
 * the hub serves no extension of that name.
 */
export async function extensionPage(ctx: HubContext, frame: PageFrame, name: string): Promise<string | undefined> {
  const overview = await extensionOverview(ctx, name);
  if (!overview) return undefined;
  const { ext } = overview;
  const m = ext.manifest;
  const title = m?.displayName ?? ext.key;
  const actions = (((m?.contributes ?? {}) as { actions?: RunnableAction[] }).actions ?? []).filter((a) => a && typeof a.id === 'string');
  const activation = ext.name ? ctx.host.config.activationOverride(ext.name) : undefined;
  const body = `<h1>${escapeHtml(title)} <span class="muted">${escapeHtml(ext.key)}</span></h1>
${m?.description ? `<p>${escapeHtml(m.description)}</p>` : ''}
<div id="ext-state" data-live>${stateHtml(frame, overview)}</div>
${ext.state === 'unapproved' ? approvalForm(frame, ext, activation) : ''}
${policyHtml(ext)}
<h2>Manifest</h2>${manifestSummary(ext)}
<h2>Sources</h2>${sourcesHtml(ext)}
${approvalHtml(ctx, ext)}
<h2>Actions</h2>${actionsHtml(frame, ext, actions, ctx)}
${ext.state === 'enabled' && ext.name ? await viewsSection(ctx, { where: 'extension', extension: ext.name }) : ''}
${agentCallsHtml(ctx, ext)}
<section id="lifecycle" data-live aria-labelledby="life-h"><h2 id="life-h">Lifecycle</h2>${lifecycleHtml(overview)}</section>
<section id="log" data-live aria-labelledby="log-h"><h2 id="log-h">Log</h2>${logHtml(ctx, ext)}</section>`;
  return pageShell(frame, title, body, 2000);
}

function stateHtml(frame: PageFrame, overview: ExtensionOverview): string {
  const { ext, peer, sidecar } = overview;
  const badges = [badge(extensionLabel(ext)), peer ? badge(peerLabel(peer)) : '', sidecar && ext.state === 'enabled' ? badge(sidecarLabel(sidecar)) : ''].join(' ');
  return `<div class="row">${badges}</div>${problemsHtml(overview)}${controlsHtml(frame, overview, true)}`;
}

/** The organisation policy's rule that blocks it: the file, the rule and its entry (what `info --json` carries). */
function policyHtml(ext: ExtensionRecord): string {
  const rule = ext.policy;
  if (ext.state !== 'blocked' || !rule) return '';
  return `<section id="policy" aria-labelledby="policy-h"><h2 id="policy-h">Organisation policy</h2><dl><dt>File</dt><dd><code>${escapeHtml(rule.file)}</code></dd><dt>Rule</dt><dd>${escapeHtml(rule.rule)}</dd><dt>Entry</dt><dd><code>${escapeHtml(rule.entry)}</code></dd></dl><p>${escapeHtml(ext.fix ?? '')}</p></section>`;
}

function manifestSummary(ext: ExtensionRecord): string {
  const m = ext.manifest;
  const rows: Array<[string, string]> = [
    ['Package', `${ext.packageName}@${ext.version}`],
    ['Identity', m ? (m.publisher ? `${m.publisher}.${m.name}` : m.name) : ext.key],
    ['Engines', ext.enginesRange ?? '(any)'],
    ['Commands', (m?.commands ?? []).map((c) => c.name).join(', ') || '—'],
    ['Sidecar', m?.sidecar ? `${m.sidecar.bin ?? ''} (health ${m.sidecar.health ?? '/'})` : '—'],
    ['Peer', m?.peer ? `${(m.peer.exec ?? [m.peer.bin ?? '']).join(' ')} (activation: ${(m.peer.activation ?? ['onAction']).join(', ')})` : '—'],
  ];
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>${ext.problems.length ? `<ul>${ext.problems.map((p) => `<li class="problem">${escapeHtml(p.path)}: ${escapeHtml(p.message)} — fix: ${escapeHtml(p.fix)}</li>`).join('')}</ul>` : ''}`;
}

function sourcesHtml(ext: ExtensionRecord): string {
  const shadowed = ext.shadowed.map((s) => `<li>shadowed: ${escapeHtml(s.source)} ${escapeHtml(s.version)} <code>${escapeHtml(s.path)}</code></li>`).join('');
  const conflicts = ext.conflictsWith.map((p) => `<li class="problem">conflicting package <code>${escapeHtml(p)}</code></li>`).join('');
  return `<ul><li>${escapeHtml(ext.source)} (in use) <code>${escapeHtml(ext.realDir)}</code></li>${shadowed}${conflicts}</ul>`;
}

function approvalHtml(ctx: HubContext, ext: ExtensionRecord): string {
  const approval = ext.name ? ctx.host.approvals.find({ source: ext.source, name: ext.name }) : undefined;
  const requested = [...(ext.manifest?.capabilities?.required ?? []).map((c) => [c, 'required'] as const), ...(ext.manifest?.capabilities?.optional ?? []).map((c) => [c, 'optional'] as const)];
  const granted = new Set(approval?.grants.capabilities ?? []);
  const caps = requested.length
    ? `<table><thead><tr><th scope="col">Capability</th><th scope="col">Requested</th><th scope="col">Granted</th></tr></thead><tbody>${requested
        .map(([c, how]) => `<tr><td>${escapeHtml(c)}${capabilityInfo(c)?.sensitive ? ' <span class="sensitive">sensitive</span>' : ''}</td><td>${how}</td><td>${granted.has(c) ? 'yes' : 'no'}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>It requests no capability.</p>';
  const binding = approval
    ? `<dl><dt>Approved</dt><dd>${escapeHtml(approval.approvedAt)}</dd><dt>Version</dt><dd>${escapeHtml(approval.version)}</dd><dt>Source</dt><dd>${escapeHtml(approval.source)}</dd><dt>Real path</dt><dd>${escapeHtml(approval.realPath)}</dd><dt>Agents</dt><dd>${escapeHtml(describeAgentAccess(storedAgentAccess((approval as { agents?: unknown }).agents)))} (<code>${escapeHtml(ctx.host.identity.id)} extensions enable ${escapeHtml(ext.key)} --agents …</code> changes it)</dd><dt>Manifest</dt><dd><code>${escapeHtml(approval.manifestHash.slice(0, 16))}</code></dd><dt>Code</dt><dd>${
        pinsRunCode(ext) ? (approval.runDigest ? 'pinned (digest of what runs)' : 'not pinned by this approval: approve again') : escapeHtml(CODE_NOT_PINNED)
      }</dd></dl>`
    : '<p>Not approved.</p>';
  return `<h2>Approval and capabilities</h2>${binding}${caps}`;
}

function actionsHtml(frame: PageFrame, ext: ExtensionRecord, actions: readonly RunnableAction[], ctx: HubContext): string {
  if (!actions.length) return '<p>It contributes no action.</p>';
  if (ext.state !== 'enabled') return `<ul>${actions.map((a) => `<li>${escapeHtml(a.title ?? a.id)} <code>${escapeHtml(a.id)}</code></li>`).join('')}</ul><p class="muted">Enable it to run its actions.</p>`;
  return actions.map((a) => runForm(frame, ext.key, a, ctx.host.projects.list())).join('');
}

/** The audit of what agents did with it (`agent.call` events still in the hub's history), newest first. */
function agentCallsHtml(ctx: HubContext, ext: ExtensionRecord): string {
  if (!ext.name || !(ext.manifest?.contributes?.actions ?? []).length) return '';
  const calls = ctx.host.bus.query({ types: ['agent.call'], limit: 500 }).filter((e) => e.attributes['extension'] === ext.name).slice(-20).reverse();
  const rows = calls.map((e) => `<tr><td>${escapeHtml(e.time)}</td><td>${escapeHtml(String(e.attributes['tool'] ?? ''))}</td><td><code>${escapeHtml(String(e.attributes['action'] ?? ''))}</code></td><td>${escapeHtml(String(e.attributes['outcome'] ?? ''))}</td></tr>`);
  return `<section id="agent-calls" data-live aria-labelledby="agents-h"><h2 id="agents-h">Agent calls</h2>${
    rows.length ? `<table tabindex="0"><thead><tr><th scope="col">Time</th><th scope="col">Tool</th><th scope="col">Action</th><th scope="col">Outcome</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '<p class="muted">No agent has called its actions since the hub started.</p>'
  }</section>`;
}

function lifecycleHtml({ peer, sidecar }: ExtensionOverview): string {
  const parts: string[] = [];
  if (peer) {
    const rows = [...peer.transitions].reverse().map((t) => `<tr><td>${escapeHtml(t.time)}</td><td>${escapeHtml(t.from)} → ${escapeHtml(t.to)}</td><td>${escapeHtml(t.reason)}</td></tr>`);
    parts.push(`<h3>Peer</h3>${rows.length ? `<table><thead><tr><th scope="col">Time</th><th scope="col">Move</th><th scope="col">Why</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '<p>Not started yet.</p>'}`);
  }
  if (sidecar) parts.push(`<h3>Sidecar</h3><p>${escapeHtml(sidecar.state)}, ${sidecar.recentCrashes} recent crash${sidecar.recentCrashes === 1 ? '' : 'es'}${sidecar.lastError ? `; last error: ${escapeHtml(sidecar.lastError)}` : ''}</p>`);
  return parts.join('') || '<p>It runs no peer or sidecar.</p>';
}

function logHtml(ctx: HubContext, ext: ExtensionRecord): string {
  if (!ext.name) return '<p>No log.</p>';
  const tail = readLogTail(`${ctx.host.home}/ext/${ext.name}/logs`);
  return tail.length ? tail.map((f) => `<h3>${escapeHtml(f.file)}</h3><pre>${escapeHtml(f.lines.join('\n'))}</pre>`).join('') : '<p>Nothing logged yet.</p>';
}
