import type { ProviderKind } from '@outboard/manifest';
import { ResponseError } from '@outboard/protocol';
import { RequestDeadline } from '../calls/deadline-request.js';
import type { StartablePeer } from '../calls/deadline-request.js';
import { routeContribution } from '../contributions/contribution-owner.js';
import type { ContributingExtension } from '../contributions/contribution-owner.js';
import { checkProviderAnswer, MalformedProviderAnswer } from './provider-answer.js';
import type { ProviderAnswer } from './provider-answer.js';

/** How long the host waits for a provider's answer by default (milliseconds). */
export const DEFAULT_PROVIDER_DEADLINE_MS = 2000;
/** How many items a query asks for when the consumer names no limit. */
export const DEFAULT_PROVIDER_LIMIT = 50;

/** A provider as its extension's manifest declares it. */
export interface DeclaredProvider {
  id: string;
  kind: ProviderKind;
  title: string;
  extension: string;
}

/** What a consumer asks: the text, the project it is about, how many items, where to continue. */
export interface ProviderQuery {
  query: string;
  projectId?: string;
  /** At most this many items per provider (1..200). Default {@link DEFAULT_PROVIDER_LIMIT}. */
  limit?: number;
  cursor?: string;
}

/** The peer of one extension, as far as providers need it. */
export type ProviderPeer = StartablePeer;

/** What {@link ProviderQueries} is built on. */
export interface ProviderQueriesDeps {
  /** The enabled extensions that have a peer. */
  extensions(): Promise<readonly (ContributingExtension & { name: string })[]>;
  /** The supervisor of an extension's peer, or undefined. */
  peer(extension: string): Promise<ProviderPeer | undefined>;
  /** Whether a project of that id is registered. */
  projectExists(projectId: string): boolean;
  /** The projects `extension` is approved for, or undefined when it is approved for all. */
  grantedProjects(extension: string): Promise<readonly string[] | undefined>;
  /** The user's deadline (`providers.deadlineMs`), asked at every query; undefined means the default. */
  configuredDeadlineMs?(): number | undefined;
  hostId: string;
}

/** One provider's outcome in a fan-out: its answer, or why there is none. */
export type ProviderOutcome =
  | ({ provider: DeclaredProvider; outcome: 'answered' } & ProviderAnswer)
  | { provider: DeclaredProvider; outcome: 'timed_out' | 'failed' | 'not_ready'; reason: string };

/** Options of one query or fan-out. */
export interface ProviderQueryOptions {
  /** Per-provider deadline in milliseconds. Default: `providers.deadlineMs`, else {@link DEFAULT_PROVIDER_DEADLINE_MS}. */
  deadlineMs?: number;
  /** Aborting it cancels every pending query (`$/cancelRequest`) and drops their late answers. */
  signal?: AbortSignal;
  /**
   * Who asks (a page, a terminal, an agent session): a newer fan-out from the same consumer cancels its
   * older one, whose late answers are then dropped. Default: none (fan-outs are independent).
   */
  consumer?: string;
}

/**
 * Asks providers (`providers/query`): one by id, or every provider of a kind at once. The routing is the
 * one every contribution has (declared and owned by exactly one enabled extension), so a peer only ever
 * answers the providers it declared.
 */
export class ProviderQueries {
  /** The fan-out in progress per consumer (see {@link ProviderQueryOptions.consumer}). */
  private readonly latest = new Map<string, RequestDeadline>();

  constructor(private readonly deps: ProviderQueriesDeps) {}

