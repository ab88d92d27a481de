/**
 * Every code a local Outboard error can carry: ONE table, read by the CLI (exit code and fix) and by the
 * docs test (`docs/errors.md` lists exactly these rows). Wire errors (JSON-RPC `data.code`) are not here:
 * they are the protocol's `ResponseError` codes.
 *
 * Adding a code: add a row (UPPER_SNAKE, prefixed by its area), then a row in `docs/errors.md`.
 */
export interface ErrorCodeInfo {
  /** What went wrong, one sentence. */
  meaning: string;
  /** The exit code a CLI uses when this error ends a command. */
  exitCode: number;
  /** The generic fix shown when the error carries no more specific hint. */
  fix: string;
}

export const ERROR_CODES = {
  // Generic
  INTERNAL: { meaning: 'an unexpected failure inside the host (a bug)', exitCode: 1, fix: 'rerun with OUTBOARD_DEBUG=1 and report the stack trace' },
  USAGE: { meaning: 'the command line is not understood (unknown option, missing or unexpected argument)', exitCode: 2, fix: 'run the command with --help' },

  // store/: durable files
  STORE_LOCK_TIMEOUT: { meaning: 'another process held a file lock longer than the wait allowed', exitCode: 1, fix: 'retry; if it persists, check for a hung process holding the lock' },
  STORE_CORRUPT: { meaning: 'a stored file is not valid JSON or has the wrong shape', exitCode: 1, fix: 'repair the file by hand, or let the next write keep it aside' },
  STORE_WRITE_FAILED: { meaning: 'the file system refused a write, rename or mkdir', exitCode: 1, fix: 'check permissions and free space of the home folder' },
  STORE_NEWER_FORMAT: { meaning: 'a file in the home was written in a newer format than this version reads; it is left untouched', exitCode: 1, fix: 'upgrade to the version that wrote it (every newer version reads the older formats)' },

  // config/
  CONFIG_NO_PROJECT: { meaning: 'a project config write was asked for outside any project', exitCode: 2, fix: 'run it inside a project, or pass --user' },
  CONFIG_INVALID_KEY: { meaning: 'a dotted config key is empty, has an empty segment or a forbidden name', exitCode: 2, fix: 'use a key such as `extensions.<name>.<key>`' },
  CONFIG_NOT_AN_OBJECT: { meaning: 'a config key goes through a value that is not an object', exitCode: 2, fix: 'unset the parent key first' },
  CONFIG_INVALID_VALUE: { meaning: "a config value breaks a rule (the extension's schema, the dev-path list)", exitCode: 2, fix: "see the extension's config keys with `extensions info <name>`" },
  CONFIG_USER_ONLY: { meaning: 'extensions.paths may only be written to the user config', exitCode: 2, fix: 'pass --user, or use `extensions link`' },
  CONFIG_RESERVED_NAME: { meaning: '`paths` was used as an extension name', exitCode: 2, fix: 'use another extension name' },
  CONFIG_CORRUPT: { meaning: 'a config file is not valid JSON or not an object', exitCode: 2, fix: 'repair the file by hand, or let the next config write keep it aside' },
  CONFIG_SCHEMA_INVALID: { meaning: "an extension's config schema is not a valid JSON Schema, or a $ref fails", exitCode: 2, fix: "report it to the extension's author" },
  CONFIG_SCHEMA_UNSUPPORTED: { meaning: "the config schema's $schema names a draft that is not supported", exitCode: 2, fix: 'use draft-07, 2019-09 or 2020-12' },
  CONFIG_DEV_PATH_MISSING: { meaning: 'a folder to link as a dev source does not exist or is not a folder', exitCode: 2, fix: "link the extension's package folder (the one holding its package.json)" },

  // run/: launching extension processes
  RUNNABLE_INVALID: { meaning: 'a runnable is not exactly one `bin` or a non-empty `exec`, or its program is a relative path without `./`', exitCode: 2, fix: "correct the extension's package.json manifest" },
  RUNNABLE_MISSING_BIN: { meaning: 'a package file named by `bin` or a `./` element does not exist, or is not a file', exitCode: 2, fix: 'reinstall the extension, or correct the path in its manifest' },
  RUNNABLE_NOT_EXECUTABLE: { meaning: 'a `./` program at the start of `exec` lacks its run bit', exitCode: 2, fix: 'chmod +x the program, or run it through an interpreter such as ["python3", "./tool.py"]' },
  RUNNABLE_NOT_ON_PATH: { meaning: 'the bare program at the start of `exec` is not an executable on PATH', exitCode: 2, fix: 'install the program or add its folder to PATH' },
  RUNNABLE_ESCAPES_PACKAGE: { meaning: 'a package path leaves the package through `..`, an absolute path or a symlink', exitCode: 2, fix: 'ship the file inside the package and name it relative to the package root' },
  RUNNABLE_SPAWN_FAILED: { meaning: 'the operating system refused to start the resolved program (ENOENT, EACCES...)', exitCode: 2, fix: 'check that the program exists and is executable; reinstall the extension if it ships it' },
  RUNNABLE_NOT_DECLARED: { meaning: 'the extension declares no such command, peer or sidecar (or has no valid name)', exitCode: 2, fix: 'see what it declares with `extensions info <name>`' },

  // peers/: extension peers and their actions
  PEER_ACTION_FAILED: { meaning: "an extension's peer failed to run an action: it answered with an error, could not start, or exited", exitCode: 1, fix: "see the peer's log and last error with `extensions info <name>`" },
  PEER_ACTION_UNKNOWN: { meaning: 'no installed extension offers the action (the one code for an unknown action, on every route)', exitCode: 1, fix: 'run `outboard actions list` to see the actions on offer' },
  PEER_NEEDS_APPROVAL: { meaning: 'the extension offering the action is not approved as installed (never approved, changed since approval, or disabled)', exitCode: 1, fix: 'approve it again with `outboard extensions enable <name>`' },
  ACTION_UNAVAILABLE: { meaning: 'the extension offering the action cannot run as installed (invalid, incompatible, in conflict, blocked or missing)', exitCode: 1, fix: 'run `outboard extensions info <name>` to see why and what fixes it' },

  // cli: refusals and failures of the command line (packages/cli)
  CLI_UNKNOWN_COMMAND: { meaning: 'no built-in, subcommand or enabled extension has this command', exitCode: 1, fix: 'run `outboard --help` for the list of commands' },
  CLI_NOT_AVAILABLE: { meaning: 'the built-in command is reserved for a later version', exitCode: 1, fix: 'update outboard' },
  CLI_NOT_FOUND: { meaning: 'no installed extension or linked folder has this name', exitCode: 1, fix: 'run `outboard extensions list`' },
  CLI_NOT_APPROVED: { meaning: 'the extension needs an approval that was not given', exitCode: 2, fix: 'run `outboard extensions enable <name>` to review and approve it' },
  CLI_NEEDS_TERMINAL: { meaning: 'a question had to be asked but no person is at a terminal', exitCode: 2, fix: 'pass --yes (and --grant <capability> or --grant-all) to decide on the command line' },
  CLI_CHANGED_WHILE_DECIDING: { meaning: 'the extension changed on disk between the consent prompt and the run', exitCode: 2, fix: 'run the command again to review what it is now' },
  CLI_COMMAND_CONFLICT: { meaning: 'more than one enabled extension provides the command', exitCode: 2, fix: 'disable all but one of them with `outboard extensions disable <name>`' },
  CLI_CANNOT_ENABLE: { meaning: 'the extension is invalid, incompatible or in conflict, or its package has problems doctor reports (a missing bin or peer file), so it cannot be enabled; the problems are listed', exitCode: 1, fix: 'run `outboard extensions doctor`' },
  CLI_ACTION_FAILED: { meaning: "an extension's action failed in its peer", exitCode: 1, fix: "see the extension's peer log (`outboard extensions info <name>`)" },
  CLI_FAILED: { meaning: 'the command could not do what was asked (npm failed, nothing to remove...)', exitCode: 1, fix: 'read the message; run `outboard extensions doctor` for every problem' },

  // contributions/: the input of an action, checked by the host before its peer sees it
  ACTION_ARGS_INVALID: { meaning: "an action's arguments break its argsSchema (the message names each field and schema rule)", exitCode: 2, fix: "pass arguments that match the action's argsSchema (`outboard actions list --json` shows it)" },
  ACTION_ARGS_SCHEMA_INVALID: { meaning: "an action's argsSchema is not a usable JSON Schema, so the action cannot run", exitCode: 1, fix: "report it to the extension's author" },
  ACTION_PROJECT_INVALID: { meaning: 'a project was named for an action that does not run on projects, or none for one that runs only on a project', exitCode: 2, fix: 'name a project only for actions whose targets include project (see `outboard actions list`)' },
  ACTION_PROJECT_UNKNOWN: { meaning: '--project names no registered project', exitCode: 2, fix: 'pass the id of a registered project' },
  ACTION_PROJECT_OUT_OF_SCOPE: { meaning: 'the extension is approved only for other projects than the one given', exitCode: 1, fix: 'run the action on a project the extension is approved for' },
  // hub and projects: the hub daemon and the registered projects from the command line (packages/hub, packages/cli)
  HUB_NOT_RUNNING: { meaning: 'no hub serves this home', exitCode: 1, fix: 'start one with `outboard hub start`' },
  HUB_ALREADY_RUNNING: { meaning: 'a hub already serves this home', exitCode: 1, fix: 'use it (`outboard hub status`), or stop it first with `outboard hub stop`' },
  HUB_PORT_TAKEN: { meaning: "the hub's port is taken by another program", exitCode: 1, fix: 'start it on another port (--port), or stop that program' },
  HUB_FILES_UNSAFE: { meaning: 'the home folder or the token file is open to other users, or the token file is not a regular file', exitCode: 1, fix: 'run the chmod (or rm) the message names, then start the hub again' },
  HUB_START_FAILED: { meaning: 'the hub process did not start or did not answer in time', exitCode: 1, fix: "read the hub's log (<home>/logs/hub.log), or start it with --foreground to see it fail" },
  HUB_REQUEST_FAILED: { meaning: 'the running hub refused or failed a request', exitCode: 1, fix: 'check it with `outboard hub status`; restart it with `outboard hub stop` then `outboard hub start`' },
  HUB_PAGE_FORM_EXPIRED: { meaning: "a hub page's form was sent without its page's anti-forgery token, or with one that expired (12 hours)", exitCode: 1, fix: 'reload the page and send the form again' },
  HUB_APPROVAL_REFUSED: { meaning: 'an approval or enable from a hub page was refused: the extension cannot be enabled, changed while you were deciding, or a required sensitive capability was not confirmed', exitCode: 1, fix: 'read the reason; reload the extension page to review it again' },
  PROJECT_INVALID: { meaning: 'a project path, id or name was refused (not a folder, reserved or malformed id, id taken)', exitCode: 2, fix: 'read the message; `outboard projects list` shows the registered projects' },
  PROJECT_NOT_FOUND: { meaning: 'no registered project has this id', exitCode: 1, fix: 'run `outboard projects list` to see the registered projects' },
  PROJECT_NONE_HERE: { meaning: 'the action runs on a project, none was named, and no registered project contains the current folder', exitCode: 2, fix: 'register this folder with `outboard projects add .`, or pass --project <id>' },
  // hub sidecars: which extensions the hub serves at /x/<name>/, and why one is not served (packages/hub/src/sidecars)
  SIDECAR_UNKNOWN: { meaning: 'no installed extension has this name, or it declares no sidecar', exitCode: 1, fix: 'run `outboard extensions list` and `outboard extensions info <name>`' },
  SIDECAR_NOT_SERVED: { meaning: 'the hub does not serve this sidecar: the extension is not enabled as installed (unapproved, changed, disabled, invalid, incompatible, in conflict) or comes from a project source', exitCode: 2, fix: 'run `outboard extensions enable <name>`; install project extensions in the user source for the hub' },
  SIDECAR_UNAVAILABLE: { meaning: 'the sidecar could not be started or did not become healthy (memory floor, crash backoff, health timeout, early exit)', exitCode: 1, fix: "read the sidecar's log (`<home>/ext/<name>/logs/sidecar.log`)" },
  // scaffold: `extensions create` writing a new extension package (packages/host/src/scaffold)
  SCAFFOLD_NAME_INVALID: { meaning: 'the name cannot name an extension: it breaks the slug rule or is a reserved word or built-in command', exitCode: 2, fix: 'choose a lowercase name such as `my-tool` (a letter, then letters, digits or `-`, at most 39)' },
  SCAFFOLD_TARGET_NOT_EMPTY: { meaning: 'the folder to create the extension in already exists and is not empty (or is a file)', exitCode: 2, fix: 'choose another name, or an empty or new folder with --dir <path>' },
  SCAFFOLD_WRITE_FAILED: { meaning: 'the files of the new extension could not be written', exitCode: 1, fix: 'read the message (permissions, disk space), then retry in another folder with --dir <path>' },
  // bus, rpc, plugins: the event bus, the one RPC registry and in-process plugins (packages/host/src/{bus,rpc,plugins}, `events`, `rpc`)
  RPC_METHOD_INVALID: { meaning: 'an RPC method name is not a dotted name, or its handler is not a function', exitCode: 2, fix: 'register a dotted name such as `myplugin.doThing` with a handler function' },
  RPC_METHOD_TAKEN: { meaning: 'an RPC method is already served by another owner (both are named)', exitCode: 1, fix: 'rename one of the two methods; every method has exactly one owner' },
  RPC_CALL_FAILED: { meaning: 'an RPC method refused or failed the call (the message says why)', exitCode: 1, fix: 'read the message; `outboard rpc rpc.methods` lists the methods served' },
  PLUGIN_INVALID: { meaning: 'a plugin passed to createHost is malformed (no name or setup, a duplicate name, a bad type glob)', exitCode: 1, fix: "fix the plugin list given to createHost({ plugins })" },
  PLUGIN_SETUP_FAILED: { meaning: "a plugin's setup threw, so the host did not start (the plugin is named)", exitCode: 1, fix: "fix that plugin's setup, or remove it from createHost({ plugins })" },
  EVENTS_NEED_HUB: { meaning: 'events are published inside a running hub; without one there is nothing to read', exitCode: 1, fix: 'start one with `outboard hub start`, then run the command again' },
} as const satisfies Record<string, ErrorCodeInfo>;

/** One code of {@link ERROR_CODES}. */
export type OutboardErrorCode = keyof typeof ERROR_CODES;

/** True when `code` is a known {@link OutboardErrorCode}. */
export function isOutboardErrorCode(code: unknown): code is OutboardErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, code);
}
