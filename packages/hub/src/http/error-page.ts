import { STATUS_CODES } from 'node:http';
import { escapeHtml, page } from './html.js';
import type { Problem } from './problem.js';

/**
 * The page of a refusal shown to a browser: the reason, the fix, the last lines of a sidecar's log when there
 * are some, the code, and a link home. Everything escaped; no script.
 */
export function errorPage(problem: Problem): string {
  const title = STATUS_CODES[problem.status] ?? String(problem.status);
  const tail = problem.logTail ?? [];
  const lines = tail.length > 0 ? `<p>The last lines of its log:</p>\n<pre>${tail.map(escapeHtml).join('\n')}</pre>\n` : '';
  return page(
    `${problem.status} ${title}`,
    `<h1>${escapeHtml(title)}</h1>\n<p class="reason">${escapeHtml(problem.error)}</p>\n<p class="fix">To fix it: ${escapeHtml(problem.fix)}</p>\n${lines}<p class="note">Code <code>${escapeHtml(problem.code)}</code></p>\n<p><a href="/">Back to the hub</a></p>`,
  );
}
