import type { ManifestContext } from '@outboard/manifest';
import { SUPPORTED_API_VERSIONS } from '@outboard/manifest';
import type { HostIdentity } from './host-identity.js';

/** What a manifest is validated against for this host: its id, version, reserved names and extra capabilities. */
export function manifestContextOf(identity: HostIdentity, extraCapabilities: readonly string[] = []): ManifestContext {
  return {
    hostId: identity.id,
    hostVersion: identity.version,
    reservedNames: identity.builtins,
    capabilities: extraCapabilities,
    apiVersions: SUPPORTED_API_VERSIONS,
  };
}
