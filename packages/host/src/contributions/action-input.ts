import { canonicalSha256 } from '@outboard/manifest';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import { formatConfigProblem } from '../config/config-problem.js';
import { CONFIG_AJV_OPTIONS, schemaDraftOf, type AjvValidate } from '../config/schema-draft.js';
import { problemsFromAjvErrors } from '../config/schema-problems.js';
import { OutboardError } from '../errors/outboard-error.js';
import type { OutboardErrorCode } from '../errors/error-codes.js';

/** One way the arguments break the schema: the dotted path (`args.by`), the schema rule (`type`) and what it says. */
export interface ArgsProblem {
  path: string;
  rule: string;
  message: string;
}

/**
 * The host refused an action's input before its peer saw it. `code` says why (`ACTION_ARGS_INVALID`,
 * `ACTION_ARGS_SCHEMA_INVALID`, `ACTION_PROJECT_INVALID`, `ACTION_PROJECT_UNKNOWN`, `ACTION_PROJECT_OUT_OF_SCOPE`);
 * `problems` lists each field and schema rule the arguments break (empty for the other codes).
 */
export class ActionInputError extends OutboardError {
  override name = 'ActionInputError';

  constructor(
    code: OutboardErrorCode,
    message: string,
    readonly problems: readonly ArgsProblem[] = [],
    options: { hint?: string; details?: readonly string[]; cause?: unknown } = {},
  ) {
    super(code, message, options);
  }
}

/** An action as its approved manifest declares it. */
export interface DeclaredActionInput {
  id: string;
  extension: string;
  /** `global` and/or `project`; default `['global']`. */
  targets: readonly string[];
  /** The manifest's `argsSchema` (a JSON Schema object or boolean), or `undefined` when it declares none. */
  argsSchema?: unknown;
}

/** Options of {@link ActionInputChecker}. */
export interface ActionInputCheckerOptions {
  /** The host's command name, for the fixes refusals name. Required. */
  hostId: string;
  /** Whether a project id is registered with the host. Required. */
  projectExists(projectId: string): boolean;
  /** Compiled argument schemas kept, by digest. Default 256. */
  maxCachedSchemas?: number;
}

/**
 * How a surface names an action's inputs in its refusals, so each words its own: the CLI its flags, the RPC
 * API (`actions.invoke` over `/api/rpc`, `/api/ws`, `rpc`) the params it was sent.
 */
export interface ActionInputNames {
  /** The arguments: `--args`, `"args"`. */
  args: string;
  /** The project: `--project <id>`, `"projectId"`. */
  project: string;
}

/** The names of `actions.invoke`'s params: the default, for every surface that calls the RPC method. */
export const RPC_ACTION_INPUT_NAMES: ActionInputNames = Object.freeze({ args: '"args"', project: '"projectId"' });

/** The names of `actions run`'s flags. */
export const CLI_ACTION_INPUT_NAMES: ActionInputNames = Object.freeze({ args: '--args', project: '--project <id>' });

/**
 * A refusal worded with the RPC names, worded again with `names` (the CLI's, when it ran the action through a
 * hub, which answers in the RPC's words). Only the names change; everything else is the host's one verdict.
 */
export function rewordActionInput(message: string, names: ActionInputNames): string {
  return message.split(RPC_ACTION_INPUT_NAMES.args).join(names.args).split(RPC_ACTION_INPUT_NAMES.project).join(names.project);
}

/** What the host sends a peer once the input passed every check. */
export interface CheckedActionInput {
  projectId?: string;
  args: unknown;
}

/**
 * Checks the input of an action before its peer sees it: a project is given exactly when the action targets
 * projects, it is registered and inside the extension's project grants; the arguments (default `{}`) satisfy
 * the action's `argsSchema`. Refusals are {@link ActionInputError}s whose message names the field and the
 * schema rule. Ajv is loaded on the first schema, each schema compiled once and
 * kept by the digest of its canonical JSON.
 */
export class ActionInputChecker {
  readonly #options: ActionInputCheckerOptions;
  readonly #compiled = new Map<string, Promise<AjvValidate>>();
  readonly #maxCached: number;

