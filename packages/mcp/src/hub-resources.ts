import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { BusEvent } from '@outboard/host';
import type { HubLink } from './hub-link.js';

/** How many of the latest events the events resource holds. */
const RECENT_EVENTS = 100;

/** The resources of a session: the status items and the recent events of the hub, as JSON. */
export class HubResources {
  readonly statusUri: string;
  readonly eventsUri: string;

  constructor(private readonly hostId: string) {
    // The host id is a slug, so it is a valid URI scheme of its own.
    this.statusUri = `${hostId}://status`;
    this.eventsUri = `${hostId}://events/recent`;
  }

  /** What `resources/list` answers. */
  list(): Resource[] {
    return [
      { uri: this.statusUri, name: 'status', title: 'Status items', description: `The status items ${this.hostId} extensions keep current, with their latest value per project.`, mimeType: 'application/json' },
      { uri: this.eventsUri, name: 'events', title: 'Recent events', description: `The latest ${RECENT_EVENTS} events of the hub's bus, oldest first.`, mimeType: 'application/json' },
    ];
  }

  /** Whether `uri` is one of these resources. */
  has(uri: string): boolean {
    return uri === this.statusUri || uri === this.eventsUri;
  }

  /** The text of resource `uri` now (undefined for an unknown one). */
  async read(uri: string, hub: HubLink, signal: AbortSignal): Promise<string | undefined> {
    if (uri === this.statusUri) return JSON.stringify({ items: await hub.call('status.list', {}, { signal }) }, null, 2);
    if (uri !== this.eventsUri) return undefined;
    const { events, lastSeq } = (await hub.call('events.recent', { limit: 10_000 }, { signal })) as { events: BusEvent[]; lastSeq: number };
    return JSON.stringify({ events: events.slice(-RECENT_EVENTS), lastSeq }, null, 2);
  }

  /** The resources an event changes: every event changes the events; a status change the status items. */
  changedBy(event: { type?: unknown } | undefined): string[] {
    return event?.type === 'host.status.changed' ? [this.eventsUri, this.statusUri] : [this.eventsUri];
  }
}
