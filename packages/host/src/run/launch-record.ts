import fs from 'node:fs';
import path from 'node:path';
import { currentIdentity, isRacy, linkTarget } from '../package-facts/stat-inputs.js';
import { readBoundedJson } from '../store/bounded-json.js';
import { isNewerFormat } from '../store/file-format.js';
import { writeFileAtomic } from '../store/write-file-atomic.js';
import type { TracedInputs } from './input-trace.js';
import type { LaunchDecision } from './launch-plan.js';

/**
 * A launch record: what deciding one command's launch read (every file and folder, each with its identity) and
 * what it decided (program, arguments, checked config). While every input keeps its identity and the key
 * (build, Node, bin, user, cwd, command, environment) is the same, deciding again would read the same bytes and
 * decide the same: the bin may then launch from the record without loading the host (see the CLI's
 * recorded-launch.ts). Anything changed (an approval revoked, a policy added, a manifest or the config edited,
 * a package installed, a project file created above the cwd) changes an identity, and the command is decided
 * afresh. What is fresh at every launch (the state dir, the config file, the environment, the hub) is never
 * recorded: it is made from the decision each time. The file is `<home>/cache/launch-<command>.json`, mode 0600,
 * read only from a folder this user owns and nobody else can write, like the approvals beside it.
 */
export const LAUNCH_RECORD_FORMAT = 1;
/** A record larger than this is no record of ours. */
const MAX_RECORD_BYTES = 1024 * 1024;
/** A command name safe as part of a file name (manifest command names are slugs). */
const COMMAND_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** What a record is valid for besides its inputs. */
export interface LaunchRecordKey {
  /** The build of the bin (its bundles' digest): another build may decide differently. */
  readonly build: string;
  /** The host's version (the CLI reads it from its package.json): extensions' engines ranges are checked against it. */
  readonly version: string;
  readonly node: string;
  readonly execPath: string;
  /** The bin's path as run (`process.argv[1]`). */
  readonly bin: string;
  readonly uid: number;
  readonly cwd: string;
  readonly command: string;
  /** A digest of the whole environment: any variable may change a decision (a home, a policy file, PATH). */
  readonly env: string;
}

/** The extension a record runs, as the launch reports it. */
export interface RecordedExtension {
  readonly key: string;
  readonly dir: string;
}

interface LaunchRecordFile {
  format: number;
  key: LaunchRecordKey;
  extension: RecordedExtension;
  decision: LaunchDecision;
  /**
   * [path, identity or null when absent], every input of the decision; a third item, for a path read as a
   * symlink itself (lstat, readlink), is the link's target ('' when it was no symlink).
   */
  inputs: Array<[string, string | null] | [string, string | null, string]>;
}

/** The key of a launch of `command` by this process now, for the host `build` and `version`. */
export function launchRecordKey(host: { build: string; version: string }, command: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): LaunchRecordKey {
  // name=value\0 in name order: a third of the time of a sorted JSON array of entries.
  let text = '';
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value !== undefined) text += `${name}=${value}\0`;
  }
  return {
    build: host.build,
    version: host.version,
    node: process.version,
    execPath: process.execPath,
    bin: path.resolve(process.argv[1] ?? ''),
    uid: process.getuid?.() ?? -1,
    cwd,
    command,
    env: digestOf(text),
  };
}

/**
 * A 64-bit digest of a string, two FNV-1a lanes with distinct offsets: it tells one environment from another,
 * nothing more (whoever sets the environment is the user). Not node:crypto: loading it costs a recorded launch
 * more than everything else it checks.
 */
function digestOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** `<home>/cache/launch-<command>.json`, or undefined when the name is not one a record may be kept for. */
export function launchRecordFile(home: string, command: string): string | undefined {
  return COMMAND_NAME.test(command) ? path.join(home, 'cache', `launch-${command}.json`) : undefined;
}

/**
 * Keeps the record of a decided command launch. Writes nothing (and says why) when the decision may depend on
 * more than the traced files, or when an input changed too close to the trace to prove anything (the next
 * launch records it). Never throws: a record is only a shortcut.
 */
