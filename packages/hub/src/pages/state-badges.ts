import { escapeHtml } from '../http/html.js';
import type { StateLabel } from './extension-overview.js';

/** A state badge: its words (never colour alone), its tone, and a countdown when a restart waits. */
export function badge(label: StateLabel): string {
  const until = label.until !== undefined ? ` <span data-until="${label.until}">${Math.max(0, Math.ceil((label.until - Date.now()) / 1000))} s</span>` : '';
  return `<span class="state s-${label.tone}">${escapeHtml(label.text)}${until}</span>`;
}

/** A duration in words from ms (`3.2 s`, `4 min`, `2 h`). */
export function duration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

/** Bytes in words (`12.3 MB`). */
export function bytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
