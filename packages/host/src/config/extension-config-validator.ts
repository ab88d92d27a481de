import type { ErrorObject } from 'ajv';
import type { StatInput } from '../package-facts/stat-inputs.js';
import { ConfigError } from './config-error.js';
import type { ConfigProblem } from './config-problem.js';
import { relaxMissingKeyRules } from './schema-relax.js';
import { loadSchemaSet, type ExtensionConfigSchema, type LoadedSchemaSet } from './schema-source.js';
import { CONFIG_AJV_OPTIONS, schemaDraftOf, type AjvLike, type AjvValidate, type SchemaDraft } from './schema-draft.js';
import { problemsFromAjvErrors } from './schema-problems.js';
import type { SchemaNode } from './schema-walk.js';

/** How strictly a section is checked. */
export type ConfigCheckMode =
  /** Every problem counts, missing required keys included: before running a command. */
  | 'run'
  /** Missing keys are reported with `missing: true` but the rest decides: before writing one key. */
  | 'write';

/** An extension's schema, compiled; checks a config section. */
export interface CompiledConfigSchema {
  /** The draft the schema was compiled as (`draft-07`, `2019-09`, `2020-12`). */
  readonly draft: string;
  /** The schema files read, with their identities (empty for an inline schema): what a cached verdict depends on. */
  readonly inputs: readonly StatInput[];
  /**
   * Every problem of `section` (the value of `extensions.<name>`), with paths under `prefix`. In `write`
   * mode, problems that only a missing key causes carry `missing: true`; all others block a write.
   */
  check(section: unknown, prefix: string, mode: ConfigCheckMode): Promise<ConfigProblem[]>;
}

/**
 * Compiles extension config schemas with Ajv (imported lazily, on the first compile) and caches the
 * result per instance: by schema object identity, or by file path when only a file is given. A changed
 * schema file is picked up by a new instance. An invalid schema throws `CONFIG_SCHEMA_INVALID` naming it.
 */
export class ExtensionConfigValidator {
  readonly #byObject = new WeakMap<object, Promise<CompiledConfigSchema>>();
  readonly #byFile = new Map<string, Promise<CompiledConfigSchema>>();

  /** The compiled schema of extension `name` (used in messages). */
  compile(name: string, source: ExtensionConfigSchema): Promise<CompiledConfigSchema> {
    const cached = source.schema ? this.#byObject.get(source.schema) : source.file ? this.#byFile.get(source.file) : undefined;
    if (cached) return cached;
    const compiled = compileSchema(name, source);
    if (source.schema) this.#byObject.set(source.schema, compiled);
    else if (source.file) this.#byFile.set(source.file, compiled);
    // A failed compile is not cached, so a fixed schema file is retried.
    compiled.catch(() => {
      if (source.schema) this.#byObject.delete(source.schema);
      else if (source.file) this.#byFile.delete(source.file);
    });
    return compiled;
  }
}

async function compileSchema(name: string, source: ExtensionConfigSchema): Promise<CompiledConfigSchema> {
  const set = loadSchemaSet(name, source);
  const draft = schemaDraftOf(set.root['$schema'], set.label);
  const full = await buildValidator(draft, set, (node) => node);
  let relaxed: Promise<AjvValidate> | undefined;
  return {
    draft: draft.name,
    inputs: set.inputs,
    async check(section, prefix, mode) {
      const fullErrors = run(full, section);
      if (mode === 'run' || fullErrors.length === 0) return problemsFromAjvErrors(prefix, fullErrors);
      relaxed ??= buildValidator(draft, set, (node) => relaxMissingKeyRules(node) as SchemaNode);
      const blocking = withoutRelaxationArtefacts(run(await relaxed, section), fullErrors);
      const blockingProblems = problemsFromAjvErrors(prefix, blocking).map((p) => ({ ...p, missing: false }));
      const all = problemsFromAjvErrors(prefix, fullErrors);
      const blockingKeys = new Set(blockingProblems.map(keyOf));
      // Everything the relaxed schema accepts was caused by missing keys only.
      const missingOnly = all.filter((p) => !blockingKeys.has(keyOf(p))).map((p) => ({ ...p, missing: true }));
      return [...blockingProblems, ...missingOnly];
    },
  };
}

async function buildValidator(draft: SchemaDraft, set: LoadedSchemaSet, transform: (node: SchemaNode) => SchemaNode): Promise<AjvValidate> {
  const Ajv = await draft.load();
  try {
    const ajv: AjvLike = new Ajv({ ...CONFIG_AJV_OPTIONS });
    for (const [uri, document] of set.externals) ajv.addSchema(transform(document), uri);
    return ajv.compile({ ...transform(set.root), $schema: draft.metaSchema });
  } catch (error) {
    throw new ConfigError(
      'CONFIG_SCHEMA_INVALID',
      `${set.label} is not a valid JSON Schema (${draft.name}): ${(error as Error).message}. Fix the schema file, or ask the extension's author to.`,
      { cause: error },
    );
  }
}

function run(validate: AjvValidate, data: unknown): ErrorObject[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

// With `required` removed, two oneOf branches may both match where the full schema matched none; that
// "more than one" failure comes from relaxing, not from the data, unless the full schema has it too.
function withoutRelaxationArtefacts(relaxedErrors: ErrorObject[], fullErrors: ErrorObject[]): ErrorObject[] {
  const realMultiMatch = new Set(
    fullErrors.filter((e) => e.keyword === 'oneOf' && Array.isArray(e.params['passingSchemas'])).map((e) => `${e.instancePath} ${e.schemaPath}`),
  );
  return relaxedErrors.filter(
    (e) => !(e.keyword === 'oneOf' && Array.isArray(e.params['passingSchemas']) && !realMultiMatch.has(`${e.instancePath} ${e.schemaPath}`)),
  );
}

function keyOf(problem: ConfigProblem): string {
  return `${problem.path}\u0000${problem.rule}\u0000${problem.message}`;
}
