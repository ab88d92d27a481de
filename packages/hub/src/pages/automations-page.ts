import type { AutomationRun, AutomationView } from '@outboard/host';
import { escapeHtml } from '../http/html.js';
import type { HubContext } from '../routing/hub-context.js';
import { pageShell, type PageFrame } from './page-shell.js';
import { badge } from './state-badges.js';

/** How each state reads (in words, never colour alone). */
const TONES = { ok: 'ok', broken: 'bad', paused: 'warn', disabled: 'off' } as const;

/** Runs shown per automation (the home keeps the newest 100; the CLI and the API show them all). */
const RUNS_SHOWN = 10;

/**
 * `/automations` (DESIGN §10): every automation with its trigger, its action, its mode and its state (a broken
 * one with the reason, a paused one with why), and the traces of its newest runs: when, the trigger event, the
 * outcome and how long it took. Asked of the host's one automations service at each render (and live).
 */
export async function automationsPage(ctx: HubContext, frame: PageFrame): Promise<string> {
  let automations: AutomationView[];
  try {
    automations = await ctx.host.automations.list();
  } catch (error) {
    return pageShell(frame, 'Automations', `<h1>Automations</h1><p class="problem">The automations could not be read: ${escapeHtml((error as Error).message)}</p>`);
  }
  const list = automations.length
    ? automations.map((a) => automationHtml(a, safeRuns(ctx, a.id))).join('')
    : `<p>No automation yet. <code>${escapeHtml(frame.hostId)} automations catalog</code> shows the triggers and templates on offer; <code>${escapeHtml(frame.hostId)} automations add --template &lt;id&gt;</code> makes one.</p>`;
  return pageShell(frame, 'Automations', `<h1>Automations</h1><div id="automations" data-live>${list}</div>`, 2000);
}

function safeRuns(ctx: HubContext, id: string): AutomationRun[] {
  try {
    return ctx.host.automations.runs(id, RUNS_SHOWN);
  } catch {
    return [];
  }
}

function automationHtml(a: AutomationView, runs: readonly AutomationRun[]): string {
  const why = a.state === 'broken' ? a.broken : a.state === 'paused' ? a.paused : undefined;
  const trigger = `${a.trigger.type}${a.trigger.project ? ` in project ${a.trigger.project}` : ''}`;
  const rows = runs
    .map((r) => `<tr><td>${escapeHtml(r.startedAt)}</td><td>${escapeHtml(r.event.type)} #${r.event.seq}</td><td>${escapeHtml(r.status)}${r.error ? `: ${escapeHtml(r.error.message)}` : r.reason ? `: ${escapeHtml(r.reason)}` : ''}</td><td>${r.durationMs === undefined ? '—' : `${r.durationMs} ms`}</td></tr>`)
    .join('');
  return `<article class="automation" data-automation="${escapeHtml(a.id)}"><h2>${escapeHtml(a.name)} <span class="muted">${escapeHtml(a.id)}</span> ${badge({ text: a.state, tone: TONES[a.state] })}</h2>
${why ? `<p class="problem">${escapeHtml(why)}</p>` : ''}<dl><dt>When</dt><dd>${escapeHtml(trigger)}</dd><dt>Run</dt><dd><code>${escapeHtml(a.action.id)}</code></dd><dt>Mode</dt><dd>${escapeHtml(a.mode)} (max ${a.max})</dd></dl>
${rows ? `<table tabindex="0"><caption>Newest runs</caption><thead><tr><th scope="col">Started</th><th scope="col">Trigger</th><th scope="col">Outcome</th><th scope="col">Took</th></tr></thead><tbody>${rows}</tbody></table>` : '<p class="muted">No run yet.</p>'}</article>`;
}
