/** The activation events of DESIGN §8: `onAction`, `onRpc`, `onStartup`, `onEvent:<glob>`, `onProject:<glob>`. */
export type ActivationKind = 'onEvent' | 'onProject';

/**
 * Whether an activation entry such as `onEvent:git.*` or `onProject:*.csproj` matches `value`. In the glob,
 * `*` matches any run of characters and `?` one character; everything else is literal.
 */
export function matchesActivation(activation: string, kind: ActivationKind, value: string): boolean {
  const prefix = `${kind}:`;
  if (!activation.startsWith(prefix)) return false;
  const glob = activation.slice(prefix.length);
  const pattern = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${pattern}$`).test(value);
}
