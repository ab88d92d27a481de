import type { HostIdentityOptions } from '@outboard/host';

/**
 * The identity a CLI run gives its host: the embedder's, with the CLI's built-in names reserved after its own
 * (in this order: the host's discovery cache is keyed by it). `builtins` is BUILTIN_NAMES, or the same list as
 * the build wrote it into the bin for the warm path, which does not load the command tree.
 */
export function withBuiltins(options: HostIdentityOptions, builtins: readonly string[]): HostIdentityOptions {
  return { ...options, builtins: [...(options.builtins ?? []), ...builtins] };
}
