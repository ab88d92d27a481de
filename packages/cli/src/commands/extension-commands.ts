import type { CliContext } from '../cli-context.js';

/** One command an enabled extension adds. */
export interface ExtensionCommandEntry {
  name: string;
  summary: string;
  /** The extension's display identity. */
  extension: string;
}

/** An approved extension whose package is gone (state `missing`): its name, why, and the fix. */
export interface MissingExtensionEntry {
  name: string;
  reason: string;
  fix: string | undefined;
}

/**
 * The commands of enabled extensions, sorted by name, how many extensions are installed at all, and the
 * approved ones whose package was removed outside the host (listed, not silently gone).
 */
export async function enabledCommands(ctx: CliContext): Promise<{ commands: ExtensionCommandEntry[]; installed: number; missing: MissingExtensionEntry[] }> {
  const { extensions } = await ctx.host().extensions();
  const commands: ExtensionCommandEntry[] = [];
  const missing: MissingExtensionEntry[] = [];
  for (const ext of extensions) {
    if (ext.state === 'missing') missing.push({ name: ext.key, reason: ext.reason, fix: ext.fix });
    if (ext.state !== 'enabled' || !ext.manifest) continue;
    const identity = ext.manifest.publisher ? `${ext.manifest.publisher}.${ext.manifest.name}` : ext.manifest.name;
    for (const c of ext.manifest.commands ?? []) commands.push({ name: c.name, summary: c.summary ?? '', extension: identity });
  }
  // Code-unit order: command names are checked slugs (`^[a-z][a-z0-9-]*$`), which sort alike by either rule,
  // and the first localeCompare loads ICU's collator, a third of `--help`'s own time.
  return { commands: commands.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), installed: extensions.length, missing };
}
