import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import type { JsonPathSegment } from '../json-path.js';
import { isRecord, ownField } from '../json-value.js';
import type { CheckContext } from './check-context.js';
import type { ProblemCollector } from './problem-collector.js';
import { describeValue, quote } from './wording.js';

const RANGE_OPTIONS = { includePrerelease: true } as const;

/** Ranges remembered per context (see `CheckContext.rangeVerdicts`); past this many the memory starts again. */
const MAX_VERDICTS = 512;

/** What semver says about `range` for the context's host version, remembered in the context. */
function rangeVerdict(range: string, ctx: CheckContext): 'invalid' | 'excludes' | 'includes' {
  const verdicts = ctx.rangeVerdicts;
  let verdict = verdicts.get(range);
  if (verdict === undefined) {
    verdict = validRange(range, RANGE_OPTIONS) === null ? 'invalid' : satisfies(ctx.hostVersion, range, RANGE_OPTIONS) ? 'includes' : 'excludes';
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(range, verdict);
  }
  return verdict;
}

/**
 * `engines.<hostId>`: present, a valid semver range, and including the running host version
 * (prereleases included). Only the last one is a compatibility problem; the others make the manifest invalid.
 */
export function checkEngines(pkg: Record<string, unknown>, ctx: CheckContext, problems: ProblemCollector): void {
  const { hostId, hostVersion } = ctx;
  const engines = pkg.engines;
  const at: JsonPathSegment[] = engines === undefined || isRecord(engines) ? ['engines', hostId] : ['engines'];
  // Words for the fixes only: built when a rule is broken, not for every manifest that passes.
  const example = () => `"engines": { ${quote(hostId)}: ${quote(`>=${minorFloor(hostVersion)}`)} }`;
  const range = ownField(engines, hostId);
  if (range === undefined) {
    const message = engines === undefined || isRecord(engines)
      ? `package.json has no engines.${hostId}, so it does not say which ${hostId} versions the extension supports.`
      : `package.json engines is ${describeValue(engines)}, not an object, so it does not say which ${hostId} versions the extension supports.`;
    problems.rule(at, 'engines.missing', message, `Add ${example()} to package.json.`);
    return;
  }
  const verdict = typeof range !== 'string' || range.trim() === '' ? 'invalid' : rangeVerdict(range, ctx);
  if (verdict === 'invalid') {
    const shown = typeof range === 'string' && range.trim() === '' ? 'an empty string' : describeValue(range);
    problems.rule(at, 'engines.range', `engines.${hostId} is ${shown}, which is not a valid semver range.`, `Use a range such as ${quote(`>=${minorFloor(hostVersion)}`)} or ${quote(`>=${minorFloor(hostVersion)} <${nextMajorish(hostVersion)}`)}: ${example()}.`);
    return;
  }
  if (verdict === 'excludes' && typeof range === 'string') {
    problems.rule(at, 'engines.excludes', `engines.${hostId} ${quote(range)} excludes the running ${hostId} ${hostVersion}.`, `Install a version of the extension whose engines.${hostId} includes ${hostVersion}, or run ${hostId} at a version in ${quote(range)}.`);
  }
}

/** `1.4.2` -> `1.4.0`: the floor an author would most likely write. */
function minorFloor(version: string): string {
  const match = /^(\d+)\.(\d+)\./.exec(version);
  return match ? `${match[1]}.${match[2]}.0` : version;
}

/** The next breaking version under semver caret rules: `0.4.2` -> `0.5.0`, `1.4.2` -> `2.0.0`. */
function nextMajorish(version: string): string {
  const match = /^(\d+)\.(\d+)\./.exec(version);
  if (!match) return version;
  const major = Number(match[1]);
  return major === 0 ? `0.${Number(match[2]) + 1}.0` : `${major + 1}.0.0`;
}
