import type { BusEvent } from '../bus/bus-event.js';
import { OutboardError } from '../errors/outboard-error.js';
import type { ExtensionRecord } from '../extension-record.js';
import { automationCatalog, type AutomationCatalog, type CatalogAction } from './automation-catalog.js';
import { AutomationChecker } from './automation-check.js';
import { parseAutomation } from './automation-input.js';
import { AutomationMatcher } from './automation-matcher.js';
import { AutomationRunner, type AutomationRunnerOptions } from './automation-runner.js';
import { AutomationStore } from './automation-store.js';
import type { Automation, AutomationRun, AutomationView } from './automation-types.js';
import { renderArgs } from './arg-template.js';

/** What the automations need from their host. */
export interface AutomationServiceOptions {
  hostId: string;
  home: string;
  /** The live inventory (asked per call: the catalogue is never a stale copy). */
  extensions(): Promise<{ extensions: readonly ExtensionRecord[] }>;
  projectExists(id: string): boolean;
}

/** What `test` says: whether the event starts the automation, and what would run. Nothing runs. */
export interface AutomationTestResult {
  automation: string;
  matches: boolean;
  /** Why it would not start or not run, when it would not. */
  reason?: string;
  action?: string;
  args?: unknown;
  projectId?: string;
}

/**
 * The automations of a home (DESIGN §10): the catalogue they are checked against, their store
 * (`<home>/automations.json`) and the runner the hub starts. Every surface (the `automations.*` RPC methods
 * the CLI calls, `/api/automations`) goes through this one object, so they refuse and report alike.
 */
export class AutomationService {
  readonly store: AutomationStore;
  readonly #o: AutomationServiceOptions;
  readonly #checker: AutomationChecker;
  #runner: AutomationRunner | undefined;

  constructor(options: AutomationServiceOptions) {
    this.#o = options;
    this.store = new AutomationStore({ home: options.home });
    this.#checker = new AutomationChecker({ hostId: options.hostId, projectExists: options.projectExists });
  }

