/** Whether breaking a rule makes the extension invalid (never listed as runnable) or incompatible (listed with a reason). */
export type RuleOutcome = 'invalid' | 'incompatible';

/** A rule the validator checks, with the stable id its problems carry. */
export interface ManifestRule {
  /** Stable id, e.g. `bin.escape`; never renamed once published. */
  id: string;
  /** What breaking it does to the extension. */
  outcome: RuleOutcome;
  /** What the rule requires, one sentence (the docs' rule table says the same). */
  summary: string;
}

const rule = (id: string, summary: string, outcome: RuleOutcome = 'invalid'): ManifestRule =>
  Object.freeze({ id, outcome, summary });

/** Every rule the validator reports, in the order of the docs' rule table. */
export const MANIFEST_RULES: readonly ManifestRule[] = Object.freeze([
  rule('package.type', 'package.json is a JSON object.'),
  rule('block.type', 'The `<hostId>.extension` block is a JSON object.'),
  rule('schema.type', 'Every field has the type the schema gives it.'),
  rule('schema.required', 'Required fields are present (`apiVersion`, `name`, `commands[].name`, `hub.label`, ...).'),
  rule('schema.enum', 'A field with a fixed set of values uses one of them (`apiVersion`, `targets[]`).'),
  rule('schema.min-length', 'Labels, titles, summaries and paths are not empty strings.'),
  rule('schema.min-items', 'A list that must not be empty has at least one entry (`targets`).'),
  rule('api-version.unsupported', '`apiVersion` is one the running host supports.', 'incompatible'),
  rule('name.slug', '`name` matches `^[a-z][a-z0-9-]{0,38}$`.'),
  rule('name.reserved', '`name` is not a reserved word or one of the host\'s built-in commands and aliases.'),
  rule('publisher.slug', '`publisher` matches `^[a-z0-9][a-z0-9-]{0,38}$`.'),
  rule('command.slug', 'Each `commands[].name` matches `^[a-z][a-z0-9-]{0,38}$`.'),
  rule('command.reserved', 'No `commands[].name` is a reserved word or a built-in command or alias.'),
  rule('command.duplicate', 'No two commands share a name.'),
  rule('runnable.exactly-one', 'Each command, the sidecar and the peer have exactly one of `bin` and `exec`.'),
  rule('bin.extension', '`bin` names a `.js`, `.mjs` or `.cjs` file.'),
  rule('bin.absolute', '`bin` is a relative path, not absolute and without a drive letter.'),
  rule('bin.escape', '`bin` stays inside the package (no `..` leading out).'),
  rule('bin.backslash', '`bin` uses `/` separators, never `\\`.'),
  rule('exec.shell-string', '`exec` is an argv array, never a shell command string.'),
  rule('exec.empty', '`exec` has at least one element (the program).'),
  rule('exec.empty-element', 'No `exec` element is an empty string.'),
  rule('exec.relative-program', 'The `exec` program is a bare name looked up on `PATH`, a `./` package path or an absolute path, never a relative path without `./`.'),
  rule('exec.escape', 'An `exec` element starting with `./` stays inside the package.'),
  rule('exec.backslash', 'An `exec` element starting with `./` uses `/` separators, never `\\`.'),
  rule('sidecar.health', '`sidecar.health` is a path starting with `/`.'),
  rule('sidecar.idle-stop', '`sidecar.idleStopMinutes` is a positive number.'),
  rule('peer.activation', 'Each `peer.activation` entry is `onAction`, `onRpc`, `onProvider`, `onView`, `onStartup`, `onEvent:<event type glob>` (only `*` is a wildcard) or `onProject:<glob>`.'),
  rule('project-link.path', '`projectLinks[].path` starts with one `/` (a path inside the sidecar).'),
  rule('project-link.placeholder', '`projectLinks[].path` uses no placeholders but `{projectId}` and `{repoRoot}`.'),
  rule('config-schema.extension', '`configSchema` names a `.json` file.'),
  rule('config-schema.absolute', '`configSchema` is a relative path, not absolute and without a drive letter.'),
  rule('config-schema.escape', '`configSchema` stays inside the package (no `..` leading out).'),
  rule('config-schema.backslash', '`configSchema` uses `/` separators, never `\\`.'),
  rule('contributes.id', 'Action, status, provider and view ids are dotted identifiers such as `git.log`.'),
  rule('contributes.owned-id', 'Every action, status, provider and view id, RPC method and event type starts with `<name>.` and is outside the host namespaces (`host.`, `extension.`, `peer.`, `project.`, `sidecar.`, `action.`).'),
  rule('contributes.duplicate-id', 'No id, RPC method or event type is declared twice in its list.'),
  rule('view.runner', 'A peer view (no `path`) needs a `peer`; a sidecar view (with `path`) needs a `sidecar`.'),
  rule('view.placeholder', '`contributes.views[].path` uses no placeholder but `{projectId}`.'),
  rule('rpc.method-name', 'Each `contributes.rpc` entry is a dotted name such as `git.getLog`, not starting with `rpc.`.'),
  rule('events.type-name', 'Each `contributes.events` entry is a dotted name such as `git.changed`, without wildcards.'),
  rule('capability.unknown', 'Each capability is in the catalog or registered by the host.'),
  rule('capability.duplicate', 'No capability is listed twice in one list.'),
  rule('capability.required-and-optional', 'No capability is both required and optional.'),
  rule('permissions.hub-route', 'Each `permissions.hub` entry is `METHOD /path` with a known HTTP method and a plain path (no `..`, `.`, `//`, `\\`, `**` or escaped separators).'),
  rule('engines.missing', 'package.json has `engines.<hostId>`, the host versions the extension supports.'),
  rule('engines.range', '`engines.<hostId>` is a valid semver range.'),
  rule('engines.excludes', '`engines.<hostId>` includes the running host version.', 'incompatible'),
]);

/** The id of every rule in `MANIFEST_RULES`. */
export const MANIFEST_RULE_IDS: readonly string[] = Object.freeze(MANIFEST_RULES.map((r) => r.id));
