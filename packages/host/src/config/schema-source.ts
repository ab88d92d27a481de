import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { identityOf, type StatInput } from '../package-facts/stat-inputs.js';
import { readBoundedJson } from '../store/bounded-json.js';
import { ConfigError } from './config-error.js';
import { forEachSubschema, isSchemaNode, type SchemaNode } from './schema-walk.js';

/** An extension's config schema as the caller has it (from the manifest's `configSchema`). */
export interface ExtensionConfigSchema {
  /** The schema object. When absent, it is read from `file`. */
  schema?: object;
  /** Absolute path of the schema file: named in errors, and the base that relative `$ref`s to sibling files resolve against. */
  file?: string;
  /** Loads a schema referenced by absolute URI; tried before reading sibling files. Default: files next to `file` only. */
  loadRef?: (uri: string) => object;
}

/** A root schema with a base URI and every external document its `$ref`s reach, loaded. */
export interface LoadedSchemaSet {
  /** The root, with `$id` set to its base URI when it had none. */
  readonly root: SchemaNode;
  /** External documents by absolute URI (no fragment). */
  readonly externals: ReadonlyMap<string, SchemaNode>;
  /** How errors name this schema: `The config schema of extension "git" (/path/schema.json)`. */
  readonly label: string;
  /**
   * Every file read to build the set (the root, then the siblings `$ref`s reached), each with the identity of
   * the very descriptor it was read from: a verdict on this set holds while these are unchanged.
   */
  readonly inputs: readonly StatInput[];
}

/**
 * Reads the schema (from `source.schema` or `source.file`), gives the root a base URI (the file's URL, or
 * `config-schema://<name>/schema.json` for an inline schema), and loads every document reached through
 * `$ref`, transitively: via `loadRef` when given, else from the file next to the root (also when the root's
 * own `$id` is an https URL, refs under that URL's folder map to files under the root's folder).
 * Throws `CONFIG_SCHEMA_INVALID` naming the schema and the ref that failed.
 */
export function loadSchemaSet(name: string, source: ExtensionConfigSchema): LoadedSchemaSet {
  const label = `The config schema of extension "${name}"${source.file ? ` (${source.file})` : ''}`;
  const inputs: StatInput[] = [];
  const raw = source.schema ?? readSchemaFile(source.file, label, inputs);
  if (typeof raw === 'boolean') return { root: raw ? {} : { not: {} }, externals: new Map(), label, inputs };
  if (!isSchemaNode(raw)) {
    throw new ConfigError('CONFIG_SCHEMA_INVALID', `${label} is not a JSON object. Fix the schema file, or ask the extension's author to.`);
  }
  const fileUri = source.file ? pathToFileURL(source.file).href : `config-schema://${encodeURIComponent(name)}/schema.json`;
  const rootId = typeof raw['$id'] === 'string' ? safeUrl(raw['$id'], fileUri, label) : fileUri;
  const root: SchemaNode = typeof raw['$id'] === 'string' ? raw : { ...raw, $id: fileUri };

  const externals = new Map<string, SchemaNode>();
  const embedded = new Set<string>([stripFragment(rootId)]);
  const pending: Array<{ uri: string; from: string }> = [];
  const scan = (node: unknown, base: string): void => {
    if (!isSchemaNode(node)) return;
    let here = base;
    if (typeof node['$id'] === 'string') {
      here = safeUrl(node['$id'], base, label);
      embedded.add(stripFragment(here));
    }
    if (typeof node['$ref'] === 'string') pending.push({ uri: stripFragment(safeUrl(node['$ref'], here, label)), from: node['$ref'] });
    forEachSubschema(node, (child) => scan(child, here));
  };
  scan(root, rootId);
  while (pending.length > 0) {
    const { uri, from } = pending.pop()!;
    if (embedded.has(uri) || externals.has(uri)) continue;
    const document = loadExternal(uri, from, source, rootId, label, inputs);
    externals.set(uri, document);
    scan(document, typeof document['$id'] === 'string' ? safeUrl(document['$id'], uri, label) : uri);
  }
  return { root, externals, label, inputs };
}

function loadExternal(uri: string, ref: string, source: ExtensionConfigSchema, rootId: string, label: string, inputs: StatInput[]): SchemaNode {
  let loaded: unknown;
  try {
    loaded = source.loadRef ? source.loadRef(uri) : readJsonFile(siblingPath(uri, source.file, rootId), inputs);
  } catch (error) {
    throw new ConfigError(
      'CONFIG_SCHEMA_INVALID',
      `${label} has "$ref": "${ref}", which could not be loaded from ${uri}: ${(error as Error).message}. Fix the reference or add the referenced file.`,
      { cause: error },
    );
  }
  if (!isSchemaNode(loaded)) {
    throw new ConfigError('CONFIG_SCHEMA_INVALID', `${label} has "$ref": "${ref}", and ${uri} is not a JSON Schema object. Fix the referenced file.`);
  }
  return loaded;
}

function siblingPath(uri: string, file: string | undefined, rootId: string): string {
  if (uri.startsWith('file:')) return fileURLToPath(uri);
  const rootFolder = new URL('.', rootId).href;
  if (file !== undefined && uri.startsWith(rootFolder)) return join(dirname(file), decodeURIComponent(uri.slice(rootFolder.length)));
  throw new ConfigError('CONFIG_SCHEMA_INVALID', file === undefined ? 'an inline schema can only load refs through loadRef' : 'it is not a file next to the schema');
}

function readSchemaFile(file: string | undefined, label: string, inputs: StatInput[]): unknown {
  if (file === undefined) {
    throw new ConfigError('CONFIG_SCHEMA_INVALID', `${label} was given with neither a schema object nor a file. Pass one of them.`);
  }
  try {
    return readJsonFile(file, inputs);
  } catch (error) {
    throw new ConfigError('CONFIG_SCHEMA_INVALID', `${label} cannot be used: ${(error as Error).message}. Fix the schema file or the manifest's configSchema path.`, { cause: error });
  }
}

/** Reads a schema document with the host's one bounded reader (a regular file, size and depth limited). */
function readJsonFile(file: string, inputs: StatInput[]): unknown {
  const read = readBoundedJson(file, { maxBytes: 1024 * 1024 });
  if (read.kind === 'missing') throw new ConfigError('CONFIG_SCHEMA_INVALID', `${file} does not exist`);
  if (read.kind !== 'ok') throw new ConfigError('CONFIG_SCHEMA_INVALID', `${file} ${read.message}`);
  inputs.push({ path: file, id: identityOf(read.stat) });
  return read.value;
}

function safeUrl(reference: string, base: string, label: string): string {
  try {
    return new URL(reference, base).href;
  } catch (error) {
    throw new ConfigError('CONFIG_SCHEMA_INVALID', `${label} has the reference "${reference}", which is not a valid URI. Fix the schema.`, { cause: error });
  }
}

function stripFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}
