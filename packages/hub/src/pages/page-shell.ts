import { escapeHtml } from '../http/html.js';

/** What every page is rendered with. */
export interface PageFrame {
  /** The host id (page titles and commands name it; never the literal `outboard`). */
  hostId: string;
  /** This page's anti-forgery token, put in every form it renders. */
  formToken: string;
  /** The hub's port (sidecar view origins). */
  port: number;
}

/** The path the pages' script and stylesheet are served under, and where their forms post. */
export const UI_PREFIX = '/ui/';

/**
 * A whole page: skip link, header with navigation and the search box (every page), `body` (already escaped)
 * in `<main>`, a polite live region for outcomes, the one stylesheet and the one script. `poll`: ms between
 * refreshes of the live sections (for figures no event announces, such as CPU), 0 for none.
 */
export function pageShell(frame: PageFrame, title: string, body: string, poll = 0): string {
  const id = escapeHtml(frame.hostId);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${id}</title>
<link rel="stylesheet" href="${UI_PREFIX}pages.css">
<script src="${UI_PREFIX}pages.js" defer></script>
</head><body${poll > 0 ? ` data-poll="${poll}"` : ''}>
<a class="skip" href="#main">Skip to content</a>
<header><strong>${id} hub</strong><nav aria-label="Pages"><a href="/">Home</a><a href="/running">Running</a><a href="/automations">Automations</a></nav>
<form role="search" method="post" action="${UI_PREFIX}do/search">${hiddenToken(frame)}<label for="q" class="skip">Search every search provider</label><input id="q" name="query" type="search" placeholder="Search providers" required><button>Search</button><div data-result hidden class="result" role="status" aria-live="polite"></div></form>
</header>
<main id="main" tabindex="-1">
${body}
<div id="flash" role="status" aria-live="polite" hidden></div>
</main></body></html>
`;
}

/** The hidden anti-forgery field every page form carries. */
export function hiddenToken(frame: PageFrame): string {
  return `<input type="hidden" name="_token" value="${escapeHtml(frame.formToken)}">`;
}

/**
 * A one-button POST form for an operation on the page API (`/ui/do/<op>`) with hidden fields; the result
 * shows next to it. `confirm`: a question the script asks first.
 */
export function opButton(frame: PageFrame, op: string, fields: Record<string, string>, label: string, confirm?: string): string {
  const done = { stop: 'Stopped.', restart: 'Restarted.' }[op];
  const hidden = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
  return `<form class="inline" method="post" action="${UI_PREFIX}do/${op}"${done ? ` data-done="${done}"` : ''}${confirm ? ` data-confirm="${escapeHtml(confirm)}"` : ''}>${hiddenToken(frame)}${hidden}<button>${escapeHtml(label)}</button><span data-result hidden></span></form>`;
}
