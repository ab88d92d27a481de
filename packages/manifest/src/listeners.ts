import type { ExtensionManifest } from './types.js';

/**
 * The event types an extension's peer may publish (`events/publish`): those of `contributes.events` and the
 * types of `contributes.listeners`, each once, in declaration order. Empty when it declares none.
 */
export function publishableEventTypes(manifest: Pick<ExtensionManifest, 'contributes'> | undefined): string[] {
  const c = manifest?.contributes;
  return [...new Set([...(c?.events ?? []), ...(c?.listeners ?? []).map((l) => l.type)])];
}
