import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCpuThrottling, type CpuThrottling } from './cpu-throttling.js';
import { hasLimits, type LimitMode, type ResourceLimits } from './resource-limits.js';

/**
 * What wraps one supervised process: its own cgroup (limits the kernel keeps, and a handle on every process
 * it started, one that left its process group included), else rlimits set by its launcher, else nothing.
 */
export interface Containment {
  readonly mode: LimitMode;
  /** The limits applied. */
  readonly limits: ResourceLimits;
  /** The argv that runs `command args` inside it (a tiny `/bin/sh` launcher; the command is never parsed by it). */
  wrap(command: string, args: readonly string[]): { command: string; args: string[] };
  /** Sends `signal` to every process in its cgroup (none without one). */
  signalAll(signal: 'SIGTERM' | 'SIGKILL'): void;
  /** Whether the kernel killed a process of it for memory (its cgroup's `oom_kill` count). */
  wasOverMemory(): boolean;
  /** Memory used by all of its processes, in bytes (its cgroup's), or undefined without a cgroup. */
  memoryBytes(): number | undefined;
  /** The memory limit the host must keep itself by sampling (no cgroup to keep it), in bytes, else undefined. */
  hostWatchedMemoryBytes(): number | undefined;
  /** How often its CPU limit held it back (its cgroup's `cpu.stat`), or undefined without a cgroup with a CPU limit. */
  cpuThrottling(): CpuThrottling | undefined;
  /** Removes its cgroup once its processes are gone (retried briefly while they die). Idempotent. */
  dispose(): void;
}

/** Options of {@link ProcessContainment}. */
export interface ProcessContainmentOptions {
  /** The host's id: cgroups are named `<id>-<extension>-<kind>-<hex>`. Required. */
  hostId: string;
  /** `auto` (default): a cgroup where the host can make one, else rlimits; `rlimit` forces the fallback; `none` applies nothing. */
  mode?: 'auto' | 'rlimit' | 'none';
  /** Where cgroup hierarchies are mounted. Default `/sys/fs/cgroup`. */
  cgroupRoot?: string;
  /** This process's cgroup membership file. Default `/proc/self/cgroup`. */
  selfCgroupFile?: string;
  /** The POSIX shell of the launcher. Default `/bin/sh`. */
  shell?: string;
}

/** Where the host can make cgroups: one folder per controller it uses (v1), or one for all (v2). */
interface CgroupPlace {
  readonly version: 1 | 2;
  /** v2: { all: dir }; v1: controller → the host's own cgroup folder of it. */
  readonly dirs: Readonly<Record<string, string>>;
}

/** Exit code of the launcher when the process could not join its cgroup. */
const JOIN_FAILED_EXIT = 97;

/**
 * The host's way of containing its extension processes (one per Host: it detects, once and lazily, what
 * this machine allows). cgroup v2: the host's own cgroup must have the memory and pids controllers
 * delegated to its children (or let them be enabled); v1: the memory and pids hierarchies must be writable
 * (as root). Detected by trying, never assumed. Else rlimits: open files and processes by the launcher,
 * memory by the host sampling the process, CPU share not at all.
 */
export class ProcessContainment {
  private place: CgroupPlace | null | undefined;
  private readonly mode: 'auto' | 'rlimit' | 'none';
  private readonly cgroupRoot: string;
  private readonly selfFile: string;
  private readonly shell: string;

  /** @throws TypeError for an unknown `mode`. */
  constructor(private readonly options: ProcessContainmentOptions) {
    this.mode = options.mode ?? 'auto';
    if (!['auto', 'rlimit', 'none'].includes(this.mode)) throw new TypeError(`ProcessContainmentOptions.mode must be "auto", "rlimit" or "none", got ${JSON.stringify(options.mode)}`);
    this.cgroupRoot = options.cgroupRoot ?? '/sys/fs/cgroup';
    this.selfFile = options.selfCgroupFile ?? '/proc/self/cgroup';
    this.shell = options.shell ?? '/bin/sh';
  }

  /** How limits would be applied here: `cgroup`, `rlimit`, or `none` (no limits given, or the mode says so). */
  modeFor(limits: ResourceLimits | undefined): LimitMode {
    if (!hasLimits(limits) || this.mode === 'none' || process.platform === 'win32') return 'none';
    if (this.mode === 'rlimit') return 'rlimit';
    return this.cgroupPlace() ? 'cgroup' : 'rlimit';
  }

  /** A containment for one process of `extension` with `limits` (nothing applied when none are set). */
  contain(extension: string, kind: string, limits: ResourceLimits | undefined): Containment {
    const mode = this.modeFor(limits);
    if (mode === 'none' || !limits) return noContainment();
    if (mode === 'rlimit') return rlimitContainment(limits, this.shell);
    const place = this.cgroupPlace() as CgroupPlace;
    const name = `${this.options.hostId}-${extension}-${kind}-${randomBytes(4).toString('hex')}`;
    try {
      return cgroupContainment(place, name, limits, this.shell);
    } catch {
      // The hierarchy refused this one (full, changed since detection): rlimits still apply.
      return rlimitContainment(limits, this.shell);
    }
  }

