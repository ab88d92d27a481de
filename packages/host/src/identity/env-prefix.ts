/** The environment-variable prefix of a host: its own `envPrefix`, else its id upper-cased with `-` as `_` (`outboard` → `OUTBOARD`). */
export function envPrefixOf(identity: { id: string; envPrefix?: string | undefined }): string {
  return identity.envPrefix ?? identity.id.toUpperCase().replace(/-/g, '_');
}
