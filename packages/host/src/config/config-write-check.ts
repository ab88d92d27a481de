import { ConfigError } from './config-error.js';
import { extensionOwnSection } from './host-owned-keys.js';
import { mergeScopes, type ConfigScope } from './config-files.js';
import { isConfigObject, type ConfigObject } from './config-key.js';
import { formatConfigProblem, type ConfigProblem } from './config-problem.js';
import type { CompiledConfigSchema } from './extension-config-validator.js';

/** What {@link checkConfigWrite} needs to know about one pending write. */
export interface ConfigWriteCheck {
  /** Compiled schemas of the extension sections the write touches, by extension name. */
  readonly schemas: ReadonlyMap<string, CompiledConfigSchema>;
  /** The written file's content after the change. */
  readonly draft: ConfigObject;
  /** Which file the draft is. */
  readonly scope: ConfigScope;
  /** The other file's content (`undefined` outside a project for a user write). */
  readonly other: ConfigObject | undefined;
  /** The key written, and the file, for the message. */
  readonly key: string;
  readonly file: string;
}

/**
 * Checks what each touched extension will see after a write: the merged section (project over user), and
 * for a user write also the user section alone (what a sidecar gets). Throws `CONFIG_INVALID_VALUE`
 * listing `path: rule: message` for every violation other than a missing key; returns the missing keys.
 */
export async function checkConfigWrite(check: ConfigWriteCheck): Promise<ConfigProblem[]> {
  const views = check.scope === 'user' ? [mergeScopes(check.draft, check.other), check.draft] : [mergeScopes(check.other ?? {}, check.draft)];
  const problems = new Map<string, ConfigProblem>();
  for (const [name, compiled] of check.schemas) {
    for (const view of views) {
      const extensions = view['extensions'];
      const section = isConfigObject(extensions) && extensions[name] !== undefined ? extensionOwnSection(extensions[name]) : {};
      for (const problem of await compiled.check(section, `extensions.${name}`, 'write')) {
        problems.set(formatConfigProblem(problem), problem);
      }
    }
  }
  const blocking = [...problems.values()].filter((p) => !p.missing);
  if (blocking.length > 0) {
    throw new ConfigError(
      'CONFIG_INVALID_VALUE',
      `Not written: setting ${check.key} in ${check.file} would break the extension's config schema:\n${blocking.map((p) => `  ${formatConfigProblem(p)}`).join('\n')}\nGive a value that matches the schema, or unset the offending key.`,
      { problems: blocking },
    );
  }
  return [...problems.values()].filter((p) => p.missing);
}
