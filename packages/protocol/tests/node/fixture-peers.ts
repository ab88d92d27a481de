/** Starting fixture peers (tests/fixtures) as real child processes, with a connection to each. */
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ChildProcessTransport, Connection, type ConnectionOptions, type ConnectionWarning } from '../../src/index.js';

/** Absolute path of a fixture program. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../../../tests/fixtures/${name}`, import.meta.url));
}

/** Kills the child when the test ends, whatever happened, so a failed test never leaves a process behind. */
export function killAfter(t: TestContext, transport: ChildProcessTransport): ChildProcessTransport {
  t.after(() => void transport.kill('SIGKILL'));
  return transport;
}

/** Spawns `node <fixture>` and connects to it (listening); the child is killed when the test ends. */
export function startFixturePeer(t: TestContext, name: string, options: Omit<ConnectionOptions, 'transport'> = {}): { transport: ChildProcessTransport; connection: Connection; warnings: ConnectionWarning[] } {
  const transport = killAfter(t, new ChildProcessTransport({ command: process.execPath, args: [fixture(name)] }));
  const connection = new Connection({ transport, name, ...options });
  const warnings: ConnectionWarning[] = [];
  connection.onWarning((w) => warnings.push(w));
  connection.listen();
  return { transport, connection, warnings };
}
