import { CAPABILITY_CATALOG } from '@outboard/manifest';
import type { ExtensionRecord } from '@outboard/host';
import type { Style } from '../terminal/style.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import type { Styled, Text } from '../terminal/text.js';

/** The catalog entry of a capability, when the host knows it. */
export function capabilityInfo(name: string): (typeof CAPABILITY_CATALOG)[number] | undefined {
  return CAPABILITY_CATALOG.find((c) => c.name === name);
}

/**
 * The lines shown before asking for approval: exactly what would be allowed to run, with which grants, and
 * every hub route it may call. Every value comes from the package, so every value is escaped by the printer.
 */
export function consentSummary(ext: ExtensionRecord, granted: readonly string[], style: Style, hostId: string): Styled[] {
  const m = ext.manifest;
  const { bold, yellow, dim } = style;
  const runnable = (r: { bin?: string; exec?: readonly string[] }) => (r.bin ? `node ${r.bin}` : (r.exec ?? []).join(' '));
  const rows: Text[][] = [
    ['Package', `${ext.packageName}@${ext.version}`],
    ['Source', ext.source],
    ['Real path', ext.realDir],
  ];
  for (const [i, c] of (m?.commands ?? []).entries()) rows.push([i === 0 ? 'Commands' : '', `${hostId} ${c.name} (${runnable(c)})`]);
  if (m?.sidecar) rows.push(['Sidecar', runnable(m.sidecar)]);
  if (m?.peer) rows.push(['Peer', runnable(m.peer)]);
  for (const [i, route] of (m?.permissions?.hub ?? []).entries()) rows.push([i === 0 ? 'Hub routes' : '', route]);
  const lines = [bold(t`${hostId} wants to run extension "${ext.key}"`), ...formatTable(rows.map(([k, v]) => [k ? t`  ${k}:` : '', v ?? '']))];
  const required = m?.capabilities?.required ?? [];
  const optional = m?.capabilities?.optional ?? [];
  if (required.length || optional.length) {
    lines.push(t`  Capabilities:`);
    for (const cap of [...required, ...optional]) {
      const info = capabilityInfo(cap);
      const isGranted = granted.includes(cap);
      const mark = info?.sensitive ? yellow(' [sensitive]') : '';
      const how = required.includes(cap) ? 'required' : isGranted ? 'optional, granted' : dim(t`optional, not granted (add --grant ${cap})`);
      lines.push(t`    ${isGranted ? '✔' : '·'} ${cap}${mark} — ${how}${info ? dim(`: ${info.description}`) : ''}`);
    }
  }
  return lines;
}
