import { join } from 'node:path';
import type { HostCore as Host } from './host-core.js';
import type { ExtensionRecord } from './extension-record.js';
import type { DoctorProblem } from './doctor-problem.js';
import { packageProblem } from './doctor-problem.js';
import { readBoundedJson } from './store/bounded-json.js';

/** Where a config key's value comes from: the project's config, the user's, the schema's default, or nowhere. */
export type ConfigValueSource = 'project' | 'user' | 'default' | 'unset';

/** One top-level key of an extension's config schema, with the value a run would get. */
export interface ConfigKeyInfo {
  key: string;
  /** The schema's `type` (joined with `|` when several), `enum` for an enum, or null when the schema gives none. */
  type: string | null;
  description: string | null;
  /** Whether the schema requires it. */
  required: boolean;
  /** The merged value (project over user), else the schema's default; undefined when unset. */
  value?: unknown;
  source: ConfigValueSource;
}

/** The config part of `extensions info --json` (`config: null` when the extension has no configSchema). */
export interface ConfigInfo {
  /** The schema file. */
  schemaFile: string;
  keys: ConfigKeyInfo[];
  /** Required keys with no value anywhere (the run is refused until they are set). */
  missing: string[];
  /** Every rule the merged section breaks, one line each (`extensions.git.depth: type: must be integer`). */
  problems: string[];
  /** Set when the schema or a config file could not be read; keys may then be incomplete. */
  error?: string;
}

/**
 * What `extensions info` shows about an extension's config: the keys of its `configSchema` with their type,
 * description, merged value and where it came from, what is missing and what breaks the schema. Never throws.
 */
export async function describeExtensionConfig(host: Host, ext: ExtensionRecord): Promise<ConfigInfo | null> {
  const file = ext.manifest?.configSchema;
  if (!file || !ext.name) return null;
  const schemaFile = join(ext.dir, file);
  const read = readBoundedJson(schemaFile, { maxBytes: 1024 * 1024 });
  if (read.kind !== 'ok') return { schemaFile, keys: [], missing: [], problems: [], error: `the schema ${'message' in read ? read.message : 'is missing'}` };
  const schema = asObject(read.value) ?? {};
  const section = (scope: 'user' | 'project'): Record<string, unknown> => {
    try {
      if (scope === 'project' && !host.config.projectConfigPath()) return {};
      return asObject(host.config.getIn(scope, `extensions.${ext.name}`)) ?? {};
    } catch {
      return {}; // a corrupt file is reported by doctor
    }
  };
  const user = section('user');
  const project = section('project');
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []);
  const properties = asObject(schema.properties) ?? {};
  const keys: ConfigKeyInfo[] = [];
  for (const key of Object.keys(properties).sort()) {
    const prop = asObject(properties[key]) ?? {};
    const info: ConfigKeyInfo = { key, type: typeOf(prop), description: typeof prop.description === 'string' ? prop.description : null, required: required.has(key), source: 'unset' };
    if (Object.hasOwn(project, key)) Object.assign(info, { value: project[key], source: 'project' });
    else if (Object.hasOwn(user, key)) Object.assign(info, { value: user[key], source: 'user' });
    else if (Object.hasOwn(prop, 'default')) Object.assign(info, { value: prop.default, source: 'default' });
    keys.push(info);
  }
  const missing = [...required].filter((k) => !keys.some((i) => i.key === k && i.source !== 'unset')).sort();
  const out: ConfigInfo = { schemaFile, keys, missing, problems: [] };
  try {
    out.problems = (await host.extensionConfig(ext)).problems.map((p) => `${p.path}: ${p.rule}: ${p.message}`);
  } catch (error) {
    out.error = (error as Error).message;
  }
  return out;
}

/**
 * Doctor's check of config: every enabled extension whose merged config breaks its schema (a run would be
 * refused), one problem per rule, with the command that fixes it. Never throws.
 */
export async function collectConfigDoctorProblems(host: Host, extensions: readonly ExtensionRecord[]): Promise<DoctorProblem[]> {
  const problems: DoctorProblem[] = [];
  const cmd = host.identity.id;
  for (const ext of extensions) {
    if (ext.state !== 'enabled' || !ext.name || !ext.manifest?.configSchema) continue;
    const path = host.config.projectConfigPath() ?? host.config.userConfigPath;
    try {
      for (const p of (await host.extensionConfig(ext)).problems) {
        const key = p.path.startsWith(`extensions.${ext.name}.`) ? p.path : `extensions.${ext.name}.<key>`;
        problems.push(packageProblem(ext, { path, rule: `config.${p.rule}`, message: `${p.path}: ${p.message}`, fix: `\`${cmd} config ${key} <value>\` (see \`${cmd} extensions info ${ext.key}\`)` }));
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === 'CONFIG_CORRUPT') continue; // the corrupt file is reported on its own
      problems.push(packageProblem(ext, { path: join(ext.dir, ext.manifest.configSchema), rule: 'config.unchecked', message: (error as Error).message, fix: `report it to the extension's author, or \`${cmd} extensions disable ${ext.key}\`` }));
    }
  }
  return problems;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function typeOf(prop: Record<string, unknown>): string | null {
  if (Array.isArray(prop.enum)) return 'enum';
  if (typeof prop.type === 'string') return prop.type;
  if (Array.isArray(prop.type)) return prop.type.filter((t) => typeof t === 'string').join('|');
  return null;
}
