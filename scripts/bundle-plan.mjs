// What the CLI's fast bundle (fast.cjs, see bundle-cli.mjs) leaves out, by name: each stubbed module is an
// exact file (or package) and the exact module that imports it dynamically, never a pattern on paths. The
// build fails when a stub is never met (a module renamed, moved, or imported statically), and
// packages/cli/tests/bundle/bundle-plan.test.ts fails when a named file is missing or no longer imported so.
// Paths are relative to packages/ and name the compiled files tsc writes under dist/.

/** Importers whose EVERY dynamic import is stubbed: the built-in commands' modules (the loader sends their words to cli.cjs). */
export const STUB_ALL_DYNAMIC_IMPORTS_OF = ['cli/dist/src/commands/command-tree.js'];

/** Single modules stubbed where one importer loads them dynamically: what only peers and their services load. */
export const FAST_STUBS = [
  { importer: 'host/dist/src/host-core.js', module: 'host/dist/src/host-registries.js', why: "the capability broker's services: peers only" },
  { importer: 'host/dist/src/host-core.js', module: 'host/dist/src/peers/peer-fleet.js', why: 'peers' },
  { importer: 'host/dist/src/host-core.js', module: 'host/dist/src/peers/peer-wiring.js', why: "peers' RPC wiring" },
  { importer: 'host/dist/src/run/launch-plan.js', module: '@outboard/protocol', why: "the protocol range for a peer's variables" },
];

/** Chunks fast.cjs loads on first use (the loader compiles them with their own code cache), by specifier. */
export const CHUNKS = {
  ajv: { file: 'ajv.cjs', specifiers: ['ajv', 'ajv/dist/2019.js', 'ajv/dist/2020.js'] },
  validate: { file: 'validate.cjs', specifiers: ['@outboard/manifest/validate'] },
};

/**
 * Modules fast.cjs loads from a chunk of their own on first use (compiled with the code cache like the bundle),
 * each named by its exact importer and module like a stub: what an extension command needs only sometimes.
 */
export const FAST_MODULE_CHUNKS = [
  { file: 'policy.cjs', importer: 'host/dist/src/policy/organisation-policy.js', module: 'host/dist/src/policy/policy-entry.js', why: 'the policy entries, with picomatch and semver: only when a policy file exists' },
];

/**
 * Chunks cli.cjs loads on first use, by specifier (compiled with their own code cache). None at present: the MCP
 * adapter is an installed package (INSTALLED_IMPORTS).
 */
export const FULL_CHUNKS = {};

/**
 * CLI modules the bundles replace by a small CommonJS file next to them, run by Node's own loader, whose
 * functions import an installed package (`exports`: function name → package): what a dependency owns is not
 * copied into the CLI. `@outboard/mcp` brings the MCP SDK (about as many bytes as the rest of the CLI), only
 * for `mcp`. The build fails when a module named here is never met.
 */
export const INSTALLED_IMPORTS = [
  { module: 'cli/dist/src/commands/mcp-adapter.js', file: 'mcp-adapter.cjs', exports: { loadMcpAdapter: '@outboard/mcp' } },
];
