import { problem, problemOf, type Problem, type ProblemCode, type ProblemExtras } from '../http/problem.js';
import { replyProblem, replyProblemOnSocket } from '../http/reply.js';
import type { SidecarVerdict } from '../proxy/sidecar-router.js';
import type { HttpCall, UpgradeCall } from './route.js';

/** Answers a routed request (or upgrade) with a refusal: `code`, `error`, and the code's fix for this hub's host. */
export function refuse(call: HttpCall | UpgradeCall, code: ProblemCode, error: string, extras?: ProblemExtras): void {
  send(call, problem(call.ctx.host.identity, code, error, extras));
}

/** Answers a routed request (or upgrade) with a thrown error as its refusal (see {@link problemOf}). */
export function refuseWithError(call: HttpCall | UpgradeCall, error: unknown, prefix?: string): void {
  send(call, problemOf(call.ctx.host.identity, error, prefix));
}

function send(call: HttpCall | UpgradeCall, answer: Problem): void {
  if ('res' in call) replyProblem(call.req, call.res, answer);
  else replyProblemOnSocket(call.socket, answer);
}

/** Answers with the sidecar router's verdict on a mount (its code, status and fix). */
export function refuseVerdict(call: HttpCall | UpgradeCall, verdict: SidecarVerdict): void {
  refuse(call, verdict.code ?? 'SIDECAR_NOT_SERVED', verdict.error, { status: verdict.status, ...(verdict.fix ? { fix: verdict.fix } : {}) });
}
