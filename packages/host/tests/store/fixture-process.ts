// Spawns the plain-JS store fixtures as real child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Absolute path of a fixture program under tests/fixtures/store. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../../../tests/fixtures/store/${name}`, import.meta.url));
}

/** A running fixture whose stdout lines are collected as they arrive. */
export interface RunningFixture {
  readonly child: ChildProcess;
  readonly lines: string[];
  /** Resolves with the first line that satisfies `match`; rejects if the child exits first or after `timeoutMs`. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves when the child has exited, with its code and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node <fixture> ...args`. */
export function startFixture(name: string, args: readonly string[]): RunningFixture {
  const child = spawn(process.execPath, [fixturePath(name), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let pending = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.on('close', (code, signal) => {
      if (pending !== '') lines.push(pending);
      pending = '';
      for (const wake of waiters) wake();
      done({ code, signal });
    });
  });
  let closed = false;
  void exited.then(() => (closed = true));
  return {
    child,
    lines,
    exited,
    waitForLine(match, timeoutMs = 10_000) {
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => finish(new Error(`no matching line from ${name} within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
        const check = (): void => {
          const found = lines.find(match);
          if (found !== undefined) finish(undefined, found);
          else if (closed) finish(new Error(`${name} exited before the expected line; stderr: ${stderr}`));
        };
        function finish(error: Error | undefined, line?: string): void {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolvePromise(line!);
        }
        waiters.add(check);
        check();
      });
    },
  };
}
