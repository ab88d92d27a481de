import type { Framing } from '../framing/framing.js';
import type { ResolvedConnectionOptions } from './connection-options.js';
import { MAX_WARNINGS_PER_CODE, type ConnectionWarning, type ConnectionWarningCode } from './connection-warning.js';
import { StrayOutputLog } from './stray-output-log.js';

/** A snapshot of a connection's counters. Counts are since the connection was created. */
export interface ConnectionDiagnostics {
  readonly state: 'new' | 'open' | 'closing' | 'closed';
  /** Framing used for writing now. */
  readonly framing: Framing;
  /** Framing of the peer's first message, undefined before one arrived. */
  readonly incomingFraming: Framing | undefined;
  readonly pendingOutgoing: number;
  readonly runningIncoming: number;
  readonly queuedIncoming: number;
  /** Bytes (UTF-16 units) queued for writing and not yet handed to the transport. */
  readonly queuedWriteBytes: number;
  readonly waitingForDrain: boolean;
  /** Outgoing requests with an armed deadline. */
  readonly deadlinesArmed: number;
  /** Lines from the peer that were not protocol messages. */
  readonly strayLines: number;
  /** The last `strayLinesKept` of them, oldest first, each at most `maxStrayLineChars`. */
  readonly recentStrayLines: readonly string[];
  readonly oversizedIncoming: number;
  readonly oversizedOutgoing: number;
  readonly parseErrors: number;
  readonly invalidMessages: number;
  /** Answers that came after their request timed out or was cancelled (suppressed). */
  readonly lateResponses: number;
  /** Answers for ids never sent. */
  readonly unmatchedResponses: number;
  readonly unhandledNotifications: number;
  /** Progress reports not sent because the write queue was full. */
  readonly droppedProgress: number;
  /** Warnings counted but not emitted because their code reached its cap. */
  readonly suppressedWarnings: number;
}

/** The live parts of {@link ConnectionDiagnostics} that the connection fills in. */
export type LiveDiagnostics = Pick<
  ConnectionDiagnostics,
  'state' | 'framing' | 'incomingFraming' | 'pendingOutgoing' | 'runningIncoming' | 'queuedIncoming' | 'queuedWriteBytes' | 'waitingForDrain' | 'lateResponses' | 'deadlinesArmed'
>;

/** @internal Counters of one connection, and the warning gate (caps per code). */
export class ConnectionDiagnosticsCounters {
  readonly stray: StrayOutputLog;
  oversizedIncoming = 0;
  oversizedOutgoing = 0;
  parseErrors = 0;
  invalidMessages = 0;
  unmatchedResponses = 0;
  unhandledNotifications = 0;
  droppedProgress = 0;
  suppressedWarnings = 0;
  private readonly warned = new Map<ConnectionWarningCode, number>();
  private readonly emit: (warning: ConnectionWarning) => void;

  constructor(options: ResolvedConnectionOptions, emit: (warning: ConnectionWarning) => void) {
    this.stray = new StrayOutputLog(options.strayLinesKept);
    this.emit = emit;
  }

  /** Emits a warning unless its code reached its cap (stray_output: 1, others: MAX_WARNINGS_PER_CODE). */
  warn(code: ConnectionWarningCode, message: string): void {
    const count = (this.warned.get(code) ?? 0) + 1;
    this.warned.set(code, count);
    if (count > (code === 'stray_output' ? 1 : MAX_WARNINGS_PER_CODE)) {
      this.suppressedWarnings++;
      return;
    }
    this.emit({ code, message });
  }

  snapshot(live: LiveDiagnostics): ConnectionDiagnostics {
    return {
      ...live,
      strayLines: this.stray.count,
      recentStrayLines: this.stray.recent(),
      oversizedIncoming: this.oversizedIncoming,
      oversizedOutgoing: this.oversizedOutgoing,
      parseErrors: this.parseErrors,
      invalidMessages: this.invalidMessages,
      unmatchedResponses: this.unmatchedResponses,
      unhandledNotifications: this.unhandledNotifications,
      droppedProgress: this.droppedProgress,
      suppressedWarnings: this.suppressedWarnings,
    };
  }
}
