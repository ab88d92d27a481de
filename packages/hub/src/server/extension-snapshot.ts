import type { ExtensionRecord, HostCore } from '@outboard/host';

/** How long one discovery answer is reused, in ms: every request checks mounts, discovery runs at most this often. */
const FRESH_MS = 1000;

/**
 * The extensions the hub serves: the user, global and development sources (the hub serves no single
 * project, so project-source extensions are left out), rediscovered at most once a second so an
 * enable, disable or removal shows within that.
 */
export class ExtensionSnapshot {
  #at = 0;
  #current: Promise<ExtensionRecord[]> | undefined;

  constructor(private readonly host: HostCore) {}

  /** The served extensions (fresh within a second). */
  list(): Promise<ExtensionRecord[]> {
    if (!this.#current || Date.now() - this.#at > FRESH_MS) {
      this.#at = Date.now();
      this.host.refresh();
      this.#current = this.host.extensions().then(({ extensions }) => extensions.filter((e) => e.source !== 'project'));
      // A failed discovery is not kept: the next request tries again.
      this.#current.catch(() => (this.#current = undefined));
    }
    return this.#current;
  }

  /** The served extension users call `name` (its slug), if any. */
  async find(name: string): Promise<ExtensionRecord | undefined> {
    return (await this.list()).find((e) => e.key === name);
  }
}

/** Why `/x/<name>/` cannot be served (one line for a 404), or undefined when it can: enabled, with a sidecar. */
export function mountRefusal(ext: ExtensionRecord | undefined, name: string): string | undefined {
  if (!ext) return `no extension is called "${name}"`;
  if (ext.state !== 'enabled') return `extension "${name}" is ${ext.state}${ext.reason ? `: ${ext.reason}` : ''}`;
  if (!ext.manifest?.sidecar) return `extension "${name}" has no sidecar`;
  return undefined;
}
