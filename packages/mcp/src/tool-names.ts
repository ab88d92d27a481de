/** MCP's rule for tool names (1 to 128 of these characters); the dot is left out for clients stricter than MCP. */
const TOOL_NAME_CHARS = /[^A-Za-z0-9_-]/g;
const MAX_TOOL_NAME = 64;

/**
 * The tool name of action `id` of `extension`: `<extension>_<rest of the id>` (`git.log` of git: `git_log`),
 * every character outside `[A-Za-z0-9_-]` made `_`, at most 64 characters (what the strictest clients accept).
 */
export function actionToolName(extension: string, id: string): string {
  const rest = id.startsWith(`${extension}.`) ? id.slice(extension.length + 1) : id;
  return `${extension}_${rest}`.replace(TOOL_NAME_CHARS, '_').slice(0, MAX_TOOL_NAME);
}

/**
 * Gives each wanted name a unique one in the order given: `taken` (the built-in tools) always keep theirs, and
 * a later duplicate gets `_2`, `_3`... (trimmed to fit). Returns the names in the same order.
 */
export function uniqueToolNames(wanted: readonly string[], taken: ReadonlySet<string>): string[] {
  const used = new Set(taken);
  return wanted.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name.slice(0, MAX_TOOL_NAME - String(n).length - 1)}_${n}`;
    used.add(candidate);
    return candidate;
  });
}
