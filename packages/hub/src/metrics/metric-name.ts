/**
 * The prefix of the hub's own metric names: the host id made a valid Prometheus name (`outboard`, or `ndx` for
 * a host embedding the platform as `ndx`; `-` becomes `_`), so nothing hard-codes the reference host's id.
 */
export function metricPrefix(hostId: string): string {
  const name = hostId.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

/** `2xx`, `4xx`...: the class of an HTTP status, or `aborted` when no answer was sent. */
export function statusClass(status: number | undefined): string {
  return status === undefined || status < 100 || status > 599 ? 'aborted' : `${Math.floor(status / 100)}xx`;
}
