import { CODE_NOT_PINNED, pinsRunCode } from '@outboard/host';
import type { ExtensionRecord, ProjectRecord } from '@outboard/host';
import { escapeHtml, page } from '../http/html.js';

/**
 * The hub home: one card per enabled extension with a `hub` block (linking to `/x/<name>/` when it has a
 * sidecar), incompatible and unapproved ones greyed out with their reason, a linked folder marked "linked:
 * code not pinned", then the registered projects.
 * Every extension string is escaped; `extensions` undefined means the list could not be read.
 */
export function homePage(hostId: string, extensions: readonly ExtensionRecord[] | undefined, projects: readonly ProjectRecord[]): string {
  const cards = (extensions ?? []).filter((e) => e.manifest?.hub || e.state === 'incompatible' || e.state === 'unapproved' || e.state === 'missing').map(card);
  const extensionsHtml =
    extensions === undefined
      ? '<p>The extensions could not be listed.</p>'
      : cards.length === 0
        ? `<p>No extension has a hub card yet. <code>${escapeHtml(hostId)} extensions list</code> shows what is installed.</p>`
        : `<ul class="cards">${cards.join('\n')}</ul>`;
  const projectsHtml =
    projects.length === 0
      ? `<p>No registered projects: <code>${escapeHtml(hostId)} projects add .</code> registers one.</p>`
      : `<ul>${projects.map((p) => `<li><a href="/projects/${encodeURIComponent(p.id)}">${escapeHtml(p.name)}</a> <code>${escapeHtml(p.root)}</code></li>`).join('')}</ul>`;
  return page(`${hostId} hub`, `<h1>${escapeHtml(hostId)} hub</h1>\n<h2>Extensions</h2>\n${extensionsHtml}\n<h2>Projects</h2>\n${projectsHtml}`);
}

function card(ext: ExtensionRecord): string {
  const label = ext.manifest?.hub?.label ?? ext.manifest?.displayName ?? ext.key;
  const description = ext.manifest?.hub?.description ?? ext.manifest?.description;
  const enabled = ext.state === 'enabled';
  const title = enabled && ext.manifest?.sidecar && ext.name ? `<a href="/x/${encodeURIComponent(ext.name)}/">${escapeHtml(label)}</a>` : escapeHtml(label);
  const reason = enabled ? '' : `<div class="reason">${escapeHtml(ext.state)}: ${escapeHtml(ext.reason)}${ext.fix ? ` — <code>${escapeHtml(ext.fix)}</code>` : ''}</div>`;
  // A linked folder runs as edited (DESIGN §6): say so where it is shown.
  const linked = pinsRunCode(ext) ? '' : `<div class="note">${escapeHtml(CODE_NOT_PINNED)}</div>`;
  return `<li class="card${enabled ? '' : ' off'}" data-extension="${escapeHtml(ext.key)}"><strong>${title}</strong>${description ? `<div>${escapeHtml(description)}</div>` : ''}${reason}${linked}</li>`;
}
