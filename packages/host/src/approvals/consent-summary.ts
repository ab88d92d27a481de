import { CAPABILITY_CATALOG } from '@outboard/manifest';
import { declaredContributions } from './declared-contributions.js';
import type { ExtensionRecord } from '../extension-record.js';

/** The catalog entry of a capability, when the host knows it. */
export function capabilityInfo(name: string): (typeof CAPABILITY_CATALOG)[number] | undefined {
  return CAPABILITY_CATALOG.find((c) => c.name === name);
}

/** One requested capability as the consent prompt shows it. */
export interface ConsentCapability {
  name: string;
  /** Marked sensitive in the catalog: confirmed one by one. */
  sensitive: boolean;
  required: boolean;
  /** Whether the grants the summary was made for include it. */
  granted: boolean;
  /** The catalog's description, when the host knows the capability. */
  description: string | undefined;
}

/**
 * What the terminal prompt and the hub's approval page both show before an approval (DESIGN §6: the browser
 * shows exactly what the terminal shows). Every value is untrusted text from the package: the surface that
 * prints it escapes it (the CLI's printer, the hub's HTML escaper).
 */
export interface ConsentSummary {
  /** `<hostId> wants to run extension "<key>"`. */
  title: string;
  /** `[label, value]`: package, source, real path, then every declared contribution (label on a group's first row only). */
  rows: Array<[string, string]>;
  /** Required ones first, then optional ones, in manifest order. */
  capabilities: ConsentCapability[];
}

/**
 * The consent summary of `ext` for the grants `granted`: exactly what would be allowed to run, every
 * contribution the manifest declares, and every requested capability with the sensitive ones marked.
 * `activation` is the user's override (`extensions.<name>.activation`), when set.
 */
export function consentSummary(ext: ExtensionRecord, granted: readonly string[], hostId: string, activation?: string): ConsentSummary {
  const m = ext.manifest;
  const rows: Array<[string, string]> = [
    ['Package', `${ext.packageName}@${ext.version}`],
    ['Source', ext.source],
    ['Real path', ext.realDir],
    ...declaredContributions(m, hostId, activation).flatMap((g) => g.entries.map((entry, i): [string, string] => [i === 0 ? g.label : '', entry])),
  ];
  const required = m?.capabilities?.required ?? [];
  const optional = m?.capabilities?.optional ?? [];
  const capabilities = [...required, ...optional].map((name): ConsentCapability => {
    const info = capabilityInfo(name);
    return { name, sensitive: info?.sensitive === true, required: required.includes(name), granted: granted.includes(name), description: info?.description };
  });
  return { title: `${hostId} wants to run extension "${ext.key}"`, rows, capabilities };
}

/**
 * Default-deny grants: every required capability plus the optional ones chosen. Returns the names chosen that
 * `ext` does not request instead, so each surface refuses them in its own words.
 */
export function grantsFor(ext: ExtensionRecord, chosenOptional: readonly string[]): { capabilities: string[] } | { unknown: string[] } {
  const required = ext.manifest?.capabilities?.required ?? [];
  const optional = ext.manifest?.capabilities?.optional ?? [];
  const unknown = chosenOptional.filter((c) => !optional.includes(c) && !required.includes(c));
  if (unknown.length) return { unknown };
  return { capabilities: [...new Set([...required, ...chosenOptional])] };
}

/** The sensitive capabilities `ext` requires (each needs its own yes). */
export function requiredSensitive(ext: ExtensionRecord): string[] {
  return (ext.manifest?.capabilities?.required ?? []).filter((c) => capabilityInfo(c)?.sensitive === true);
}