  private cgroupPlace(): CgroupPlace | null {
    if (this.place === undefined) this.place = detectCgroups(this.cgroupRoot, this.selfFile, this.options.hostId);
    return this.place;
  }
}

function noContainment(): Containment {
  return {
    mode: 'none',
    limits: {},
    wrap: (command, args) => ({ command, args: [...args] }),
    signalAll: () => undefined,
    wasOverMemory: () => false,
    memoryBytes: () => undefined,
    hostWatchedMemoryBytes: () => undefined,
    cpuThrottling: () => undefined,
    dispose: () => undefined,
  };
}

/** `ulimit` lines of the launcher (dash spells the process limit `-p`, bash and others `-u`). */
function ulimitLines(limits: ResourceLimits): string[] {
  const lines: string[] = [];
  if (limits.openFiles !== undefined) lines.push(`ulimit -n ${limits.openFiles}`);
  if (limits.processes !== undefined) lines.push(`{ ulimit -u ${limits.processes} 2>/dev/null || ulimit -p ${limits.processes} 2>/dev/null; }`);
  return lines;
}

function launcher(shell: string, lines: readonly string[], command: string, args: readonly string[]): { command: string; args: string[] } {
  // The command and its arguments are positional parameters: `exec "$@"` runs them as they are.
  return { command: shell, args: ['-c', [...lines, 'exec "$@"'].join('\n'), 'outboard-launcher', command, ...args] };
}

function rlimitContainment(limits: ResourceLimits, shell: string): Containment {
  return {
    ...noContainment(),
    mode: 'rlimit',
    limits,
    wrap: (command, args) => launcher(shell, ulimitLines(limits), command, args),
    hostWatchedMemoryBytes: () => (limits.memoryMb === undefined ? undefined : limits.memoryMb * 1024 * 1024),
  };
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function cgroupContainment(place: CgroupPlace, name: string, limits: ResourceLimits, shell: string): Containment {
  const dirs: Record<string, string> = {};
  const made: string[] = [];
  let cpuLimited = false;
  try {
    for (const [controller, parent] of Object.entries(place.dirs)) {
      const dir = join(parent, name);
      mkdirSync(dir);
      made.push(dir);
      dirs[controller] = dir;
    }
    cpuLimited = writeLimits(place.version, dirs, limits);
  } catch (error) {
    for (const dir of made) rmQuietly(dir);
    throw error;
  }
  const procsFiles = made.map((d) => join(d, 'cgroup.procs'));
  const memoryDir = dirs['memory'] ?? dirs['all'];
  const procsDir = dirs['pids'] ?? dirs['all'] ?? made[0];
  const cpuDir = cpuLimited ? (dirs['cpu'] ?? dirs['all']) : undefined;
  let disposed = false;
  return {
    mode: 'cgroup',
    limits,
    wrap: (command, args) =>
      launcher(shell, [
        // Joins its cgroup before anything runs, so all it starts is inside (the shell's pid is the process's: exec keeps it).
        `{ ${procsFiles.map((f) => `echo $$ > ${shellQuote(f)}`).join(' && ')}; } 2>/dev/null || { echo 'outboard: could not join the cgroup of this process' >&2; exit ${JOIN_FAILED_EXIT}; }`,
        ...ulimitLines({ ...(limits.openFiles !== undefined ? { openFiles: limits.openFiles } : {}) }),
      ], command, args),
    signalAll: (signal) => {
      if (procsDir) signalCgroup(procsDir, signal);
    },
    wasOverMemory: () => (memoryDir ? oomKills(place.version, memoryDir) > 0 : false),
    memoryBytes: () => (memoryDir ? readNumber(join(memoryDir, place.version === 2 ? 'memory.current' : 'memory.usage_in_bytes')) : undefined),
    hostWatchedMemoryBytes: () => undefined,
    cpuThrottling: () => (cpuDir ? readCpuThrottling(cpuDir) : undefined),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      removeWhenEmpty(made, procsDir);
    },
  };
}

/** Writes the limits into the new cgroup; answers whether a CPU limit is in force (its controller may be missing). */
function writeLimits(version: 1 | 2, dirs: Record<string, string>, limits: ResourceLimits): boolean {
  const mem = dirs['memory'] ?? dirs['all'];
  const pids = dirs['pids'] ?? dirs['all'];
  const cpu = dirs['cpu'] ?? dirs['all'];
  if (limits.memoryMb !== undefined && mem) {
    const bytes = String(limits.memoryMb * 1024 * 1024);
    if (version === 2) {
      writeFileSync(join(mem, 'memory.max'), bytes);
      tryWrite(join(mem, 'memory.swap.max'), '0');
    } else {
      writeFileSync(join(mem, 'memory.limit_in_bytes'), bytes);
      // With swap, the limit would hold for RAM only: memory plus swap gets the same bound where it exists.
      tryWrite(join(mem, 'memory.memsw.limit_in_bytes'), bytes);
    }
  }
  if (limits.processes !== undefined && pids) writeFileSync(join(pids, 'pids.max'), String(limits.processes));
  if (limits.cpuPercent !== undefined && cpu) {
    const period = 100_000;
    const quota = Math.max(1000, Math.round((limits.cpuPercent * period) / 100));
    if (version === 2) return tryWrite(join(cpu, 'cpu.max'), `${quota} ${period}`);
    return tryWrite(join(cpu, 'cpu.cfs_period_us'), String(period)) && tryWrite(join(cpu, 'cpu.cfs_quota_us'), String(quota));
  }
  return false;
}

