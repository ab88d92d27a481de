/**
 * Resource limits of an extension's peer and sidecar processes (DESIGN §12): manifest defaults
 * (`limits` in the extension block) that the user may lower, never raise, in config
 * (`extensions.<name>.limits.<key>`). Pure: no I/O.
 */
export interface ResourceLimits {
  /** Resident memory of the process and what it started, in MiB. Over it, the process is stopped (`over memory limit`). */
  readonly memoryMb?: number;
  /** CPU share, in percent of one core (50: half a core, 200: two cores). Throttled, never stopped; a cgroup only. */
  readonly cpuPercent?: number;
  /** Open file descriptors per process (RLIMIT_NOFILE). */
  readonly openFiles?: number;
  /** Processes and threads alive at once (a cgroup's `pids.max`; else RLIMIT_NPROC, which root ignores). */
  readonly processes?: number;
}

/** The keys of {@link ResourceLimits}, each with its smallest accepted value and unit. */
export const LIMIT_KEYS: Readonly<Record<keyof ResourceLimits, { min: number; unit: string }>> = {
  memoryMb: { min: 16, unit: 'MiB' },
  cpuPercent: { min: 1, unit: '% of one core' },
  openFiles: { min: 16, unit: 'file descriptors' },
  processes: { min: 1, unit: 'processes' },
};

/** The reason a process stopped for its memory shows everywhere (state, event, page). */
export const OVER_MEMORY_LIMIT = 'over memory limit';

/** How the limits of a process are applied: its own cgroup, rlimits of its launcher, or not at all. */
export type LimitMode = 'cgroup' | 'rlimit' | 'none';

/** One problem of a limits object: where, and what is wrong with it. */
export interface LimitProblem {
  /** The key, such as `memoryMb`, or '' for the object itself. */
  readonly key: string;
  readonly message: string;
}

/** Every problem of `value` as a limits object (unknown keys, values that are not whole numbers at or above the key's minimum). */
export function limitProblems(value: unknown): LimitProblem[] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ key: '', message: `must be an object with any of ${Object.keys(LIMIT_KEYS).join(', ')}` }];
  const problems: LimitProblem[] = [];
  for (const [key, v] of Object.entries(value)) {
    const rule = LIMIT_KEYS[key as keyof ResourceLimits];
    if (!rule) problems.push({ key, message: `is not a limit (known: ${Object.keys(LIMIT_KEYS).join(', ')})` });
    else if (!(Number.isSafeInteger(v) && (v as number) >= rule.min)) problems.push({ key, message: `must be a whole number of ${rule.unit} >= ${rule.min}, got ${JSON.stringify(v)}` });
  }
  return problems;
}

/** A user limit above the manifest's: refused (the user may only lower them). */
export interface LimitRaise {
  readonly key: keyof ResourceLimits;
  readonly manifest: number;
  readonly user: number;
}

/** The user's limits that raise the manifest's. */
export function limitRaises(manifest: ResourceLimits | undefined, user: ResourceLimits | undefined): LimitRaise[] {
  const raises: LimitRaise[] = [];
  for (const key of Object.keys(LIMIT_KEYS) as Array<keyof ResourceLimits>) {
    const m = manifest?.[key];
    const u = user?.[key];
    if (m !== undefined && u !== undefined && u > m) raises.push({ key, manifest: m, user: u });
  }
  return raises;
}

/**
 * The limits that apply: for each key the lower of the manifest's and the user's (the user's alone when the
 * manifest sets none). Raises are not applied (they are refused where they are written, see limitRaises).
 */
export function effectiveLimits(manifest: ResourceLimits | undefined, user: ResourceLimits | undefined): ResourceLimits {
  const out: Record<string, number> = {};
  for (const key of Object.keys(LIMIT_KEYS) as Array<keyof ResourceLimits>) {
    const values = [manifest?.[key], user?.[key]].filter((v): v is number => typeof v === 'number');
    if (values.length) out[key] = Math.min(...values);
  }
  return out;
}

/** Whether any limit is set. */
export function hasLimits(limits: ResourceLimits | undefined): limits is ResourceLimits {
  return limits !== undefined && Object.values(limits).some((v) => v !== undefined);
}
