/**
 * The identity shown to users: `publisher.name` when the manifest sets a publisher, else `name`.
 * Commands, mounts and state folders use the bare slug, never this.
 */
export function extensionIdentity(m: { name: string; publisher?: string }): string {
  return m.publisher ? `${m.publisher}.${m.name}` : m.name;
}
