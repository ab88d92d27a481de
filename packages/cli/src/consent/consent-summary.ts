import type { AgentAccess, ContributionGroup, ExtensionRecord } from '@outboard/host';
import { agentVerdict, capabilityInfo, consentSummary as summaryOf, describeAgentAccess } from '@outboard/host';
import type { Style } from '../terminal/style.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import type { Styled, Text } from '../terminal/text.js';

export { capabilityInfo };

/** Table rows of contribution groups: the label on a group's first row, its entries one per row. */
export function contributionRows(groups: readonly ContributionGroup[]): Text[][] {
  return groups.flatMap((g) => g.entries.map((entry, i): Text[] => [i === 0 ? g.label : '', entry]));
}

/**
 * The lines shown before asking for approval: the host's one consent summary (the hub's approval page shows
 * the same), styled for the terminal. Every value comes from the package, so every value is escaped by the printer.
 */
export function consentSummary(ext: ExtensionRecord, granted: readonly string[], style: Style, hostId: string, activation?: string, agents: AgentAccess = 'read-only'): Styled[] {
  const { bold, yellow, dim } = style;
  const summary = summaryOf(ext, granted, hostId, activation);
  const rows: Text[][] = [...summary.rows, ...agentRows(ext, agents, hostId)];
  const lines = [bold(t`${summary.title}`), ...formatTable(rows.map(([k, v]) => [k ? t`  ${k}:` : '', v ?? '']))];
  if (summary.capabilities.length) {
    lines.push(t`  Capabilities:`);
    for (const cap of summary.capabilities) {
      const mark = cap.sensitive ? yellow(' [sensitive]') : '';
      const how = cap.required ? 'required' : cap.granted ? 'optional, granted' : dim(t`optional, not granted (add --grant ${cap.name})`);
      lines.push(t`    ${cap.granted ? '✔' : '·'} ${cap.name}${mark} — ${how}${cap.description ? dim(`: ${cap.description}`) : ''}`);
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
