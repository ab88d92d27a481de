import type { PeerRun } from './peer-run.js';

/**
 * Stops a run in the process kit's ladder: the `shutdown` request, stdin closed, SIGTERM, SIGKILL, each
 * after `stepMs` (the last after twice that); the kit notes in the log when signals were needed.
 */
export async function stopPeerRun(run: PeerRun, stepMs: number, reason: string): Promise<void> {
  await run.process.stop({
    reason,
    stepMs,
    requestShutdown: () => run.connection.request('shutdown', {}, { timeoutMs: stepMs }),
    closeInput: () => run.connection.close('the host is stopping the peer'),
  });
}

/** Ends a run the host gave up on (refused, timed out): no shutdown request, stdin closed, then signals. */
export async function killPeerRun(run: PeerRun, stepMs: number): Promise<void> {
  run.connection.dispose();
  await run.process.stop({ reason: 'given up', stepMs: Math.min(stepMs, 200), note: false });
}

/**
 * Releases what a run holds: what a crashed peer started is orphaned, so its group goes with it (a no-op
 * when the group is gone); then its listeners, its connection and its per-run files.
 */
export function releasePeerRun(run: PeerRun): void {
  if (run.process.hasExited) run.process.signal('SIGKILL');
  for (const d of run.disposables.splice(0)) d.dispose();
  run.connection.dispose();
  run.plan.dispose();
}

/** Kills a peer that closed its output but lives on after `graceMs`, so that its exit counts as a crash. */
export function reapAfterLostConnection(run: PeerRun, graceMs: number): void {
  const timer = setTimeout(() => run.process.signal('SIGKILL'), graceMs);
  timer.unref();
  void run.process.exited.then(() => clearTimeout(timer));
}
