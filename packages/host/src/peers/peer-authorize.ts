import type { ExtensionManifest } from '@outboard/manifest';
import type { InitializeResult } from '@outboard/protocol';

/** What the host concluded from a peer's `initialize` answer. */
export interface PeerAuthorization {
  /** Capabilities granted for this run: approved grants the peer asked for. */
  grants: string[];
  /** Required capabilities of the manifest that the user did not grant (the peer is then degraded). */
  missingRequired: string[];
}

/**
 * Checks a peer's answer against what was approved: it must claim exactly the approved name and version,
 * and ask for no capability the manifest does not declare. Throws an Error whose message names what was
 * refused; grants are the approved ones the peer asked for (default-deny).
 */
export function authorizePeer(peer: InitializeResult, approved: { manifest: ExtensionManifest; version: string }, approvedGrants: readonly string[]): PeerAuthorization {
  const { manifest } = approved;
  if (peer.name !== manifest.name) {
    throw new Error(`the peer claims to be "${peer.name}" but was started and approved as "${manifest.name}"; a peer cannot take another extension's name`);
  }
  if (peer.version !== approved.version) {
    // Another version is other code than the user approved, just as another name is another extension.
    throw new Error(`the peer claims version "${peer.version}" but version ${approved.version} of ${manifest.name} was started and approved; the peer must announce its package version`);
  }
  const declaredCaps = new Set([...(manifest.capabilities?.required ?? []), ...(manifest.capabilities?.optional ?? [])]);
  const asked = [...(peer.capabilities.required ?? []), ...(peer.capabilities.optional ?? [])];
  const undeclared = asked.filter((c) => !declaredCaps.has(c));
  if (undeclared.length > 0) {
    throw new Error(`the peer asks for ${undeclared.map((c) => `"${c}"`).join(', ')}, which its manifest does not declare; declare it in capabilities and have the user approve it again`);
  }
  const granted = new Set(approvedGrants);
  const missingRequired = (manifest.capabilities?.required ?? []).filter((c) => !granted.has(c));
  return { grants: [...new Set(asked.filter((c) => granted.has(c)))].sort(), missingRequired };
}
