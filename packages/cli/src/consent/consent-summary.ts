import { CAPABILITY_CATALOG } from '@outboard/manifest';
import type { ExtensionRecord } from '@outboard/host';
import type { Style } from '../terminal/style.js';
import { formatTable } from '../terminal/table.js';

/** The lines shown before asking for approval: exactly what would be allowed to run, and with which grants. */
export function consentSummary(ext: ExtensionRecord, granted: readonly string[], style: Style, hostId: string): string[] {
  const m = ext.manifest;
  const { bold, yellow, dim } = style;
  const runnable = (r: { bin?: string; exec?: readonly string[] }) => (r.bin ? `node ${r.bin}` : (r.exec ?? []).join(' '));
  const rows: string[][] = [
    ['Package', `${ext.packageName}@${ext.version}`],
    ['Source', ext.source],
    ['Real path', ext.realDir],
  ];
  if (m?.commands?.length) rows.push(['Commands', m.commands.map((c) => `${hostId} ${c.name} (${runnable(c)})`).join(', ')]);
  if (m?.sidecar) rows.push(['Sidecar', runnable(m.sidecar)]);
  if (m?.peer) rows.push(['Peer', runnable(m.peer)]);
  const lines = [bold(`${hostId} wants to run extension "${ext.key}"`), ...formatTable(rows.map(([k, v]) => [`  ${k}:`, v ?? '']))];
  const required = m?.capabilities?.required ?? [];
  const optional = m?.capabilities?.optional ?? [];
  if (required.length || optional.length) {
    lines.push('  Capabilities:');
    for (const cap of [...required, ...optional]) {
      const info = CAPABILITY_CATALOG.find((c) => c.name === cap);
      const isGranted = granted.includes(cap);
      const mark = info?.sensitive ? yellow(' [sensitive]') : '';
      const how = required.includes(cap) ? 'required' : isGranted ? 'optional, granted' : dim(`optional, not granted (add --grant ${cap})`);
      lines.push(`    ${isGranted ? '✔' : '·'} ${cap}${mark} — ${how}${info ? dim(`: ${info.description}`) : ''}`);
    }
  }
  return lines;
}
