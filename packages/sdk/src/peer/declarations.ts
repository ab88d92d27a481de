import type { ExtensionManifest } from '@outboard/manifest';
import { publishableEventTypes } from '@outboard/manifest';
import { SdkError } from '../sdk-error.js';

/** A registration or a call the approved manifest does not declare (code SDK_UNDECLARED): the message names the manifest field to add. */
export class UndeclaredError extends SdkError {
  override readonly name = 'UndeclaredError';
  constructor(
    message: string,
    /** The manifest field to add to, e.g. `contributes.actions`. */
    readonly field: string,
  ) {
    super('SDK_UNDECLARED', message);
  }
}

/** What the manifest declares, for the checks made before anything reaches the host. */
export class Declarations {
  private readonly actions: Set<string>;
  private readonly status: Set<string>;
  private readonly providers: Set<string>;
  private readonly views: Set<string>;
  private readonly rpc: Set<string>;
  private readonly events: Set<string>;
  private readonly capabilities: Set<string>;
  private readonly hubRoutes: readonly string[];

  constructor(private readonly manifest: ExtensionManifest) {
    const c = manifest.contributes ?? {};
    this.actions = new Set((c.actions ?? []).map((a) => a.id));
    this.status = new Set((c.status ?? []).map((s) => s.id));
    this.providers = new Set((c.providers ?? []).map((p) => p.id));
    this.views = new Set((c.views ?? []).filter((v) => v.path === undefined).map((v) => v.id));
    this.rpc = new Set(c.rpc ?? []);
    this.events = new Set(publishableEventTypes(manifest));
    this.capabilities = new Set([...(manifest.capabilities?.required ?? []), ...(manifest.capabilities?.optional ?? [])]);
    this.hubRoutes = manifest.permissions?.hub ?? [];
  }

  action(id: string): void {
    if (!this.actions.has(id)) throw new UndeclaredError(`action "${id}" is not declared: add { "id": "${id}", "title": "..." } to contributes.actions in package.json (${this.owned(id)})`, 'contributes.actions');
  }

  provider(id: string): void {
    if (!this.providers.has(id)) throw new UndeclaredError(`provider "${id}" is not declared: add { "id": "${id}", "kind": "search", "title": "..." } to contributes.providers in package.json (${this.owned(id)})`, 'contributes.providers');
  }

  view(id: string): void {
    if (!this.views.has(id)) throw new UndeclaredError(`view "${id}" is not declared as a peer view: add { "id": "${id}", "title": "...", "where": ["extension"] } (without "path") to contributes.views in package.json (${this.owned(id)})`, 'contributes.views');
  }

  statusItem(id: string): void {
    if (!this.status.has(id)) throw new UndeclaredError(`status item "${id}" is not declared: add { "id": "${id}", "title": "..." } to contributes.status in package.json (${this.owned(id)})`, 'contributes.status');
  }

  rpcMethod(method: string): void {
    if (!this.rpc.has(method)) throw new UndeclaredError(`RPC method "${method}" is not declared: add "${method}" to contributes.rpc in package.json (${this.owned(method)})`, 'contributes.rpc');
  }

  eventType(type: string): void {
    if (!this.events.has(type)) throw new UndeclaredError(`event type "${type}" is not declared: add "${type}" to contributes.events (or contributes.listeners) in package.json`, 'contributes.events');
  }

  capability(name: string, what: string): void {
    if (!this.capabilities.has(name)) throw new UndeclaredError(`${what} needs the capability "${name}": add it to capabilities.optional (or capabilities.required) in package.json`, 'capabilities');
  }

  hubRoute(method: string, path: string): void {
    const route = `${method.toUpperCase()} ${path.split('?')[0]}`;
    if (!this.hubRoutes.some((r) => routeMatches(r, route))) throw new UndeclaredError(`the hub route "${route}" is not declared: add it to permissions.hub in package.json`, 'permissions.hub');
  }

  /** The ownership rule, with a nudge when `id` breaks it. */
  private owned(id: string): string {
    const prefix = `${this.manifest.name}.`;
    return id.startsWith(prefix) ? `ids are owned: "${prefix}<id>"` : `ids are owned: use "${prefix}${id.slice(id.lastIndexOf('.') + 1)}"`;
  }
}

/** `GET /api/hub/projects/*` style matching: `*` stays within one path segment. The host checks again (its rule is the law); this is for the message. */
function routeMatches(declared: string, route: string): boolean {
  const pattern = declared.trim().split(/\s+/).join(' ').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${pattern}$`).test(route);
}
