import { spawnSync } from 'node:child_process';

/** Wall-clock milliseconds of one synchronous run of `argv`, failing loudly when it exits non-zero. */
export function timeCommand(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string, before?: () => void): number {
  before?.();
  const start = process.hrtime.bigint();
  const r = spawnSync(argv[0] as string, argv.slice(1), { env, cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return elapsed;
}

/** Runs each case `rounds` times, interleaved so that drift of the machine affects every case alike. */
export function interleave(cases: ReadonlyArray<{ name: string; run: () => number }>, rounds: number): Map<string, number[]> {
  const samples = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (const c of cases) c.run(); // warm the page cache and the module cache of each
  for (let i = 0; i < rounds; i++) for (const c of cases) samples.get(c.name)?.push(c.run());
  return samples;
}