export function writeLaunchRecord(home: string, key: LaunchRecordKey, traced: TracedInputs, extension: RecordedExtension, decision: LaunchDecision): { written: boolean; why?: string } {
  const file = launchRecordFile(home, key.command);
  if (file === undefined) return { written: false, why: 'the command name is not a slug' };
  if (decision.kind !== 'command') return { written: false, why: 'only commands are recorded' };
  if (traced.untraceable) return { written: false, why: traced.untraceable };
  // The bin's own derived files in the cache (code caches, launch records), each checked against its own
  // inputs, are not inputs of the decision; anything else there is.
  const cacheDir = path.join(home, 'cache');
  const derived = (file: string) => file === cacheDir || (path.dirname(file) === cacheDir && /^(cli-.*\.v8|launch-.*\.json)$/.test(path.basename(file)));
  const inputs = traced.inputs.filter((input) => !derived(input.path));
  if (inputs.length === 0) return { written: false, why: 'the trace saw no input' };
  const racy = inputs.find((input) => isRacy(input.id, traced.startedAt));
  if (racy) return { written: false, why: `${racy.path} changed too recently to tell a later change apart` };
  const record: LaunchRecordFile = { format: LAUNCH_RECORD_FORMAT, key, extension, decision, inputs: inputs.map((input) => (input.link === undefined ? [input.path, input.id] : [input.path, input.id, input.link])) };
  // Like every cache in the home, a newer version's record is neither used nor replaced (docs/versioning.md).
  const existing = readBoundedJson(file, { maxBytes: MAX_RECORD_BYTES });
  if (existing.kind === 'ok' && isNewerFormat(existing.value, LAUNCH_RECORD_FORMAT)) return { written: false, why: `${file} is in a newer format` };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileAtomic(file, `${JSON.stringify(record)}\n`, { mode: 0o600, durable: false });
    return { written: true };
  } catch (error) {
    return { written: false, why: (error as Error).message };
  }
}

/**
 * The decision recorded for `key`, when its record is ours and every input still has its identity; undefined
 * otherwise (no record, another key, a changed input, a file that is not this user's alone, a damaged file).
 */
export function readLaunchRecord(home: string, key: LaunchRecordKey): { extension: RecordedExtension; decision: LaunchDecision } | undefined {
  const file = launchRecordFile(home, key.command);
  if (file === undefined || !folderOfUserAlone(path.dirname(file))) return undefined;
  let record: unknown;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      const stat = fs.fstatSync(fd);
      if (!stat.isFile() || !userAlone(stat) || stat.size > MAX_RECORD_BYTES) return undefined;
      record = JSON.parse(fs.readFileSync(fd, 'utf8'));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
  if (!isRecordFile(record) || !sameKey(record.key, key)) return undefined;
  for (const [input, id, link] of record.inputs) {
    if (currentIdentity(input) !== id) return undefined;
    if (link !== undefined && (linkTarget(input) ?? '') !== link) return undefined;
  }
  return { extension: record.extension, decision: record.decision };
}

function folderOfUserAlone(dir: string): boolean {
  try {
    const stat = fs.lstatSync(dir);
    return stat.isDirectory() && userAlone(stat);
  } catch {
    return false;
  }
}

function userAlone(stat: fs.Stats): boolean {
  return stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
}

function sameKey(a: LaunchRecordKey, b: LaunchRecordKey): boolean {
  const keys = Object.keys(b) as Array<keyof LaunchRecordKey>;
  return Object.keys(a).length === keys.length && keys.every((k) => a[k] === b[k]);
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The shape of a record of this format, checked field by field: a damaged or foreign file is no record. */
function isRecordFile(value: unknown): value is LaunchRecordFile {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<LaunchRecordFile>;
  if (r.format !== LAUNCH_RECORD_FORMAT || typeof r.key !== 'object' || r.key === null) return false;
  const e = r.extension;
  if (typeof e !== 'object' || e === null || !isString(e.key) || !isString(e.dir)) return false;
  const d = r.decision;
  if (typeof d !== 'object' || d === null || d.kind !== 'command' || !isString(d.name) || !isString(d.command) || !Array.isArray(d.args) || !d.args.every(isString) || d.limits !== undefined) return false;
  if (!path.isAbsolute(d.command) || !Object.hasOwn(d, 'config')) return false;
  return Array.isArray(r.inputs) && r.inputs.every((i) => Array.isArray(i) && (i.length === 2 || (i.length === 3 && isString(i[2]))) && isString(i[0]) && path.isAbsolute(i[0]) && (i[1] === null || isString(i[1])));
}
