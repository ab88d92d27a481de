import type * as McpAdapter from '@outboard/mcp';

/**
 * Loads `@outboard/mcp`, the MCP adapter, with the MCP SDK it owns as its dependency: only `mcp` calls this. In the
 * CLI bundle this module is replaced by `mcp-adapter.cjs` next to the bundle (scripts/bundle-plan.mjs,
 * INSTALLED_IMPORTS), which imports the installed package with Node's own loader, so the SDK ships once, with
 * `@outboard/mcp`, and never inside the CLI's bundle.
 */
export function loadMcpAdapter(): Promise<typeof McpAdapter> {
  return import('@outboard/mcp');
}
