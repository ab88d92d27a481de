import type { JsonPathSegment } from '../json-path.js';
import { isRecord } from '../json-value.js';
import { PUBLISHER_SOURCE } from '../patterns.js';
import { isValidSlug } from '../slug.js';
import type { CheckContext } from './check-context.js';
import type { ProblemCollector } from './problem-collector.js';
import { fieldLabel, quote } from './wording.js';

const PUBLISHER = new RegExp(PUBLISHER_SOURCE);

/** `name`: a slug that is not reserved. Checked for every apiVersion, since listing needs it. */
export function checkExtensionName(block: Record<string, unknown>, root: JsonPathSegment[], ctx: CheckContext, problems: ProblemCollector): void {
  if (typeof block.name !== 'string') return;
  checkSlugName(block.name, ['name'], 'name', root, ctx, problems);
}

/** `publisher`, and `commands[].name`: slugs, not reserved, not repeated. */
export function checkPublisherAndCommands(block: Record<string, unknown>, root: JsonPathSegment[], ctx: CheckContext, problems: ProblemCollector): void {
  if (typeof block.publisher === 'string' && !PUBLISHER.test(block.publisher)) {
    problems.rule([...root, 'publisher'], 'publisher.slug', `publisher ${quote(block.publisher)} is not a valid publisher slug.`, `Use 1 to 39 lowercase letters, digits or hyphens, e.g. ${quote(toSlug(block.publisher, 'acme'))}.`);
  }
  const commands: unknown = block.commands;
  if (!Array.isArray(commands)) return;
  // Only a manifest with several commands can repeat one: no map for the usual single command.
  const firstIndex = commands.length > 1 ? new Map<string, number>() : undefined;
  for (let i = 0; i < commands.length; i++) {
    const entry: unknown = commands[i];
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const at: JsonPathSegment[] = ['commands', i, 'name'];
    checkSlugName(entry.name, at, 'command', root, ctx, problems);
    const first = firstIndex?.get(entry.name);
    if (first === undefined) firstIndex?.set(entry.name, i);
    else problems.rule([...root, ...at], 'command.duplicate', `Command ${quote(entry.name)} is declared twice (first as commands[${first}]).`, 'Rename or remove one of the two commands.');
  }
}

/** The slug and reserved-name rules shared by the extension name (`name.*`) and command names (`command.*`). */
function checkSlugName(value: string, at: JsonPathSegment[], kind: 'name' | 'command', root: JsonPathSegment[], ctx: CheckContext, problems: ProblemCollector): void {
  const valid = isValidSlug(value);
  const reservedWord = valid && ctx.reservedWords.has(value);
  if (valid && !reservedWord && !ctx.builtins.has(value)) return;
  // Words for the problem only: a name that passes builds none (discovery checks a thousand).
  const label = fieldLabel(at);
  const noun = kind === 'name' ? 'extension name' : 'command name';
  if (!valid) {
    problems.rule([...root, ...at], `${kind}.slug`, `${label} ${quote(value)} is not a valid ${noun}: it must match ^[a-z][a-z0-9-]{0,38}$.`, `Use 1 to 39 lowercase letters, digits or hyphens starting with a letter, e.g. ${quote(toSlug(value, 'my-extension'))}.`);
    return;
  }
  const why = reservedWord ? 'is a reserved word' : `is a built-in command or alias of ${ctx.hostId}`;
  const effect = kind === 'command' ? `, so \`${ctx.hostId} ${value}\` could never reach the extension` : '';
  problems.rule([...root, ...at], `${kind}.reserved`, `${label} ${quote(value)} ${why}${effect}.`, `Choose another ${noun}, e.g. ${quote(`${value}-tools`)}.`);
}

/** A best-effort slug made from `value`, for the example in a fix (`fallback` when nothing of it is left). */
export function toSlug(value: string, fallback: string): string {
  const slug = value
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .slice(0, 39)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}
