import type { AutomationView } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { callAutomations, parseJsonOption } from './automations.js';

/**
 * `<id> automations add`: from a template (`--template <id>`), from flags (`--trigger <type> --action <id>`),
 * or from a whole automation (`--spec <json>`); flags given with a template or a spec override its fields.
 * The host checks it against the catalogue of this moment before it is saved.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const spec = parseJsonOption(opts, 'spec', '{"trigger": {"type": "git-status.dirty"}, "action": {"id": "notes.add"}}') ?? {};
  const input: Record<string, unknown> = { ...spec };
  for (const key of ['template', 'id', 'name', 'mode'] as const) {
    const value = opts.string(key);
    if (value !== undefined) input[key] = value;
  }
  const max = opts.string('max');
  if (max !== undefined) input['max'] = Number(max);
  const trigger = { ...((spec['trigger'] as object | undefined) ?? {}) } as Record<string, unknown>;
  if (opts.string('trigger') !== undefined) trigger['type'] = opts.string('trigger');
  if (opts.string('project') !== undefined) trigger['project'] = opts.string('project');
  const filter = parseJsonOption(opts, 'filter', '{"branch": "main"}');
  if (filter) trigger['filter'] = filter;
  if (Object.keys(trigger).length > 0) input['trigger'] = trigger;
  const action = { ...((spec['action'] as object | undefined) ?? {}) } as Record<string, unknown>;
  if (opts.string('action') !== undefined) action['id'] = opts.string('action');
  const args = parseJsonOption(opts, 'args', '{"text": "{{event.attributes.branch}}"}');
  if (args) action['args'] = args;
  if (Object.keys(action).length > 0) input['action'] = action;
  if (input['template'] === undefined && (input['trigger'] === undefined || input['action'] === undefined)) {
    throw new UsageError('say what to automate: --template <id>, or --trigger <event type> with --action <action id>, or --spec <json>', `\`${ctx.cmd} automations catalog\` lists the templates, triggers and actions on offer`);
  }
  const { automation } = await callAutomations<{ automation: AutomationView }>(ctx, 'add', { automation: input });
  if (opts.flag('json')) return ctx.printJson(automation), 0;
  ctx.print(t`Added automation ${automation.id}: when ${automation.trigger.type} happens, run ${automation.action.id} (mode ${automation.mode}).`);
  ctx.print(t`Runs in the hub (\`${ctx.cmd} hub start\`); \`${ctx.cmd} automations runs ${automation.id}\` shows what it did.`);
  return 0;
}
