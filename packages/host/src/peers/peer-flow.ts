import type { ChildProcessTransport, Connection, Disposable } from '@outboard/protocol';

/** Longest a peer's output stays unread while its requests wait to be served, in ms (see readWhileServed). */
const MAX_READ_PAUSE_MS = 250;

/**
 * Flow control of a peer's output: after each chunk read, reading pauses until a later event-loop turn
 * finds no request of the peer waiting in the connection's queue (or MAX_READ_PAUSE_MS passed: answers the
 * host waits for must still get through). A peer flooding the host then gets one slice of the loop per
 * turn, like every other peer and timer, instead of the whole of it (one pipe read can deliver megabytes,
 * thousands of messages, before anything else runs), and its full pipe pushes back on it.
 */
export function readWhileServed(transport: ChildProcessTransport, connection: Connection): Disposable {
  const stdout = transport.child.stdout;
  if (!stdout) return { dispose: () => undefined };
  let pausedAt: number | undefined;
  let disposed = false;
  const resumeWhenServed = (): void => {
    if (disposed || stdout.destroyed || pausedAt === undefined) return;
    if (connection.state === 'open' && connection.diagnostics().queuedIncoming > 0 && Date.now() - pausedAt < MAX_READ_PAUSE_MS) {
      setTimeout(resumeWhenServed, 5).unref();
      return;
    }
    pausedAt = undefined;
    stdout.resume();
  };
  const onData = (): void => {
    if (pausedAt !== undefined) return;
    pausedAt = Date.now();
    stdout.pause();
    setImmediate(resumeWhenServed);
  };
  stdout.on('data', onData);
  return {
    dispose: () => {
      disposed = true;
      stdout.off('data', onData);
      // Never leave the pipe paused: its end must still be seen.
      if (pausedAt !== undefined && !stdout.destroyed) stdout.resume();
    },
  };
}
