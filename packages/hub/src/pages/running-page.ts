import type { CpuThrottling, OpenConnections, ProcessRow } from '@outboard/host';
import type { HubContext } from '../routing/hub-context.js';
import { escapeHtml } from '../http/html.js';
import { opButton, pageShell, type PageFrame } from './page-shell.js';
import { bytes, duration } from './state-badges.js';

/** How often the Running page refreshes its figures, in ms (CPU and memory change without an event). */
export const RUNNING_POLL_MS = 2000;

const COLUMNS = ['Extension', 'Kind', 'State', 'PID', 'Running for', 'Ready after', 'CPU %', 'Memory', 'CPU throttled', 'Open connections', 'Restarts', 'Last exit', 'Control'];

/**
 * `/running`: every peer and sidecar process (host RPC `processes.list`) with pid, activation time, CPU,
 * resident memory, CPU throttling (with a cgroup CPU limit), open connections, restarts and last exit;
 * sortable by any column, refreshed live; stop and restart per row.
 */
export async function runningPage(ctx: HubContext, frame: PageFrame): Promise<string> {
  let entries: ProcessRow[] | undefined;
  let problem = '';
  try {
    entries = (await ctx.host.rpc.call('processes.list', {})) as ProcessRow[];
  } catch (error) {
    problem = (error as Error).message;
  }
  const now = Date.now();
  const head = COLUMNS.map((c, i) => (i === COLUMNS.length - 1 ? `<th scope="col">${c}</th>` : `<th scope="col" aria-sort="none"><button type="button" data-sort-col="${i}">${c}</button></th>`)).join('');
  const rows = (entries ?? []).map((row) => {
    // processes.list gives ISO times; the columns sort and subtract milliseconds.
    const ms = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso));
    const e = { ...row, startedAt: ms(row.startedAt), readyAt: ms(row.readyAt) };
    const cells = [
      [e.extension, `<a href="/extensions/${encodeURIComponent(e.extension)}">${escapeHtml(e.extension)}</a>`],
      [e.kind, escapeHtml(e.kind)],
      [e.state, escapeHtml(e.state)],
      [String(e.pid ?? ''), e.pid === undefined ? '—' : String(e.pid)],
      [String(e.startedAt ? now - e.startedAt : -1), e.startedAt && e.pid !== undefined ? duration(now - e.startedAt) : '—'],
      [String(e.readyAt && e.startedAt ? e.readyAt - e.startedAt : -1), e.readyAt && e.startedAt ? `${e.readyAt - e.startedAt} ms` : '—'],
      [String(e.cpuPercent ?? -1), e.cpuPercent === undefined ? '—' : e.cpuPercent.toFixed(1)],
      [String(e.rssBytes ?? -1), e.rssBytes === undefined ? '—' : bytes(e.rssBytes)],
      [String(e.throttling?.throttledMs ?? -1), throttlingText(e.throttling)],
      [String(e.connections?.count ?? -1), connectionsText(e.connections)],
      [String(e.restarts), String(e.restarts)],
      [e.lastExit?.reason ?? '', e.lastExit ? escapeHtml(e.lastExit.reason) : '—'],
    ];
    const control = `${opButton(frame, 'stop', { name: e.extension }, 'Stop')}${opButton(frame, 'restart', { name: e.extension }, 'Restart')}`;
    return `<tr data-extension="${escapeHtml(e.extension)}" data-kind="${e.kind}">${cells.map(([sort, html]) => `<td data-sort="${escapeHtml(sort)}">${html}</td>`).join('')}<td>${control}</td></tr>`;
  });
  const table = problem
    ? `<p class="problem">The processes could not be listed: ${escapeHtml(problem)}</p>`
    : rows.length
      ? `<table id="processes" data-sortable><caption>Peer and sidecar processes</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p>No peer or sidecar has been started. Peers start on their activation, sidecars on the first request.</p>';
  return pageShell(frame, 'Running', `<h1>Running</h1><div id="running" data-live>${table}</div>`, RUNNING_POLL_MS);
}

/** `12 of 340 periods, 1.2 s` since it started, `none` when never held back, `—` without a cgroup CPU limit. */
function throttlingText(t: CpuThrottling | undefined): string {
  if (!t) return '—';
  if (t.throttledPeriods === 0) return `none of ${t.periods} periods`;
  return `${t.throttledPeriods} of ${t.periods} periods, ${duration(t.throttledMs)}`;
}

/** The count with what it counts: `2 via the hub` (a sidecar's proxied requests and WebSockets), `3 sockets` (from /proc). */
function connectionsText(c: OpenConnections | undefined): string {
  if (!c) return '—';
  if (c.via === 'hub') return `<span title="requests and WebSockets the hub proxies to it now">${c.count} via the hub</span>`;
  return `<span title="sockets it opened itself (its stdio to the host not counted), from /proc">${c.count} socket${c.count === 1 ? '' : 's'}</span>`;
}
