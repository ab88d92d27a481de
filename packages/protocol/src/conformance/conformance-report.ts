import type { ConformanceReport, VectorResult } from './conformance-runner.js';

/** One vector's result as text: a PASS/FAIL/SKIP line, and for a failure the step, expected and actual. */
export function formatVectorResult(result: VectorResult): string {
  if (result.skipped !== undefined) return `SKIP ${result.name} (${result.durationMs} ms) - ${result.skipped}`;
  const tag = result.passed ? 'PASS' : result.optional ? 'FAIL (optional)' : 'FAIL';
  const lines = [`${tag} ${result.name} (${result.durationMs} ms) - ${result.description}`];
  const failure = result.failure;
  if (failure) {
    lines.push(`  step ${failure.step} ${failure.what}: ${failure.message}`);
    if (failure.expected !== undefined) lines.push(`  expected: ${failure.expected}`);
    if ('actual' in failure) lines.push(`  actual:   ${failure.actual === undefined ? '(nothing)' : JSON.stringify(failure.actual).slice(0, 2000)}`);
    if (failure.mismatch) lines.push(`  diff:     at ${failure.mismatch.path}: expected ${failure.mismatch.expected}, got ${JSON.stringify(failure.mismatch.actual) ?? 'nothing'}`);
    for (const note of result.notes) lines.push(`  note: ${note}`);
    const tail = result.stderrTail.trim();
    if (tail) lines.push(`  peer stderr (end):`, ...tail.split('\n').slice(-10).map((l) => `    ${l}`));
  }
  return lines.join('\n');
}

/** The summary line of a run. */
export function formatConformanceSummary(report: ConformanceReport): string {
  const passed = report.results.filter((r) => r.passed).length;
  const skipped = report.results.filter((r) => r.skipped !== undefined).length;
  const optionalFailed = report.results.filter((r) => !r.passed && r.skipped === undefined && r.optional).length;
  const extra = [skipped ? `${skipped} skipped: the peer lacks the test methods they need` : '', optionalFailed ? `${optionalFailed} optional failed` : ''].filter(Boolean).join(', ');
  return `${passed}/${report.results.length} vectors passed${extra ? ` (${extra})` : ''}: ${report.passed ? 'conformant' : 'NOT conformant'}`;
}
