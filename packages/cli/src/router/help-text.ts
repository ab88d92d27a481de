import type { Style } from '../terminal/style.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import type { Styled } from '../terminal/text.js';
import type { CommandSpec } from '../commands/command-spec.js';

/** `outboard extensions enable <name> [options]`: the one usage line of a command, built from its spec. */
export function usageLine(command: string, spec: CommandSpec): string {
  if (spec.subcommands) return `${command} <${spec.subcommands.map((c) => c.name).join('|')}> ...`;
  const options = Object.keys(spec.options ?? {}).length > 0 ? ' [options]' : '';
  return `${command}${spec.args ? ` ${spec.args}` : ''}${options}`;
}

/** The help of one command or group: usage, summary, then its commands or options. */
export function helpText(command: string, spec: CommandSpec, style: Style): Styled[] {
  const { bold, dim } = style;
  const lines: Styled[] = [t`${bold('Usage:')} ${usageLine(command, spec)}`, t``, t`${spec.summary}`];
  if (spec.subcommands) {
    const rows = spec.subcommands.map((c) => [
      t`  ${c.name}${c.args ? ` ${c.args}` : ''}`,
      t`${c.summary}${c.aliases?.length ? dim(` (alias: ${c.aliases.join(', ')})`) : ''}`,
    ]);
    lines.push(t``, bold('Commands:'), ...formatTable(rows), t``, dim(`Run \`${command} <command> --help\` for a command's options.`));
    return lines;
  }
  const rows = Object.entries(spec.options ?? {}).map(([name, o]) => [
    t`  ${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}${o.multiple ? '...' : ''}`,
    t`${o.description}`,
  ]);
  rows.push([t`  -h, --help`, t`Show this help`]);
  lines.push(t``, bold('Options:'), ...formatTable(rows));
  const notes = spec.notes?.(command.split(' ')[0] ?? '') ?? [];
  if (notes.length) lines.push(t``, ...notes.map((n) => t`${n}`));
  return lines;
}
