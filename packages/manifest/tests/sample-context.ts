import type { ManifestContext } from '../src/index.js';

/** The host the fixtures are written for: the reference CLI at 0.2.0 with a few built-in commands. */
export const FIXTURE_CONTEXT: ManifestContext = Object.freeze({
  hostId: 'outboard',
  hostVersion: '0.2.0',
  reservedNames: Object.freeze(['init', 'start', 'ls', 'rpc', 'events', 'actions', 'mcp']),
});
