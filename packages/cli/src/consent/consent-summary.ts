import { CAPABILITY_CATALOG } from '@outboard/manifest';
import type { AgentAccess, ContributionGroup, ExtensionRecord } from '@outboard/host';
import { agentVerdict, declaredContributions, describeAgentAccess } from '@outboard/host';
import type { Style } from '../terminal/style.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import type { Styled, Text } from '../terminal/text.js';

/** The catalog entry of a capability, when the host knows it. */
export function capabilityInfo(name: string): (typeof CAPABILITY_CATALOG)[number] | undefined {
  return CAPABILITY_CATALOG.find((c) => c.name === name);
}

/** Table rows of contribution groups: the label on a group's first row, its entries one per row. */
export function contributionRows(groups: readonly ContributionGroup[]): Text[][] {
  return groups.flatMap((g) => g.entries.map((entry, i): Text[] => [i === 0 ? g.label : '', entry]));
}

/**
 * The lines shown before asking for approval: exactly what would be allowed to run, every contribution the
 * manifest declares (grouped: commands, actions with their agent hints, RPC methods, events, status items,
 * views, providers, listeners, automation templates, hub routes, sidecar, peer and its activation), with
 * which grants. Every value comes from the package, so every value is escaped by the printer.
 */
export function consentSummary(ext: ExtensionRecord, granted: readonly string[], style: Style, hostId: string, activation?: string, agents: AgentAccess = 'read-only'): Styled[] {
  const m = ext.manifest;
  const { bold, yellow, dim } = style;
  const rows: Text[][] = [
    ['Package', `${ext.packageName}@${ext.version}`],
    ['Source', ext.source],
    ['Real path', ext.realDir],
    ...contributionRows(declaredContributions(m, hostId, activation)),
    ...agentRows(ext, agents, hostId),
  ];
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

/** What agents may use (DESIGN §11): the access in words and the actions it lets them run, when it declares any. */
export function agentRows(ext: ExtensionRecord, access: AgentAccess, hostId: string): Text[][] {
  const actions = ext.manifest?.contributes?.actions ?? [];
  if (actions.length === 0) return [];
  const allowed = actions.filter((a) => agentVerdict(a, ext.name ?? ext.key, access, hostId).allowed).map((a) => a.id);
  return [['Agents', `${describeAgentAccess(access)} (${allowed.length ? allowed.join(', ') : 'none of its actions'}; --agents changes it)`]];
}