  constructor(options: ActionInputCheckerOptions) {
    if (typeof options?.hostId !== 'string' || options.hostId === '') throw new TypeError(`hostId must be the host's command name, got ${JSON.stringify(options?.hostId)}`);
    if (typeof options.projectExists !== 'function') throw new TypeError('projectExists must be a function');
    const max = options.maxCachedSchemas ?? 256;
    if (!Number.isSafeInteger(max) || max < 1) throw new TypeError(`maxCachedSchemas must be a positive integer, got ${String(options.maxCachedSchemas)}`);
    this.#options = options;
    this.#maxCached = max;
  }

  /**
   * The input to send, or a refusal (see the class contract). `grants` are the extension's grants of this moment;
   * `names` how the caller's surface names the inputs (default: the RPC params).
   */
  async check(action: DeclaredActionInput, input: { projectId?: string | undefined; args?: unknown }, grants: CapabilityGrants, names: ActionInputNames = RPC_ACTION_INPUT_NAMES): Promise<CheckedActionInput> {
    const projectId = this.#checkProject(action, input.projectId, grants, names);
    const args = input.args === undefined ? {} : input.args;
    if (action.argsSchema !== undefined && action.argsSchema !== null) await this.#checkArgs(action, args, names);
    return projectId === undefined ? { args } : { projectId, args };
  }

  #checkProject(action: DeclaredActionInput, projectId: string | undefined, grants: CapabilityGrants, names: ActionInputNames): string | undefined {
    const { hostId } = this.#options;
    const onProjects = action.targets.includes('project');
    if (projectId === undefined || projectId === '') {
      if (onProjects && !action.targets.includes('global')) throw new ActionInputError('ACTION_PROJECT_INVALID', `action "${action.id}" runs on a project: pass ${names.project}`);
      return undefined;
    }
    if (!onProjects) throw new ActionInputError('ACTION_PROJECT_INVALID', `action "${action.id}" does not run on projects (targets: ${action.targets.join(', ')}): drop ${names.project}`);
    if (!this.#options.projectExists(projectId)) throw new ActionInputError('ACTION_PROJECT_UNKNOWN', `no project ${JSON.stringify(projectId)} is registered with ${hostId}`);
    if (grants.projects !== undefined && !grants.projects.includes(projectId)) {
      throw new ActionInputError(
        'ACTION_PROJECT_OUT_OF_SCOPE',
        `extension ${action.extension} is approved only for the projects ${grants.projects.map((p) => JSON.stringify(p)).join(', ') || '(none)'}, not ${JSON.stringify(projectId)}`,
      );
    }
    return projectId;
  }

  async #checkArgs(action: DeclaredActionInput, args: unknown, names: ActionInputNames): Promise<void> {
    const validate = await this.#validator(action);
    if (validate(args)) return;
    const problems = problemsFromAjvErrors('args', validate.errors ?? []);
    const shown = problems.slice(0, 3).map(formatConfigProblem).join('; ');
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    const listed = problems.map((p) => ({ path: p.path, rule: p.rule, message: p.message }));
    throw new ActionInputError('ACTION_ARGS_INVALID', `${names.args} do not match the argsSchema of action "${action.id}": ${shown}${more}`, listed, { hint: `pass ${names.args} that match it (\`${this.#options.hostId} actions list --json\` shows each argsSchema)` });
  }

  #validator(action: DeclaredActionInput): Promise<AjvValidate> {
    const schema = action.argsSchema;
    const digest = canonicalSha256(schema);
    const known = this.#compiled.get(digest);
    if (known) return known;
    const compiled = compileArgsSchema(action, schema);
    if (this.#compiled.size >= this.#maxCached) this.#compiled.delete(this.#compiled.keys().next().value as string);
    this.#compiled.set(digest, compiled);
    compiled.catch(() => this.#compiled.delete(digest));
    return compiled;
  }
}

async function compileArgsSchema(action: DeclaredActionInput, schema: unknown): Promise<AjvValidate> {
  const label = `the argsSchema of action "${action.id}" (extension ${action.extension})`;
  try {
    const root = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>) : undefined;
    const draft = schemaDraftOf(root?.['$schema'], label);
    const Ajv = await draft.load();
    const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS });
    return ajv.compile(typeof schema === 'boolean' ? (schema as unknown as object) : { ...root, $schema: draft.metaSchema });
  } catch (error) {
    throw new ActionInputError('ACTION_ARGS_SCHEMA_INVALID', `${label} is not a usable JSON Schema (${(error as Error).message})`, [], { cause: error });
  }
}