  /** The catalogue of this moment: enabled extensions' listeners, templates and actions, and the host's event types. */
  async catalog(): Promise<AutomationCatalog> {
    return automationCatalog((await this.#o.extensions()).extensions);
  }

  /** Every automation with its live state (`broken` with the reason when the catalogue no longer fits it). */
  async list(): Promise<AutomationView[]> {
    const catalog = await this.catalog();
    const { automations } = this.store.read();
    return Promise.all(Object.values(automations).sort((a, b) => a.id.localeCompare(b.id)).map((a) => this.#view(a, catalog)));
  }

  /** One automation with its state; throws `AUTOMATION_NOT_FOUND`. */
  async get(id: string): Promise<AutomationView> {
    return this.#view(this.#find(id), await this.catalog());
  }

  /**
   * Adds an automation (see parseAutomation for its shape); `template` fills trigger, action and mode from a
   * catalogue template first, the input's own fields winning. Refused unless the catalogue knows its trigger
   * and action and its arguments fit (`AUTOMATION_INVALID`, `AUTOMATION_REFUSED`, `AUTOMATION_EXISTS`).
   */
  async add(input: Record<string, unknown>): Promise<AutomationView> {
    const catalog = await this.catalog();
    const merged = typeof input['template'] === 'string' ? fromTemplate(input, catalog, this.#o.hostId) : input;
    const automation = parseAutomation(merged, this.#o.hostId);
    const problem = await this.#checker.problem(automation, catalog);
    if (problem !== undefined) throw new OutboardError('AUTOMATION_REFUSED', `automation ${automation.id} cannot be saved: ${problem}`, { hint: `\`${this.#o.hostId} automations catalog\` lists the triggers and actions on offer` });
    await this.store.update((file) => {
      if (file.automations[automation.id]) throw new OutboardError('AUTOMATION_EXISTS', `an automation with the id "${automation.id}" exists already`, { hint: `pick another id, or \`${this.#o.hostId} automations remove ${automation.id}\` first` });
      file.automations[automation.id] = automation;
      delete file.runs[automation.id];
    });
    this.#runner?.reload();
    return this.#view(automation, catalog);
  }

  /** Removes an automation and its history; throws `AUTOMATION_NOT_FOUND`. */
  async remove(id: string): Promise<void> {
    await this.store.update((file) => {
      if (!file.automations[id]) throw this.#notFound(id);
      delete file.automations[id];
      delete file.runs[id];
    });
    this.#runner?.reload();
  }

  /** Enables (and un-pauses) or disables an automation; throws `AUTOMATION_NOT_FOUND`. */
  async setEnabled(id: string, enabled: boolean): Promise<AutomationView> {
    const file = await this.store.update((f) => {
      const a = f.automations[id];
      if (!a) throw this.#notFound(id);
      a.enabled = enabled;
      if (enabled) delete a.paused;
    });
    this.#runner?.reload();
    return this.#view(file.automations[id] as Automation, await this.catalog());
  }

  /** The newest runs of an automation, newest first, runs in progress included; throws `AUTOMATION_NOT_FOUND`. */
  runs(id: string, limit = 100): AutomationRun[] {
    const file = this.store.read();
    if (!file.automations[id]) throw this.#notFound(id);
    return [...(file.runs[id] ?? [])].reverse().slice(0, limit);
  }

  /**
   * What `event` would do to automation `id`, without running anything: whether it matches (type, project,
   * filter), whether the automation can run (enabled, not broken), the templated arguments and project.
   * `event` is `{ type?, attributes?, projectId?, source? }`; the type defaults to the trigger's.
   */
  async test(id: string, event: Record<string, unknown>): Promise<AutomationTestResult> {
    const automation = this.#find(id);
    const fake = testEvent(event, automation);
    const base = { automation: id };
    if (new AutomationMatcher([{ ...automation, enabled: true, paused: undefined } as Automation]).match(fake).length === 0) {
      return { ...base, matches: false, reason: `the event does not match the trigger (type "${automation.trigger.type}"${automation.trigger.project ? `, project "${automation.trigger.project}"` : ''}${automation.trigger.filter ? `, filter ${JSON.stringify(automation.trigger.filter)}` : ''})` };
    }
    const resolved = await this.resolve(automation);
    const args = renderArgs(automation.action.args ?? {}, fake);
    const projectId = 'action' in resolved && resolved.action.targets.includes('project') ? fake.scope?.projectId : undefined;
    const would = { action: automation.action.id, args, ...(projectId !== undefined ? { projectId } : {}) };
    if ('problem' in resolved) return { ...base, matches: true, reason: `it is broken: ${resolved.problem}`, ...would };
    if (!automation.enabled || automation.paused) return { ...base, matches: true, reason: automation.paused ? `it is paused (${automation.paused})` : 'it is disabled', ...would };
    return { ...base, matches: true, ...would };
  }

  /** The action of `automation` when the catalogue of this moment lets it run, else why not. */
  async resolve(automation: Automation): Promise<{ action: CatalogAction } | { problem: string }> {
    const catalog = await this.catalog();
    const problem = await this.#checker.problem(automation, catalog);
    if (problem !== undefined) return { problem };
    return { action: catalog.actions.find((a) => a.id === automation.action.id) as CatalogAction };
  }

  /**
   * Starts the runner (the hub does, once): runs go through `invoke`, the host's one action path. Resolves
   * once runs left `running` by a stopped hub are marked interrupted and the bus is subscribed.
   */
  async startRunner(options: Pick<AutomationRunnerOptions, 'bus' | 'invoke' | 'log' | 'watch' | 'loopLimit' | 'loopWindowMs'>): Promise<AutomationRunner> {
    if (this.#runner) throw new Error('the automation runner of this host is running already');
    const runner = new AutomationRunner({ ...options, hostId: this.#o.hostId, home: this.#o.home, store: this.store, resolve: (a) => this.resolve(a) });
    this.#runner = runner;
    await runner.start();
    const dispose = runner.dispose.bind(runner);
    runner.dispose = async () => {
      if (this.#runner === runner) this.#runner = undefined;
      await dispose();
    };
    return runner;
  }

  async #view(automation: Automation, catalog: AutomationCatalog): Promise<AutomationView> {
    const broken = await this.#checker.problem(automation, catalog);
    const state = broken !== undefined ? 'broken' : automation.paused ? 'paused' : automation.enabled ? 'ok' : 'disabled';
    return { ...automation, state, ...(broken !== undefined ? { broken } : {}) };
  }

  #find(id: string): Automation {
    const a = this.store.read().automations[id];
    if (!a) throw this.#notFound(id);
    return a;
  }

  #notFound(id: string): OutboardError {
    return new OutboardError('AUTOMATION_NOT_FOUND', `no automation has the id "${id}"`, { hint: `\`${this.#o.hostId} automations list\` shows them` });
  }
}

/** The input with the template's trigger, action and mode beneath its own fields. */
function fromTemplate(input: Record<string, unknown>, catalog: AutomationCatalog, hostId: string): Record<string, unknown> {
  const id = input['template'] as string;
  const template = catalog.templates.find((t) => t.id === id);
  if (!template) {
    const known = catalog.templates.map((t) => t.id);
    throw new OutboardError('AUTOMATION_TEMPLATE_UNKNOWN', `no enabled extension offers the automation template "${id}"`, { hint: known.length ? `templates on offer: ${known.join(', ')}` : `\`${hostId} automations catalog\` lists the templates on offer` });
  }
  const trigger = { ...template.trigger, ...((input['trigger'] as object | undefined) ?? {}) };
  const action = { ...template.action, ...((input['action'] as object | undefined) ?? {}) };
  return { name: template.title, ...(template.mode ? { mode: template.mode } : {}), ...input, trigger, action };
}

function testEvent(event: Record<string, unknown>, automation: Automation): BusEvent {
  const attributes = typeof event['attributes'] === 'object' && event['attributes'] !== null ? (event['attributes'] as Record<string, string | number | boolean>) : {};
  const projectId = typeof event['projectId'] === 'string' ? event['projectId'] : undefined;
  return {
    seq: 0,
    time: new Date().toISOString(),
    type: typeof event['type'] === 'string' ? event['type'] : automation.trigger.type,
    source: typeof event['source'] === 'string' ? event['source'] : 'test',
    ...(projectId !== undefined ? { scope: { projectId } } : {}),
    attributes,
  };
}
