import type { PeerLog } from './peer-log.js';
import type { PeerRun } from './peer-run.js';

/**
 * Stops a run in steps: the `shutdown` request, stdin closed, SIGTERM, SIGKILL, each after `stepMs` (the
 * last after twice that). A peer that needed a signal gets a line in its log: its author should handle
 * shutdown.
 */
export async function stopPeerRun(run: PeerRun, stepMs: number, log: PeerLog, reason: string): Promise<void> {
  const stopped = await run.transport.shutdown({
    requestShutdown: () => run.connection.request('shutdown', {}, { timeoutMs: stepMs }),
    closeInput: () => run.connection.close('the host is stopping the peer'),
    requestTimeoutMs: stepMs,
    stdinTimeoutMs: stepMs,
    sigtermTimeoutMs: stepMs,
    sigkillTimeoutMs: stepMs * 2,
  });
  if (stopped.step === 'sigterm' || stopped.step === 'sigkill') log.note(`${reason}: it did not exit after the shutdown request and stdin close, so it was sent ${stopped.step === 'sigterm' ? 'SIGTERM' : 'SIGTERM, then SIGKILL'}`);
  if (stopped.step === 'stuck') log.note(`${reason}: pid ${run.transport.pid ?? '?'} is still running after SIGKILL`);
}

/** Ends a run the host gave up on (refused, timed out): no shutdown request, stdin closed, then signals. */
export async function killPeerRun(run: PeerRun, stepMs: number): Promise<void> {
  run.connection.dispose();
  await run.transport.shutdown({ requestTimeoutMs: 0, stdinTimeoutMs: 200, sigtermTimeoutMs: stepMs, sigkillTimeoutMs: stepMs });
}

/**
 * Releases what a run holds: what a crashed peer started is orphaned, so its group goes with it (a no-op
 * when the group is gone); then its listeners, its connection and its per-run files.
 */
export function releasePeerRun(run: PeerRun): void {
  if (run.transport.exit) run.transport.kill('SIGKILL');
  for (const d of run.disposables.splice(0)) d.dispose();
  run.connection.dispose();
  run.plan.dispose();
}

/** Kills a peer that closed its output but lives on after `graceMs`, so that its exit counts as a crash. */
export function reapAfterLostConnection(run: PeerRun, graceMs: number): void {
  const timer = setTimeout(() => run.transport.kill('SIGKILL'), graceMs);
  timer.unref();
  void run.transport.exited.then(() => clearTimeout(timer));
}
