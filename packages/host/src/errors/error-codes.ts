import type { FixNames } from '@outboard/protocol';
import { envPrefixOf } from '../identity/env-prefix.js';

export type { FixNames };

/**
 * Every code a local error of the host library can carry: ONE table, read by the CLI (exit code and fix) and by
 * the docs test (`docs/errors.md` lists exactly these rows). The CLI's and the hub's codes are in their own
 * packages' tables (`CLI_ERROR_CODES`, `HUB_ERROR_CODES`, `SIDECAR_ERROR_CODES`), of the same shape. Wire errors
 * (JSON-RPC `data.code`) are not here: they are the protocol's `ResponseError` codes.
 *
 * Adding a code: add a row (UPPER_SNAKE, prefixed by its area), then a row in `docs/errors.md` (the fix as
 * the reference host `outboard` shows it), and raise it somewhere (a test fails on a code nothing raises).
 */
export interface ErrorCodeInfo {
  /** What went wrong, one sentence. */
  meaning: string;
  /** The exit code a CLI uses when this error ends a command. */
  exitCode: number;
  /**
   * The generic fix shown when the error carries no more specific hint, for the host it is shown by: a
   * template taking the host's names, so a host embedded as `ndx` says `ndx extensions list` (DESIGN §1).
   */
  fix: (host: FixNames) => string;
}

/** A package's table of local error codes (the host's {@link ERROR_CODES}, the CLI's, the hub's): code → row. */
export type ErrorCodeTable = Readonly<Record<string, ErrorCodeInfo>>;

