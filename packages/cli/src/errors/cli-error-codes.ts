import type { ErrorCodeInfo } from '@outboard/host/errors';

/**
 * The codes of the command line's own refusals and failures: ONE table, of the same shape as the host's
 * `ERROR_CODES` (meaning, exit code, a fix template taking the host's names), raised as {@link CliError} and
 * listed in docs/errors.md ("Errors of the command line"; a test holds the two equal and fails on a code that
 * nothing raises). The CLI also raises codes of the host's table and of the hub's (`HUB_START_FAILED`).
 */
export const CLI_ERROR_CODES = {
  // the command line: usage, dispatch, consent, and what a command could not do
  USAGE: { meaning: 'the command line is not understood (unknown option, missing or unexpected argument)', exitCode: 2, fix: (_host) => `run the command with --help` },
  CLI_UNKNOWN_COMMAND: { meaning: 'no built-in, subcommand or enabled extension has this command', exitCode: 1, fix: (host) => `run \`${host.id} --help\` for the list of commands` },
  CLI_NOT_AVAILABLE: { meaning: 'the built-in command is reserved for a later version', exitCode: 1, fix: (host) => `update ${host.id}` },
  CLI_NOT_FOUND: { meaning: 'no installed extension or linked folder has this name', exitCode: 1, fix: (host) => `run \`${host.id} extensions list\`` },
  CLI_NOT_APPROVED: { meaning: 'the extension needs an approval that was not given', exitCode: 2, fix: (host) => `run \`${host.id} extensions enable <name>\` to review and approve it` },
  CLI_NEEDS_TERMINAL: { meaning: 'a question had to be asked but no person is at a terminal', exitCode: 2, fix: (_host) => `pass --yes (and --grant <capability> or --grant-all) to decide on the command line` },
  CLI_CHANGED_WHILE_DECIDING: { meaning: 'the extension changed on disk between the consent prompt and the run', exitCode: 2, fix: (_host) => `run the command again to review what it is now` },
  CLI_COMMAND_CONFLICT: { meaning: 'more than one enabled extension provides the command', exitCode: 2, fix: (host) => `disable all but one of them with \`${host.id} extensions disable <name>\`` },
  CLI_CANNOT_ENABLE: { meaning: 'the extension is invalid, incompatible or in conflict, or its package has problems doctor reports (a missing bin or peer file), so it cannot be enabled; the problems are listed', exitCode: 1, fix: (host) => `run \`${host.id} extensions doctor\`` },
  CLI_VIEW_FAILED: { meaning: 'a view could not be shown: nothing enabled offers it, it is a sidecar page, its project is not one it may see, or its peer failed or did not answer in time', exitCode: 1, fix: (host) => `run \`${host.id} views list\` to see the views on offer; see the peer log with \`${host.id} extensions info <name>\`` },
  CLI_ACTION_FAILED: { meaning: "an extension's action failed in its peer", exitCode: 1, fix: (host) => `see the extension's peer log (\`${host.id} extensions info <name>\`)` },
  CLI_FAILED: { meaning: 'the command could not do what was asked (npm failed, nothing to remove...)', exitCode: 1, fix: (host) => `read the message; run \`${host.id} extensions doctor\` for every problem` },
  // a running hub, seen from the command line (`hub start`, `hub open`, commands that go through the hub)
  HUB_NOT_RUNNING: { meaning: 'no hub serves this home', exitCode: 1, fix: (host) => `start one with \`${host.id} hub start\`` },
  HUB_ALREADY_RUNNING: { meaning: 'a hub already serves this home', exitCode: 1, fix: (host) => `use it (\`${host.id} hub status\`), or stop it first with \`${host.id} hub stop\`` },
  HUB_REQUEST_FAILED: { meaning: 'the running hub refused or failed a request', exitCode: 1, fix: (host) => `check it with \`${host.id} hub status\`; restart it with \`${host.id} hub stop\` then \`${host.id} hub start\`` },
  // `extensions bisect`
  BISECT_IN_PROGRESS: { meaning: 'a bisect of this home was started and not finished (its restore file is in the home)', exitCode: 1, fix: (host) => `restore what it changed with \`${host.id} extensions bisect --reset\`` },
  BISECT_NEEDS_TERMINAL: { meaning: 'bisect asks after each step whether the problem is still there, and no person is at a terminal', exitCode: 2, fix: (_host) => `pass --run '<command>' to decide each step by the command's exit code` },
  BISECT_NOTHING_ENABLED: { meaning: 'bisect halves the enabled extensions, and fewer than two are enabled', exitCode: 1, fix: (host) => `enable the extensions to search among with \`${host.id} extensions enable <name>\`` },
  // `events`, `notifications --follow`, a provider's `--follow`: what only a running hub publishes
  EVENTS_NEED_HUB: { meaning: 'events are published inside a running hub; without one there is nothing to read', exitCode: 1, fix: (host) => `start one with \`${host.id} hub start\`, then run the command again` },
} as const satisfies Record<string, ErrorCodeInfo>;

/** One code of {@link CLI_ERROR_CODES}. */
export type CliErrorCode = keyof typeof CLI_ERROR_CODES;
