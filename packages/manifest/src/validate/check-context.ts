import validVersion from 'semver/functions/valid.js';
import { CAPABILITY_CATALOG } from '../capabilities.js';
import { RESERVED_WORDS, SUPPORTED_API_VERSIONS } from '../constants.js';
import type { ManifestContext } from '../problem.js';

/** A `ManifestContext` checked once and turned into lookups for the rules. */
export interface CheckContext {
  /** The host id: the block is `pkg[hostId].extension`. */
  hostId: string;
  /** The running host version, a valid semver version. */
  hostVersion: string;
  /** Reserved words of every host. */
  reservedWords: ReadonlySet<string>;
  /** This host's built-in command names and aliases. */
  builtins: ReadonlySet<string>;
  /** Catalog capabilities plus the host's own. */
  capabilities: ReadonlySet<string>;
  /** apiVersions the host supports, a non-empty subset of `SUPPORTED_API_VERSIONS`. */
  apiVersions: readonly number[];
  /**
   * What semver said about each `engines` range for `hostVersion`, filled by the engines check: parsing a
   * range is most of a manifest check, and a thousand extensions mostly share a handful of ranges. Owned by
   * this context (pure, so remembering changes no verdict; bounded by the check).
   */
  readonly rangeVerdicts: Map<string, 'invalid' | 'excludes' | 'includes'>;
}

/**
 * Checks the caller's context and builds the lookups. A bad context is the host's bug, not the
 * extension's, so it throws a `TypeError` naming the field and the value instead of reporting a problem.
 */
export function resolveContext(ctx: ManifestContext): CheckContext {
  if (ctx === null || typeof ctx !== 'object') throw new TypeError(`ManifestContext must be an object, got ${show(ctx)}`);
  const { hostId, hostVersion, reservedNames, capabilities = [], apiVersions = SUPPORTED_API_VERSIONS } = ctx;
  if (typeof hostId !== 'string' || hostId === '') {
    throw new TypeError(`ManifestContext.hostId must be a non-empty string, got ${show(hostId)}`);
  }
  if (typeof hostVersion !== 'string' || validVersion(hostVersion) === null) {
    throw new TypeError(`ManifestContext.hostVersion must be a semver version such as "0.1.0", got ${show(hostVersion)}`);
  }
  stringList('reservedNames', reservedNames);
  stringList('capabilities', capabilities);
  if (
    !Array.isArray(apiVersions) ||
    apiVersions.length === 0 ||
    !apiVersions.every((v) => SUPPORTED_API_VERSIONS.includes(v))
  ) {
    throw new TypeError(
      `ManifestContext.apiVersions must be a non-empty list drawn from ${JSON.stringify(SUPPORTED_API_VERSIONS)}, got ${show(apiVersions)}`,
    );
  }
  return {
    hostId,
    hostVersion,
    reservedWords: new Set(RESERVED_WORDS),
    builtins: new Set(reservedNames),
    capabilities: new Set([...CAPABILITY_CATALOG.map((c) => c.name), ...capabilities]),
    apiVersions,
    rangeVerdicts: new Map(),
  };
}

/** The last context resolved, with copies of what it was resolved from. */
let last: { hostId: unknown; hostVersion: unknown; reservedNames: unknown[]; capabilities: unknown[]; apiVersions: unknown[]; context: CheckContext } | undefined;

/**
 * {@link resolveContext}, remembered: a host checks a thousand manifests against one context, and building
 * the lookups each time was a tenth of the check. Reused only when every field still holds the same values
 * (compared element by element, so a list changed in place is seen); otherwise resolved and checked afresh.
 */
export function resolveContextOnce(ctx: ManifestContext): CheckContext {
  if (ctx !== null && typeof ctx === 'object' && last) {
    const { hostId, hostVersion, reservedNames, capabilities = [], apiVersions = SUPPORTED_API_VERSIONS } = ctx;
    if (hostId === last.hostId && hostVersion === last.hostVersion && sameList(reservedNames, last.reservedNames) && sameList(capabilities, last.capabilities) && sameList(apiVersions, last.apiVersions)) {
      return last.context;
    }
  }
  const context = resolveContext(ctx);
  const { reservedNames, capabilities = [] } = ctx;
  const apiVersions = [...context.apiVersions];
  // The context keeps its own copy of the list it shares with the caller, so a later change there is not seen through it.
  context.apiVersions = apiVersions;
  last = { hostId: context.hostId, hostVersion: context.hostVersion, reservedNames: [...reservedNames], capabilities: [...capabilities], apiVersions: [...apiVersions], context };
  return context;
}

function sameList(value: unknown, known: readonly unknown[]): boolean {
  if (!Array.isArray(value) || value.length !== known.length) return false;
  for (let i = 0; i < known.length; i++) if (value[i] !== known[i]) return false;
  return true;
}

function stringList(field: string, value: unknown): void {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new TypeError(`ManifestContext.${field} must be an array of strings, got ${show(value)}`);
  }
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
