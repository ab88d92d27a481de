import { readFileSync } from 'node:fs';

/** The lines of the marks file written by fixture peers, optionally only those of one extension (prefix removed). */
export function readMarks(marks: string, extension?: string): string[] {
  const lines = readFileSync(marks, 'utf8').split('\n').filter(Boolean);
  if (extension === undefined) return lines;
  const prefix = `${extension}: `;
  return lines.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length));
}

/** The pids of the fixture processes one extension started, in order. */
export function startedPids(marks: string, extension: string): number[] {
  return readMarks(marks, extension)
    .map((l) => /^start (\d+)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]));
}

/** Whether a process with this pid runs (a zombie, dead but not yet reaped by its parent, counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Field 3 of /proc/<pid>/stat is the state; Z is a zombie. The name (field 2) is in parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

export { waitUntil } from '../wait-until.js';

/** A peer's log file once what its supervisor queued is written ('' when there is none). */
export async function readLog(supervisor: { log: { path: string; flush(): Promise<void> } } | undefined): Promise<string> {
  if (!supervisor) return '';
  await supervisor.log.flush();
  try {
    return readFileSync(supervisor.log.path, 'utf8');
  } catch {
    return '';
  }
}

/** The rejection of `promise` (fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & { reason?: string; data?: { code?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, but it resolved');
}

/** The p-th percentile (0..100) of `values` (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