  /** The providers enabled extensions declare, of `kind` when given, sorted by id. */
  async declared(kind?: ProviderKind): Promise<DeclaredProvider[]> {
    return (await this.deps.extensions())
      .flatMap((e) => (e.manifest?.contributes?.providers ?? []).map((p) => ({ id: p.id, kind: p.kind, title: p.title, extension: e.name })))
      .filter((p) => kind === undefined || p.kind === kind)
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /**
   * Asks provider `id` under the deadline and checks its answer against its kind.
   * @throws ResponseError `not_found` (no enabled extension declares it), `unavailable` (collision, not owned,
   * no peer), `invalid_params` (bad limit or project), `timeout`, `cancelled`, or the peer's own error.
   */
  async query(id: string, query: ProviderQuery, options: ProviderQueryOptions = {}): Promise<ProviderAnswer> {
    const owner = routeContribution(await this.deps.extensions(), 'provider', id, this.deps.hostId);
    const declared = (owner.manifest?.contributes?.providers ?? []).find((p) => p.id === id);
    const provider: DeclaredProvider = { id, kind: declared?.kind ?? 'search', title: declared?.title ?? id, extension: owner.name };
    const checked = this.checkQuery(query);
    const deadline = this.deadlineOf(options);
    try {
      return await this.ask(provider, checked, deadline);
    } finally {
      deadline.dispose();
    }
  }

  /**
   * Asks every provider of `kind` in parallel and yields each answer as it arrives; then yields, in id order,
   * those that timed out, failed or were not ready, each with its reason. Stops asking (cancelling what is
   * pending) when `signal` aborts or the consumer stops iterating; throws ResponseError `cancelled` when the same
   * `consumer` asked again. One deadline (one timer, one signal) and one read of the settings serve every provider.
   */
  async *fanOut(kind: ProviderKind, query: ProviderQuery, options: ProviderQueryOptions = {}): AsyncGenerator<ProviderOutcome> {
    const checked = this.checkQuery(query);
    const providers = await this.declared(kind);
    const deadline = this.deadlineOf(options);
    const { consumer } = options;
    if (consumer !== undefined) {
      this.latest.get(consumer)?.cancel(REPLACED);
      this.latest.set(consumer, deadline);
    }
    const arrived: ProviderOutcome[] = [];
    let wake: (() => void) | undefined;
    const arrive = (outcome: ProviderOutcome): void => {
      arrived.push(outcome);
      wake?.();
    };
    deadline.signal.addEventListener('abort', () => wake?.(), { once: true });
    for (const provider of providers) void this.outcomeOf(provider, checked, deadline).then(arrive);
    const missed: ProviderOutcome[] = [];
    try {
      for (let next = 0; next < providers.length && !deadline.cancelled; ) {
        if (next === arrived.length) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        const outcome = arrived[next++] as ProviderOutcome;
        if (outcome.outcome === 'answered') yield outcome;
        else missed.push(outcome);
      }
      if (deadline.cancelled) {
        if (deadline.signal.reason === REPLACED) throw new ResponseError('cancelled', `a newer query from ${JSON.stringify(consumer)} replaced this one`);
        return;
      }
      yield* missed.sort((a, b) => a.provider.id.localeCompare(b.provider.id));
    } finally {
      deadline.dispose();
      if (consumer !== undefined && this.latest.get(consumer) === deadline) this.latest.delete(consumer);
    }
  }

  /** Every outcome of a fan-out, answers first (in arrival order), then the missed ones. */
  async collect(kind: ProviderKind, query: ProviderQuery, options: ProviderQueryOptions = {}): Promise<{ answered: ProviderOutcome[]; missed: ProviderOutcome[] }> {
    const answered: ProviderOutcome[] = [];
    const missed: ProviderOutcome[] = [];
    for await (const outcome of this.fanOut(kind, query, options)) (outcome.outcome === 'answered' ? answered : missed).push(outcome);
    return { answered, missed };
  }

  /** The query with its defaults; `invalid_params` naming the bad field or the unknown project. */
  private checkQuery(query: ProviderQuery): CheckedQuery {
    const checked = checkQueryShape(query);
    if (checked.projectId !== undefined && !this.deps.projectExists(checked.projectId)) {
      throw new ResponseError('invalid_params', `no project ${JSON.stringify(checked.projectId)} is registered with ${this.deps.hostId}; \`${this.deps.hostId} projects list\` shows them`);
    }
    return checked;
  }

  /**
   * The deadline of one query or fan-out: the consumer's, else the user's `providers.deadlineMs` (read once per
   * query), else the default; its timeout names the setting unless the consumer chose the deadline.
   */
  private deadlineOf(options: ProviderQueryOptions): RequestDeadline {
    const deadlineMs = options.deadlineMs ?? this.deps.configuredDeadlineMs?.() ?? DEFAULT_PROVIDER_DEADLINE_MS;
    const timeoutHint = options.deadlineMs === undefined ? `\`${this.deps.hostId} config providers.deadlineMs <ms>\` gives providers longer` : undefined;
    return new RequestDeadline({ deadlineMs, signal: options.signal, timeoutHint, notStartedData: NOT_READY });
  }

  /** One provider's outcome under the fan-out's deadline; never rejects. */
  private async outcomeOf(provider: DeclaredProvider, query: CheckedQuery, deadline: RequestDeadline): Promise<ProviderOutcome> {
    try {
      return { provider, outcome: 'answered', ...(await this.ask(provider, query, deadline)) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof ResponseError && error.reason === 'timeout') return { provider, outcome: 'timed_out', reason };
      if (error instanceof ResponseError && error.data['notReady'] === true) return { provider, outcome: 'not_ready', reason };
      return { provider, outcome: 'failed', reason };
    }
  }

  private async ask(provider: DeclaredProvider, query: CheckedQuery, deadline: RequestDeadline): Promise<ProviderAnswer> {
    if (query.projectId !== undefined) {
      const granted = await this.deps.grantedProjects(provider.extension);
      if (granted !== undefined && !granted.includes(query.projectId)) {
        throw new ResponseError('invalid_scope', `extension ${provider.extension} is approved only for the projects ${granted.map((p) => JSON.stringify(p)).join(', ') || '(none)'}, not ${JSON.stringify(query.projectId)}`, NOT_READY);
      }
    }
    const peer = await this.deps.peer(provider.extension);
    if (!peer) throw new ResponseError('unavailable', `extension ${provider.extension} has no peer that can run (is it enabled?)`, NOT_READY);
    const raw = await deadline.request(peer, 'providers/query', { id: provider.id, ...query });
    try {
      return checkProviderAnswer(provider.kind, raw, query.limit);
    } catch (error) {
      if (error instanceof MalformedProviderAnswer) throw new ResponseError('internal', `refused its answer: ${error.message}`);
      throw error;
    }
  }
}

/** The abort reason of a fan-out a newer one from the same consumer replaced. */
const REPLACED = Symbol('replaced');

/** Marks a refusal made before the provider was asked (`not_ready` in a fan-out). */
const NOT_READY = Object.freeze({ notReady: true });

type CheckedQuery = Required<Pick<ProviderQuery, 'query' | 'limit'>> & ProviderQuery;

/** The query with its defaults, or `invalid_params` naming the bad field. */
function checkQueryShape(query: ProviderQuery): CheckedQuery {
  if (typeof query.query !== 'string') throw new ResponseError('invalid_params', 'query must be a string');
  const limit = query.limit ?? DEFAULT_PROVIDER_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 200) throw new ResponseError('invalid_params', `limit must be an integer from 1 to 200, not ${JSON.stringify(query.limit)}`);
  if (query.cursor !== undefined && typeof query.cursor !== 'string') throw new ResponseError('invalid_params', 'cursor must be a string');
  if (query.projectId !== undefined && (typeof query.projectId !== 'string' || query.projectId === '')) throw new ResponseError('invalid_params', 'projectId must be a non-empty string');
  return { query: query.query, limit, ...(query.cursor !== undefined ? { cursor: query.cursor } : {}), ...(query.projectId !== undefined ? { projectId: query.projectId } : {}) };
}
