import { ActionInputChecker, ActionInputError } from '../contributions/action-input.js';
import type { AutomationCatalog } from './automation-catalog.js';
import { catalogKnowsTrigger } from './automation-catalog.js';
import { isTemplated } from './arg-template.js';
import type { Automation } from './automation-types.js';

/**
 * Checks automations against the catalogue of this moment: the trigger is a listener of an enabled extension
 * or a host event type, the action is offered by an enabled extension, the project (when named) is
 * registered, and the arguments fit the action's `argsSchema` (a templated argument is checked per run, when
 * its value is known). One checker per host: compiled schemas are kept.
 */
export class AutomationChecker {
  readonly #input: ActionInputChecker;
  readonly #hostId: string;
  readonly #projectExists: (id: string) => boolean;

  constructor(options: { hostId: string; projectExists: (id: string) => boolean }) {
    this.#hostId = options.hostId;
    this.#projectExists = options.projectExists;
    this.#input = new ActionInputChecker({ hostId: options.hostId, projectExists: options.projectExists });
  }

  /** Why `automation` cannot run against `catalog` (one sentence with the fix), or undefined when it can. */
  async problem(automation: Automation, catalog: AutomationCatalog): Promise<string | undefined> {
    const cmd = this.#hostId;
    const { trigger, action } = automation;
    if (!catalogKnowsTrigger(catalog, trigger.type)) {
      return `its trigger "${trigger.type}" is not in the catalogue (no enabled extension declares that listener); enable the extension that does, or \`${cmd} automations remove ${automation.id}\``;
    }
    if (trigger.project !== undefined && !this.#projectExists(trigger.project)) {
      return `its project "${trigger.project}" is not registered; \`${cmd} projects add <path>\` registers it`;
    }
    const declared = catalog.actions.find((a) => a.id === action.id);
    if (!declared) return `its action "${action.id}" is not offered by any enabled extension; \`${cmd} actions list\` shows those on offer`;
    if (declared.argsSchema === undefined) return undefined;
    const fixed = Object.fromEntries(Object.entries(action.args ?? {}).filter(([, v]) => !isTemplated(v)));
    const templated = Object.keys(action.args ?? {}).filter((k) => !(k in fixed));
    try {
      await this.#input.check({ id: action.id, extension: declared.extension, targets: ['global', 'project'], argsSchema: declared.argsSchema }, { args: fixed }, { capabilities: [] });
    } catch (error) {
      if (!(error instanceof ActionInputError)) throw error;
      if (error.code === 'ACTION_ARGS_SCHEMA_INVALID') return error.message;
      // A required argument given as a template is there at run time.
      const left = error.problems.filter((p) => !templated.some((k) => p.path === `args.${k}` || p.path.startsWith(`args.${k}.`) || (p.rule === 'required' && p.message.includes(k))));
      if (left.length > 0) return `its arguments do not fit the argsSchema of "${action.id}": ${left.map((p) => `${p.path}: ${p.message}`).join('; ')}; fix action.args`;
    }
    return undefined;
  }
}