export const ERROR_CODES = {
  // Generic
  INTERNAL: { meaning: 'an unexpected failure inside the host (a bug)', exitCode: 1, fix: (host) => `rerun with ${host.envPrefix}_DEBUG=1 and report the stack trace` },

  // store/: durable files
  STORE_LOCK_TIMEOUT: { meaning: 'another process held a file lock longer than the wait allowed', exitCode: 1, fix: (_host) => `retry; if it persists, check for a hung process holding the lock` },
  STORE_CORRUPT: { meaning: 'a stored file is not valid JSON or has the wrong shape', exitCode: 1, fix: (_host) => `repair the file by hand, or let the next write keep it aside` },
  STORE_WRITE_FAILED: { meaning: 'the file system refused a write, rename or mkdir', exitCode: 1, fix: (_host) => `check permissions and free space of the home folder` },
  STORE_NEWER_FORMAT: { meaning: 'a file in the home was written in a newer format than this version reads; it is left untouched', exitCode: 1, fix: (_host) => `upgrade to the version that wrote it (every newer version reads the older formats)` },

  // config/
  CONFIG_NO_PROJECT: { meaning: 'a project config write was asked for outside any project', exitCode: 2, fix: (_host) => `run it inside a project, or pass --user` },
  CONFIG_INVALID_KEY: { meaning: 'a dotted config key is empty, has an empty segment or a forbidden name', exitCode: 2, fix: (_host) => `use a key such as \`extensions.<name>.<key>\`` },
  CONFIG_NOT_AN_OBJECT: { meaning: 'a config key goes through a value that is not an object', exitCode: 2, fix: (_host) => `unset the parent key first` },
  CONFIG_INVALID_VALUE: { meaning: "a config value breaks a rule (the extension's schema, the dev-path list)", exitCode: 2, fix: (_host) => `see the extension's config keys with \`extensions info <name>\`` },
  CONFIG_USER_ONLY: { meaning: 'extensions.paths may only be written to the user config', exitCode: 2, fix: (_host) => `pass --user, or use \`extensions link\`` },
  CONFIG_RESERVED_NAME: { meaning: '`paths` was used as an extension name', exitCode: 2, fix: (_host) => `use another extension name` },
  CONFIG_CORRUPT: { meaning: 'a config file is not valid JSON or not an object', exitCode: 2, fix: (_host) => `repair the file by hand, or let the next config write keep it aside` },
  CONFIG_SCHEMA_INVALID: { meaning: "an extension's config schema is not a valid JSON Schema, or a $ref fails", exitCode: 2, fix: (_host) => `report it to the extension's author` },
  CONFIG_SCHEMA_UNSUPPORTED: { meaning: "the config schema's $schema names a draft that is not supported", exitCode: 2, fix: (_host) => `use draft-07, 2019-09 or 2020-12` },
  CONFIG_DEV_PATH_MISSING: { meaning: 'a folder to link as a dev source does not exist or is not a folder', exitCode: 2, fix: (_host) => `link the extension's package folder (the one holding its package.json)` },

  // install/: `extensions add` and `remove` through npm in the home
  INSTALL_NPM_FAILED: { meaning: 'npm could not be found or started, or it failed to install or uninstall the package (its output says why)', exitCode: 1, fix: (_host) => "read npm's output above the error, then run the command again" },
  INSTALL_NOT_REMOVABLE: { meaning: 'the extension does not come from the user source that `extensions remove` manages (a project dependency, a global install or a linked folder)', exitCode: 1, fix: (host) => `remove it where it comes from (\`${host.id} extensions info <name>\` names the source)` },

  // run/: launching extension processes
  RUNNABLE_INVALID: { meaning: 'a runnable is not exactly one `bin` or a non-empty `exec`, or its program is a relative path without `./`', exitCode: 2, fix: (_host) => `correct the extension's package.json manifest` },
  RUNNABLE_MISSING_BIN: { meaning: 'a package file named by `bin` or a `./` element does not exist, or is not a file', exitCode: 2, fix: (_host) => `reinstall the extension, or correct the path in its manifest` },
  RUNNABLE_NOT_EXECUTABLE: { meaning: 'a `./` program at the start of `exec` lacks its run bit', exitCode: 2, fix: (_host) => `chmod +x the program, or run it through an interpreter such as ["python3", "./tool.py"]` },
  RUNNABLE_NOT_ON_PATH: { meaning: 'the bare program at the start of `exec` is not an executable on PATH', exitCode: 2, fix: (_host) => `install the program or add its folder to PATH` },
  RUNNABLE_ESCAPES_PACKAGE: { meaning: 'a package path leaves the package through `..`, an absolute path or a symlink', exitCode: 2, fix: (_host) => `ship the file inside the package and name it relative to the package root` },
  RUNNABLE_SPAWN_FAILED: { meaning: 'the operating system refused to start the resolved program (ENOENT, EACCES...)', exitCode: 2, fix: (_host) => `check that the program exists and is executable; reinstall the extension if it ships it` },
  RUNNABLE_NOT_DECLARED: { meaning: 'the extension declares no such command, peer or sidecar (or has no valid name)', exitCode: 2, fix: (_host) => `see what it declares with \`extensions info <name>\`` },

  // peers/: extension peers and their actions
  PEER_ACTION_FAILED: { meaning: "an extension's peer failed to run an action: it answered with an error, could not start, or exited", exitCode: 1, fix: (_host) => `see the peer's log and last error with \`extensions info <name>\`` },
  PEER_ACTION_UNKNOWN: { meaning: 'no installed extension offers the action (the one code for an unknown action, on every route)', exitCode: 1, fix: (host) => `run \`${host.id} actions list\` to see the actions on offer` },
  PEER_NEEDS_APPROVAL: { meaning: 'the extension offering the action is not approved as installed (never approved, changed since approval, or disabled)', exitCode: 1, fix: (host) => `approve it again with \`${host.id} extensions enable <name>\`` },
  ACTION_UNAVAILABLE: { meaning: 'the extension offering the action cannot run as installed (invalid, incompatible, in conflict, blocked or missing)', exitCode: 1, fix: (host) => `run \`${host.id} extensions info <name>\` to see why and what fixes it` },

  // policy/: the organisation policy (DESIGN §12)
  POLICY_BLOCKED: { meaning: 'the organisation policy blocks the extension (a blocked entry, not in allowed, a required capability it never grants, or an invalid policy file)', exitCode: 2, fix: (host) => `the policy is read-only: ask whoever manages the policy file; \`${host.id} extensions info <name>\` names the rule` },
  POLICY_LINK_REFUSED: { meaning: 'the organisation policy does not allow `extensions link` (allowLink is false, or the policy file is invalid)', exitCode: 2, fix: (_host) => `install a published package instead, or ask whoever manages the policy file` },
  POLICY_ADD_REFUSED: { meaning: 'the organisation policy does not allow `extensions add` from a tarball or folder (allowLocalAdd is false, or the policy file is invalid)', exitCode: 2, fix: (_host) => `install a published package by name, or ask whoever manages the policy file` },

  // automations and limits
  CONFIG_LIMIT_RAISED: { meaning: "extensions.<name>.limits raises a resource limit of the extension's manifest (the user may only lower them)", exitCode: 2, fix: (_host) => `set it at or below the manifest's value (see \`extensions info <name>\`), or unset it` },
  AUTOMATION_INVALID: { meaning: 'an automation is malformed (trigger, action, mode, bounds or a template placeholder)', exitCode: 2, fix: (host) => `see \`${host.id} automations add --help\` and docs/automations.md` },
  AUTOMATION_REFUSED: { meaning: "the catalogue does not know the automation's trigger or action, or its arguments break the action's argsSchema", exitCode: 2, fix: (host) => `run \`${host.id} automations catalog\` to see the triggers and actions on offer` },
  AUTOMATION_EXISTS: { meaning: 'an automation with that id exists already', exitCode: 2, fix: (_host) => `pick another id with --id, or remove the old one first` },
  AUTOMATION_NOT_FOUND: { meaning: 'no automation has that id', exitCode: 1, fix: (host) => `run \`${host.id} automations list\` to see them` },
  AUTOMATION_TEMPLATE_UNKNOWN: { meaning: 'no enabled extension offers that automation template', exitCode: 2, fix: (host) => `run \`${host.id} automations catalog\` to see the templates on offer` },

  // contributions/: the input of an action, checked by the host before its peer sees it
  ACTION_ARGS_INVALID: { meaning: "an action's arguments break its argsSchema (the message names each field and schema rule)", exitCode: 2, fix: (host) => `pass arguments that match the action's argsSchema (\`${host.id} actions list --json\` shows it)` },
  ACTION_ARGS_SCHEMA_INVALID: { meaning: "an action's argsSchema is not a usable JSON Schema, so the action cannot run", exitCode: 1, fix: (_host) => `report it to the extension's author` },
  ACTION_PROJECT_INVALID: { meaning: 'a project was named for an action that does not run on projects, or none for one that runs only on a project', exitCode: 2, fix: (host) => `name a project only for actions whose targets include project (see \`${host.id} actions list\`)` },
  ACTION_PROJECT_UNKNOWN: { meaning: '--project names no registered project', exitCode: 2, fix: (_host) => `pass the id of a registered project` },
  ACTION_PROJECT_OUT_OF_SCOPE: { meaning: 'the extension is approved only for other projects than the one given', exitCode: 1, fix: (_host) => `run the action on a project the extension is approved for` },
  // projects: the registered projects (packages/host/src/projects, `projects`)
  PROJECT_INVALID: { meaning: 'a project path, id or name was refused (not a folder, reserved or malformed id, id taken)', exitCode: 2, fix: (host) => `read the message; \`${host.id} projects list\` shows the registered projects` },
  PROJECT_NOT_FOUND: { meaning: 'no registered project has this id', exitCode: 1, fix: (host) => `run \`${host.id} projects list\` to see the registered projects` },
  PROJECT_NONE_HERE: { meaning: 'the action runs on a project, none was named, and no registered project contains the current folder', exitCode: 2, fix: (host) => `register this folder with \`${host.id} projects add .\`, or pass --project <id>` },
  // scaffold: `extensions create` writing a new extension package (packages/host/src/scaffold)
  SCAFFOLD_NAME_INVALID: { meaning: 'the name cannot name an extension: it breaks the slug rule or is a reserved word or built-in command', exitCode: 2, fix: (_host) => `choose a lowercase name such as \`my-tool\` (a letter, then letters, digits or \`-\`, at most 39)` },
  SCAFFOLD_TARGET_NOT_EMPTY: { meaning: 'the folder to create the extension in already exists and is not empty (or is a file)', exitCode: 2, fix: (_host) => `choose another name, or an empty or new folder with --dir <path>` },
  SCAFFOLD_WRITE_FAILED: { meaning: 'the files of the new extension could not be written', exitCode: 1, fix: (_host) => `read the message (permissions, disk space), then retry in another folder with --dir <path>` },
  // bus, rpc, plugins: the event bus, the one RPC registry and in-process plugins (packages/host/src/{bus,rpc,plugins})
  RPC_METHOD_INVALID: { meaning: 'an RPC method name is not a dotted name, or its handler is not a function', exitCode: 2, fix: (_host) => `register a dotted name such as \`myplugin.doThing\` with a handler function` },
  RPC_METHOD_TAKEN: { meaning: 'an RPC method is already served by another owner (both are named)', exitCode: 1, fix: (_host) => `rename one of the two methods; every method has exactly one owner` },
  RPC_CALL_FAILED: { meaning: 'an RPC method refused or failed the call (the message says why)', exitCode: 1, fix: (host) => `read the message; \`${host.id} rpc rpc.methods\` lists the methods served` },
  PLUGIN_INVALID: { meaning: 'a plugin passed to createHost is malformed (no name or setup, a duplicate name, a bad type glob)', exitCode: 1, fix: (_host) => `fix the plugin list given to createHost({ plugins })` },
  PLUGIN_SETUP_FAILED: { meaning: "a plugin's setup threw, so the host did not start (the plugin is named)", exitCode: 1, fix: (_host) => `fix that plugin's setup, or remove it from createHost({ plugins })` },
} as const satisfies Record<string, ErrorCodeInfo>;

/** One code of {@link ERROR_CODES}. */
export type OutboardErrorCode = keyof typeof ERROR_CODES;

/** True when `code` is a known {@link OutboardErrorCode}. */
export function isOutboardErrorCode(code: unknown): code is OutboardErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, code);
}

/** The generic fix of `code` in the words of the host `host` (its id, and its environment prefix or the default one). */
export function fixFor(code: OutboardErrorCode, host: { id: string; envPrefix?: string | undefined }): string {
  return ERROR_CODES[code].fix({ id: host.id, envPrefix: envPrefixOf(host) });
}
