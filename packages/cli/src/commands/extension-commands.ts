import type { CliContext } from '../cli-context.js';

/** One command an enabled extension adds. */
export interface ExtensionCommandEntry {
  name: string;
  summary: string;
  /** The extension's display identity. */
  extension: string;
}

/** The commands of enabled extensions, sorted by name, and how many extensions are installed at all. */
export async function enabledCommands(ctx: CliContext): Promise<{ commands: ExtensionCommandEntry[]; installed: number }> {
  const { extensions } = await ctx.host().extensions();
  const commands: ExtensionCommandEntry[] = [];
  for (const ext of extensions) {
    if (ext.state !== 'enabled' || !ext.manifest) continue;
    const identity = ext.manifest.publisher ? `${ext.manifest.publisher}.${ext.manifest.name}` : ext.manifest.name;
    for (const c of ext.manifest.commands ?? []) commands.push({ name: c.name, summary: c.summary ?? '', extension: identity });
  }
  return { commands: commands.sort((a, b) => a.name.localeCompare(b.name)), installed: extensions.length };
}
