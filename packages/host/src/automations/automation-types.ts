import type { AutomationMode } from '@outboard/manifest';

export type { AutomationMode } from '@outboard/manifest';

/** The modes an automation may have, in the order docs list them. */
export const AUTOMATION_MODES: readonly AutomationMode[] = ['single', 'restart', 'queued', 'parallel'];

/** Runs kept per automation: the newest ones. */
export const RUN_HISTORY_LIMIT = 100;

/** Defaults of an automation's bounds. */
export const AUTOMATION_DEFAULTS = Object.freeze({
  /** Queued runs waiting (`queued`) or runs at once (`parallel`). */
  max: 10,
  /** At most `count` runs started per `perSeconds`; triggers beyond are skipped and traced. */
  rateLimit: Object.freeze({ count: 60, perSeconds: 60 }),
  /** Runs in a row started by events of its own runs before the automation is paused (`automation.looped`). */
  loopLimit: 5,
});

/** An attribute filter value: equality for numbers and booleans; a string may hold `*` (any run of characters). */
export type FilterValue = string | number | boolean;

/** What starts an automation: an event type, optionally narrowed by attributes and project. */
export interface AutomationTrigger {
  type: string;
  filter?: Record<string, FilterValue>;
  /** Only events scoped to this registered project. */
  project?: string;
}

/** One stored automation (`<home>/automations.json`). */
export interface Automation {
  id: string;
  name: string;
  trigger: AutomationTrigger;
  /** The action and its arguments; strings may hold `{{event.attributes.x}}`, `{{event.type}}`, `{{project.id}}`... */
  action: { id: string; args?: Record<string, unknown> };
  mode: AutomationMode;
  max: number;
  rateLimit: { count: number; perSeconds: number };
  enabled: boolean;
  /** Set when the loop breaker paused it: why (cleared by `enable`). */
  paused?: string;
  /** The template it was made from, if any. */
  template?: string;
  createdAt: string;
}

/** How a run ended (`running` while it runs; a run found `running` by a later hub was `interrupted`). */
export type RunStatus = 'running' | 'ok' | 'failed' | 'skipped' | 'cancelled' | 'interrupted';

/** The trace of one run: trigger event, arguments, result or error, timing. */
export interface AutomationRun {
  id: string;
  automation: string;
  status: RunStatus;
  /** The event that triggered it (type, seq, source, scope, attributes). */
  event: { seq: number; type: string; source: string; time: string; projectId?: string; attributes: Record<string, unknown> };
  /** The arguments after templating. */
  args?: unknown;
  projectId?: string;
  result?: unknown;
  error?: { code?: string; message: string };
  /** Why a run was skipped (mode, rate limit, broken). */
  reason?: string;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
}

/** An automation as listed: stored fields plus its live verdict against the catalogue. */
export interface AutomationView extends Automation {
  /** `ok`, `broken` (its trigger or action is gone, its arguments no longer fit), `disabled` or `paused`. */
  state: 'ok' | 'broken' | 'disabled' | 'paused';
  /** Why it is broken, when it is. */
  broken?: string;
}