function tryWrite(file: string, text: string): boolean {
  try {
    writeFileSync(file, text);
    return true;
  } catch {
    return false;
  }
}

function readNumber(file: string): number | undefined {
  try {
    const n = Number(readFileSync(file, 'utf8').trim());
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

function pidsOf(dir: string): number[] {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number).filter((p) => Number.isSafeInteger(p) && p > 1);
  } catch {
    return [];
  }
}

/** Signals every process of a cgroup; SIGKILL is repeated (bounded) while something it forked meanwhile is left. */
function signalCgroup(dir: string, signal: 'SIGTERM' | 'SIGKILL'): void {
  if (signal === 'SIGKILL' && tryWrite(join(dir, 'cgroup.kill'), '1')) return;
  for (let round = 0; round < (signal === 'SIGKILL' ? 20 : 1); round++) {
    const pids = pidsOf(dir);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone already
      }
    }
  }
}

function oomKills(version: 1 | 2, dir: string): number {
  try {
    const text = readFileSync(join(dir, version === 2 ? 'memory.events' : 'memory.oom_control'), 'utf8');
    return Number(/^oom_kill (\d+)/m.exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function rmQuietly(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return !existsSync(dir);
  }
}

/** Removes the cgroup folders once no process is left in them (dying processes take a moment), 5 s at most. */
function removeWhenEmpty(dirs: readonly string[], procsDir: string | undefined, attempt = 0): void {
  if (procsDir && pidsOf(procsDir).length > 0 && attempt < 50) {
    if (attempt > 0) signalCgroup(procsDir, 'SIGKILL');
    setTimeout(() => removeWhenEmpty(dirs, procsDir, attempt + 1), 100).unref();
    return;
  }
  const left = dirs.filter((d) => !rmQuietly(d));
  if (left.length && attempt < 50) setTimeout(() => removeWhenEmpty(left, procsDir, attempt + 1), 100).unref();
}

/** The host's cgroup folder per hierarchy, from `/proc/self/cgroup` (`N:controllers:/path`, `0::/path` for v2). */
function ownCgroups(selfFile: string): Map<string, string> {
  const out = new Map<string, string>();
  let text = '';
  try {
    text = readFileSync(selfFile, 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line);
    if (!m) continue;
    const controllers = m[2] as string;
    if (controllers === '') out.set('', m[3] as string);
    else for (const c of controllers.split(',')) out.set(c, m[3] as string);
  }
  return out;
}

/** Whether a folder is one the host may make children in: it makes (and removes) one to find out. */
function canMakeChildren(dir: string, hostId: string): boolean {
  const probe = join(dir, `${hostId}-probe-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(probe);
  } catch {
    return false;
  }
  rmQuietly(probe);
  return true;
}

/** Removes empty cgroups of this host's naming left by a host that died (older than a minute: never one being set up). */
function sweepStale(dir: string, hostId: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(`${hostId}-`));
  } catch {
    return;
  }
  for (const n of names) {
    const child = join(dir, n);
    try {
      if (Date.now() - statSync(child).mtimeMs > 60_000 && pidsOf(child).length === 0) rmQuietly(child);
    } catch {
      // gone, or not ours to remove
    }
  }
}

function detectCgroups(root: string, selfFile: string, hostId: string): CgroupPlace | null {
  if (process.platform !== 'linux') return null;
  const own = ownCgroups(selfFile);
  // v2 alone (every controller in one hierarchy): its controllers must reach the host's children.
  if (existsSync(join(root, 'cgroup.controllers')) && own.has('')) {
    const dir = join(root, own.get('') as string);
    const delegated = (readFile(join(dir, 'cgroup.subtree_control')) ?? '').split(/\s+/);
    const wanted = ['memory', 'pids'].filter((c) => !delegated.includes(c));
    if (wanted.length && !tryWrite(join(dir, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '))) return null;
    tryWrite(join(dir, 'cgroup.subtree_control'), '+cpu');
    if (!canMakeChildren(dir, hostId)) return null;
    sweepStale(dir, hostId);
    return { version: 2, dirs: { all: dir } };
  }
  // v1: a writable memory and pids hierarchy (cpu when there is one).
  const dirs: Record<string, string> = {};
  for (const controller of ['memory', 'pids', 'cpu']) {
    const path = own.get(controller);
    const mount = join(root, controller);
    if (path === undefined || !existsSync(mount)) continue;
    const dir = join(mount, path);
    if (canMakeChildren(dir, hostId)) dirs[controller] = dir;
  }
  if (!dirs['memory'] || !dirs['pids']) return null;
  for (const dir of Object.values(dirs)) sweepStale(dir, hostId);
  return { version: 1, dirs };
}

function readFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
