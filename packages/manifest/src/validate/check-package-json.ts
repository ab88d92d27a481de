import type { JsonPathSegment } from '../json-path.js';
import { isRecord, ownField } from '../json-value.js';
import type { ManifestContext, ManifestResult } from '../problem.js';
import { MANIFEST_RULES } from '../rules.js';
import type { ExtensionManifest } from '../types.js';
import { checkCapabilities, checkPermissions } from './check-capabilities.js';
import { resolveContextOnce } from './check-context.js';
import type { CheckContext } from './check-context.js';
import { checkContributes } from './check-contributes.js';
import { checkEngines } from './check-engines.js';
import { checkExtensionName, checkPublisherAndCommands } from './check-names.js';
import { checkRunnable } from './check-runnable.js';
import { checkConfigSchema, checkPeerActivation, checkProjectLinks, checkSidecar, checkViews } from './check-surfaces.js';
import { ProblemCollector } from './problem-collector.js';
import { reportSchemaViolations } from './schema-problems.js';
import { schemaViolations } from './schema-shape.js';
import { describeValue } from './wording.js';

const UNNAMED = '<unnamed package>';
const INCOMPATIBLE_RULES = new Set(MANIFEST_RULES.filter((r) => r.outcome === 'incompatible').map((r) => r.id));

/**
 * Checks one parsed package.json against the manifest contract for the host in `ctx`: the block at
 * `pkg[ctx.hostId].extension` and the range at `pkg.engines[ctx.hostId]`. Reports every problem, never
 * throws for bad input (it throws a `TypeError` only for a malformed `ctx`), and does no I/O: files the
 * manifest names are checked on disk by the host, through `runnablePaths`.
 */
export function checkPackageJson(pkg: unknown, ctx: ManifestContext): ManifestResult {
  const context = resolveContextOnce(ctx);
  if (!isRecord(pkg)) {
    const problem = {
      packageName: UNNAMED,
      path: '$',
      rule: 'package.type',
      message: `package.json is ${describeValue(pkg)}, not a JSON object.`,
      fix: 'Make package.json an object with at least "name", "version", "engines" and the extension block.',
    };
    return { kind: 'invalid', problems: [problem] };
  }
  const section = ownField(pkg, context.hostId);
  if (!isRecord(section) || !Object.prototype.hasOwnProperty.call(section, 'extension')) return { kind: 'not-extension' };
  const block = section.extension;
  const packageName = typeof pkg.name === 'string' && pkg.name !== '' ? pkg.name : UNNAMED;
  const problems = new ProblemCollector(pkg, packageName);
  const root: JsonPathSegment[] = [context.hostId, 'extension'];
  if (!isRecord(block)) {
    problems.rule(root, 'block.type', `${context.hostId}.extension is ${describeValue(block)}, not an object.`, `Write the manifest as an object: "${context.hostId}": { "extension": { "apiVersion": 1, "name": "my-extension", ... } }.`);
    return { kind: 'invalid', problems: problems.list() };
  }
  const { apiVersion } = block;
  if (typeof apiVersion === 'number' && Number.isInteger(apiVersion) && !context.apiVersions.includes(apiVersion)) {
    checkFutureBlock(block, apiVersion, root, context, problems);
  } else {
    checkBlockV1(block, root, context, problems);
  }
  checkEngines(pkg, context, problems);

  const list = problems.list();
  const compat = list.filter((p) => INCOMPATIBLE_RULES.has(p.rule));
  if (compat.length < list.length) {
    const name = typeof block.name === 'string' && block.name !== '' ? block.name : undefined;
    return name === undefined ? { kind: 'invalid', problems: list } : { kind: 'invalid', name, problems: list };
  }
  const manifest = block as unknown as ExtensionManifest;
  if (compat.length > 0) return { kind: 'incompatible', manifest, reason: compat.map((p) => p.message).join(' '), problems: list };
  return { kind: 'valid', manifest };
}

/** apiVersion 1: the JSON Schema's shape, then every rule. */
function checkBlockV1(block: Record<string, unknown>, root: JsonPathSegment[], ctx: CheckContext, problems: ProblemCollector): void {
  reportSchemaViolations(schemaViolations(block), block, root, problems);
  checkExtensionName(block, root, ctx, problems);
  checkPublisherAndCommands(block, root, ctx, problems);
  if (Array.isArray(block.commands)) block.commands.forEach((c: unknown, i) => checkRunnable(c, ['commands', i], root, problems));
  checkRunnable(block.sidecar, ['sidecar'], root, problems);
  checkSidecar(block.sidecar, root, problems);
  checkRunnable(block.peer, ['peer'], root, problems);
  checkPeerActivation(block.peer, root, problems);
  checkProjectLinks(block.projectLinks, root, problems);
  checkConfigSchema(block.configSchema, root, problems);
  checkContributes(block.contributes, block.name, root, problems);
  checkViews(block, root, problems);
  checkCapabilities(block.capabilities, root, ctx, problems);
  checkPermissions(block.permissions, root, problems);
}

/**
 * An apiVersion this host does not support: its format may differ, so only `name` (needed to list the
 * extension) is checked; the rest waits for a host that speaks that version.
 */
function checkFutureBlock(block: Record<string, unknown>, apiVersion: number, root: JsonPathSegment[], ctx: CheckContext, problems: ProblemCollector): void {
  const nameViolations = schemaViolations(block).filter(
    (v) => v.instancePath === '/name' || (v.instancePath === '' && v.keyword === 'required' && v.params.missingProperty === 'name'),
  );
  reportSchemaViolations(nameViolations, block, root, problems);
  checkExtensionName(block, root, ctx, problems);
  const supported = ctx.apiVersions.join(', ');
  problems.rule(
    [...root, 'apiVersion'],
    'api-version.unsupported',
    `apiVersion ${apiVersion} is not supported by ${ctx.hostId} ${ctx.hostVersion}, which supports apiVersion ${supported}.`,
    apiVersion > Math.max(...ctx.apiVersions)
      ? `Upgrade ${ctx.hostId}, or install a version of the extension written for apiVersion ${supported}.`
      : `Install a newer version of the extension, written for apiVersion ${supported}.`,
  );
}
