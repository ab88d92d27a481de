import { createHash } from 'node:crypto';
import { consentSummary } from '@outboard/host';
import type { ExtensionRecord } from '@outboard/host';
import { escapeHtml } from '../http/html.js';
import { hiddenToken, UI_PREFIX, type PageFrame } from './page-shell.js';

/**
 * Which copy of an extension a page showed: its real path, manifest digest, version, source and load fields. The
 * approval form carries it, and the approval is refused when the copy is no longer that one (the terminal's
 * "changed while you were deciding").
 */
export function copyFingerprint(ext: ExtensionRecord): string {
  // The digest's file entries may be filled in lazily between two reads, so they are left to the approval
  // store (which records what runs, and re-checks it on every run); the load fields steer what runs too.
  return createHash('sha256').update(JSON.stringify([ext.realDir, ext.manifestHash, ext.version, ext.source, ext.runDigest?.fields ?? null])).digest('base64url');
}

/**
 * The approval form: exactly what the terminal prompt shows (the host's one consent summary: package, version,
 * source, real path, every contribution, every capability with the sensitive ones marked), optional
 * capabilities to tick, and each sensitive one confirmed on its own (a required sensitive one must be).
 * Nothing here is trusted: every value is escaped.
 */
export function approvalForm(frame: PageFrame, ext: ExtensionRecord, activation: string | undefined): string {
  const summary = consentSummary(ext, ext.manifest?.capabilities?.required ?? [], frame.hostId, activation);
  const rows = summary.rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const caps = summary.capabilities.map((cap) => {
    const what = `${escapeHtml(cap.name)}${cap.description ? ` <span class="muted">${escapeHtml(cap.description)}</span>` : ''}`;
    if (cap.sensitive) {
      return `<label class="check"><input type="checkbox" name="confirm" value="${escapeHtml(cap.name)}"${cap.required ? ' required' : ''}><span><span class="sensitive">Sensitive:</span> grant ${what} — ${cap.required ? 'required (it cannot run without it)' : 'optional'}</span></label>`;
    }
    if (cap.required) return `<div>✔ ${what} — required</div>`;
    return `<label class="check"><input type="checkbox" name="grant" value="${escapeHtml(cap.name)}"><span>${what} — optional</span></label>`;
  });
  return `<section id="approve" aria-labelledby="approve-h"><h2 id="approve-h">Approve</h2>
<p>${escapeHtml(summary.title)}</p>
<form method="post" action="${UI_PREFIX}do/approve">${hiddenToken(frame)}<input type="hidden" name="name" value="${escapeHtml(ext.key)}"><input type="hidden" name="shown" value="${copyFingerprint(ext)}">
<table><tbody>${rows}</tbody></table>
${caps.length ? `<fieldset><legend>Capabilities</legend>${caps.join('')}</fieldset>` : '<p>It requests no capability.</p>'}
<button>Approve and enable ${escapeHtml(ext.key)}</button><div data-result hidden></div></form></section>`;
}
