import type { CommandSpec } from './command-spec.js';

const json = { json: { type: 'boolean', description: 'print JSON instead of text' } } as const;

const EXTENSIONS: CommandSpec = {
  name: 'extensions',
  aliases: ['ext'],
  summary: 'Manage extensions: list, info, doctor, enable, disable, add, remove, link, create, logs, stop, restart, bisect',
  subcommands: [
    { name: 'list', aliases: ['ls'], summary: 'Every installed extension with its source and state', options: json, load: () => import('./extensions-list.js') },
    { name: 'info', summary: 'Manifest, sources, config keys, shadowed copies and problems of one extension', args: '<name>', minPositionals: 1, missing: 'the extension name', options: json, load: () => import('./extensions-info.js') },
    { name: 'doctor', summary: 'One line per problem with its fix; exits 1 when there is any', options: json, load: () => import('./extensions-doctor.js') },
    {
      name: 'enable',
      summary: 'Approve exactly this manifest (asking in a terminal) and enable it',
      args: '<name>',
      minPositionals: 1,
      missing: 'the extension name',
      options: {
        yes: { type: 'boolean', short: 'y', description: 'approve without a prompt (what is shown is what is approved)' },
        grant: { type: 'string', multiple: true, value: '<capability>', description: 'also grant this optional capability (repeatable)' },
        'grant-all': { type: 'boolean', description: 'grant every optional capability it requests' },
        agents: { type: 'string', value: 'read-only|all|<ids>', description: 'which actions agents (`mcp`) may use: read-only ones (the default), all, or these action ids too' },
      },
      notes: (cmd) => [
        `Without a terminal, sensitive capabilities need --grant <capability> or --grant-all, e.g. \`${cmd} extensions enable <name> --yes --grant rpc.call\`.`,
        `Agents see only read-only actions unless --agents allows more, e.g. \`${cmd} extensions enable <name> --yes --agents all\`.`,
      ],
      load: () => import('./extensions-enable.js'),
    },
    { name: 'disable', summary: 'Hide its commands, links and cards; keep approval, grants and config', args: '<name>', minPositionals: 1, missing: 'the extension name', load: () => import('./extensions-disable.js') },
    { name: 'add', summary: 'npm install a package, tarball or folder into the user source', args: '<spec>', minPositionals: 1, missing: 'what to install (a package, tarball or folder)', load: () => import('./extensions-add.js') },
    {
      name: 'remove',
      aliases: ['rm'],
      summary: 'Uninstall a user-source extension and delete its approval',
      args: '<name>',
      minPositionals: 1,
      missing: 'the extension name',
      options: { purge: { type: 'boolean', description: 'also delete its state folder' } },
      load: () => import('./extensions-remove.js'),
    },
    { name: 'link', summary: 'Use an extension from a folder (dev source)', args: '<path>', minPositionals: 1, missing: 'the folder to link', load: () => import('./extensions-link.js') },
    { name: 'unlink', summary: 'Stop using a dev path', args: '<path>', minPositionals: 1, missing: 'the folder to unlink', load: () => import('./extensions-unlink.js') },
    {
      name: 'logs',
      summary: "Its peer's and sidecar's logs (the last lines; --follow keeps printing)",
      args: '<name>',
      minPositionals: 1,
      missing: 'the extension name',
      options: {
        follow: { type: 'boolean', short: 'f', description: 'keep printing new lines until Ctrl+C' },
        lines: { type: 'string', value: '<n>', description: 'how many of the last lines of each log to show (default 50)' },
      },
      load: () => import('./extensions-logs.js'),
    },
    {
      name: 'stop',
      summary: 'Stop its peer and sidecar in the running hub',
      args: '<name>',
      minPositionals: 1,
      missing: 'the extension name',
      notes: (cmd) => [`Without a hub nothing of an extension runs outside the command using it. \`${cmd} extensions restart <name>\` starts it again.`],
      load: () => import('./extensions-control.js').then((m) => ({ run: m.stop })),
    },
    {
      name: 'restart',
      summary: 'Restart its peer and sidecar in the running hub (a failed peer included)',
      args: '<name>',
      minPositionals: 1,
      missing: 'the extension name',
      notes: () => ['Without a hub it starts the peer once in this process, with a clean crash window, to show that it starts.'],
      load: () => import('./extensions-control.js').then((m) => ({ run: m.restart })),
    },
    {
      name: 'bisect',
      summary: 'Find the extension behind a problem by halving the enabled set; restores everything after',
      options: {
        run: { type: 'string', value: '<command>', description: "decide each step by this shell command's exit code (0 good, 125 skip, else bad) instead of asking" },
        reset: { type: 'boolean', description: 'undo an unfinished bisect (after a crash): restore every enabled state, approval and grant' },
      },
      notes: (cmd) => [`Each step enables half of the suspects; answer bad when the problem is still there. Ctrl+C restores everything, and \`${cmd} extensions bisect --reset\` does after a crash.`],
      load: () => import('./extensions-bisect.js'),
    },
    { name: 'sidecar', summary: 'The launch plan the hub runs for its sidecar (checks included)', args: '<name>', minPositionals: 1, missing: 'the extension name', options: json, load: () => import('./extensions-sidecar.js') },
    {
      name: 'create',
      summary: 'Write a new extension package: a command, or a peer and/or a sidecar',
      args: '<name>',
      minPositionals: 1,
      missing: 'the extension name',
      options: {
        peer: { type: 'boolean', description: 'a long-lived peer with one action (Node, no dependencies)' },
        python: { type: 'boolean', description: 'write the peer in Python (standard library only); implies --peer' },
        sidecar: { type: 'boolean', description: 'a hub sidecar: a web page the hub serves at /x/<name>/' },
        dir: { type: 'string', value: '<path>', description: 'the folder to write (default: ./<name>); it must be new or empty' },
      },
      notes: (cmd) => [`Without --peer, --python or --sidecar it writes a command. Then: \`${cmd} extensions link <folder>\` and \`${cmd} extensions enable <name> --yes\`.`],
      load: () => import('./extensions-create.js'),
    },
  ],
};

const ACTIONS: CommandSpec = {
  name: 'actions',
  summary: 'List and run actions that extension peers contribute',
  subcommands: [
    { name: 'list', aliases: ['ls'], summary: 'Actions offered by enabled extensions', options: json, load: () => import('./actions-list.js') },
    {
      name: 'run',
      summary: "Run the action in its peer (the hub's when one runs) and print its result",
      args: '<id>',
      minPositionals: 1,
      missing: 'the action id',
      options: {
        project: { type: 'string', value: '<id>', description: 'run it for this registered project' },
        args: { type: 'string', value: '<json>', description: "the action's arguments as JSON, e.g. '{\"depth\": 3}'" },
        ...json,
      },
      notes: (cmd) => [
        'Ctrl+C (or SIGTERM, SIGHUP) cancels the action in the peer; the exit code is then 128 + the signal number.',
        `An action that cannot run is refused with its reason and fix, e.g. \`${cmd} extensions enable <name>\`.`,
      ],
      load: () => import('./actions-run.js'),
    },
  ],
};

const PROJECTS: CommandSpec = {
  name: 'projects',
  summary: 'Register the projects actions, status and the hub work on',
  subcommands: [
    { name: 'list', aliases: ['ls'], summary: 'Every registered project', options: json, load: () => import('./projects-list.js') },
    {
      name: 'add',
      summary: 'Register the project holding a folder (default: the current folder)',
      args: '[<path>]',
      maxPositionals: 1,
      options: {
        name: { type: 'string', value: '<name>', description: 'display name (default: the folder name)' },
        id: { type: 'string', value: '<id>', description: 'the id, a lowercase slug (default: from the folder name); `x` is reserved' },
        ...json,
      },
      load: () => import('./projects-add.js'),
    },
    { name: 'remove', aliases: ['rm'], summary: 'Forget a registered project (its folder is untouched)', args: '<id>', minPositionals: 1, missing: 'the project id', load: () => import('./projects-remove.js') },
    { name: 'show', summary: 'One registered project', args: '<id>', minPositionals: 1, missing: 'the project id', options: json, load: () => import('./projects-show.js') },
  ],
};

const HUB: CommandSpec = {
  name: 'hub',
  summary: 'Run the local hub: extension web apps, shared peers and the hub API',
  subcommands: [
    {
      name: 'start',
      summary: 'Start the hub in the background and print its URL',
      options: {
        port: { type: 'string', value: '<n>', description: 'the loopback port (default 3117; 0 picks a free one)' },
        foreground: { type: 'boolean', description: 'run in this terminal until Ctrl+C' },
      },
      load: () => import('./hub-start.js'),
    },
    { name: 'stop', summary: 'Stop the hub, its sidecars and its peers', load: () => import('./hub-stop.js') },
    { name: 'status', summary: 'Whether a hub runs, its URL and pid, and a fresh sign-in link', options: json, load: () => import('./hub-status.js') },
    { name: 'open', summary: 'Print a fresh sign-in link and open it in your browser', load: () => import('./hub-open.js') },
  ],
};

const STATUS: CommandSpec = {
  name: 'status',
  summary: 'The status items extension peers contribute',
  options: { project: { type: 'string', value: '<id>', description: 'only global items and those of this project' }, ...json },
  load: () => import('./status.js'),
};

const NOTIFICATIONS: CommandSpec = {
  name: 'notifications',
  summary: 'The notifications extension peers raised (they outlive the peer); --follow for new ones',
  options: { follow: { type: 'boolean', short: 'f', description: 'keep printing new notifications until Ctrl+C (needs a running hub)' }, ...json },
  notes: (cmd) => [`Through the running hub when there is one (\`${cmd} hub start\`); expired notifications are not shown.`],
  load: () => import('./notifications.js'),
};

const PROJECT_SCOPE = { project: { type: 'string', value: '<id>', description: 'the project to ask about (default: the registered project holding the current folder)' } } as const;
const FOLLOW_PROVIDERS = { follow: { type: 'boolean', short: 'f', description: 'ask again whenever a provider says its results changed, until Ctrl+C (needs a running hub)' } } as const;
const DEADLINE_NOTE = (cmd: string): string => `Providers that do not answer within the deadline (2 s; \`${cmd} config providers.deadlineMs <ms>\` changes it) are named as timed out; those that fail, with their reason.`;

const SEARCH: CommandSpec = {
  name: 'search',
  summary: 'Ask every search provider at once; results grouped by extension',
  args: '<text>',
  minPositionals: 1,
  maxPositionals: 50,
  missing: 'the text to search for',
  options: { ...PROJECT_SCOPE, ...FOLLOW_PROVIDERS, ...json },
  notes: (cmd) => [DEADLINE_NOTE(cmd)],
  load: () => import('./search.js'),
};

const DIAGNOSTICS: CommandSpec = {
  name: 'diagnostics',
  summary: 'Ask every diagnostics provider what is wrong; exits 1 when any error',
  options: { ...PROJECT_SCOPE, ...FOLLOW_PROVIDERS, ...json },
  notes: (cmd) => [DEADLINE_NOTE(cmd)],
  load: () => import('./diagnostics.js'),
};

const VIEWS: CommandSpec = {
  name: 'views',
  summary: 'List and show the views extensions contribute',
  subcommands: [
    { name: 'list', aliases: ['ls'], summary: 'Views offered by enabled extensions (peer views and sidecar pages)', options: json, load: () => import('./views-list.js') },
    {
      name: 'show',
      summary: "Render a peer view in the terminal (through the hub's peer when one runs)",
      args: '<id>',
      minPositionals: 1,
      missing: 'the view id',
      options: { project: { type: 'string', value: '<id>', description: 'render it for this registered project (default for a project view: the one holding the current folder)' }, ...json },
      notes: (cmd) => [`A sidecar view is a page: open it in the hub (\`${cmd} hub open\`).`, 'Ctrl+C cancels the render in the peer.'],
      load: () => import('./views-show.js'),
    },
  ],
};

const EVENTS: CommandSpec = {
  name: 'events',
  summary: 'Print the hub\'s events as NDJSON (--follow to keep tailing)',
  options: {
    follow: { type: 'boolean', short: 'f', description: 'keep printing new events until Ctrl+C' },
    type: { type: 'string', multiple: true, value: '<glob>', description: 'only events whose type matches, e.g. git.* (repeatable)' },
    project: { type: 'string', value: '<id>', description: 'only the events of this registered project' },
    since: { type: 'string', value: '<seq>', description: 'only events after this seq (resumes a stream)' },
  },
  notes: (cmd) => [`Events live in the running hub (\`${cmd} hub start\`). Output is one JSON event per line, pretty on a terminal.`],
  load: () => import('./events.js'),
};

const RPC: CommandSpec = {
  name: 'rpc',
  summary: 'Call an RPC method of the host, a plugin or an extension and print its JSON result',
  args: '<method> [<json-params>]',
  minPositionals: 1,
  maxPositionals: 2,
  missing: 'the method name (`rpc rpc.methods` lists them)',
  notes: (cmd) => [`Through the running hub when there is one, else in this process. \`${cmd} rpc rpc.methods\` lists every method.`],
  load: () => import('./rpc.js'),
};

const CONFIG: CommandSpec = {
  name: 'config',
  summary: 'Read and write configuration',
  args: '<key> [<value>]',
  minPositionals: 1,
  missing: 'the config key',
  maxPositionals: 2,
  options: {
    user: { type: 'boolean', description: 'write the user config instead of the project file' },
    unset: { type: 'boolean', description: 'remove the key' },
    ...json,
  },
  notes: (cmd) => [
    `${cmd} config <key> prints the merged value (project over user); with <value> it writes .${cmd}.json at the project root`,
    '(the value is JSON when it parses, else a string). Keys are dotted: extensions.<name>.<key> is checked against',
    "that extension's configSchema.",
  ],
  preprocess: negativeNumbersAsValues,
  load: () => import('./config.js'),
};

const AUTOMATION_ID = { args: '<id>', minPositionals: 1, missing: 'the automation id (`automations list` shows them)' } as const;

const AUTOMATIONS: CommandSpec = {
  name: 'automations',
  summary: 'When an event happens, run an action: list, add, remove, enable, disable, runs, test',
  subcommands: [
    { name: 'list', aliases: ['ls'], summary: 'Every automation with its state (broken ones with the reason)', options: json, load: () => import('./automations.js').then((m) => ({ run: m.list })) },
    { name: 'catalog', summary: 'The triggers, templates and actions automations may use', options: json, load: () => import('./automations.js').then((m) => ({ run: m.catalog })) },
    {
      name: 'add',
      summary: 'Add an automation, from a template or from a trigger and an action',
      options: {
        template: { type: 'string', value: '<id>', description: 'start from this template of the catalogue' },
        trigger: { type: 'string', value: '<event type>', description: 'the event type that starts it, e.g. git-status.dirty' },
        filter: { type: 'string', value: '<json>', description: "attribute values the event must have (* is a wildcard), e.g. '{\"branch\": \"main\"}'" },
        project: { type: 'string', value: '<id>', description: 'only events of this registered project' },
        action: { type: 'string', value: '<id>', description: 'the action to run' },
        args: { type: 'string', value: '<json>', description: "its arguments; strings may hold {{event.attributes.<name>}} and {{project.id}}" },
        mode: { type: 'string', value: '<mode>', description: 'single (default), restart, queued or parallel: what a trigger does while a run is in progress' },
        max: { type: 'string', value: '<n>', description: 'queued: runs waiting; parallel: runs at once (default 10)' },
        id: { type: 'string', value: '<id>', description: 'its id, a lowercase slug (default: from the template or action)' },
        name: { type: 'string', value: '<name>', description: 'its display name' },
        spec: { type: 'string', value: '<json>', description: 'the whole automation as JSON (the flags override its fields)' },
        ...json,
      },
      notes: (cmd) => [`Automations run in the hub (\`${cmd} hub start\`); events while it is stopped are not replayed.`],
      load: () => import('./automations-add.js'),
    },
    { name: 'remove', aliases: ['rm'], summary: 'Remove an automation and its run history', ...AUTOMATION_ID, load: () => import('./automations.js').then((m) => ({ run: m.remove })) },
    { name: 'enable', summary: 'Enable an automation (resumes one the loop breaker paused)', ...AUTOMATION_ID, load: () => import('./automations.js').then((m) => ({ run: m.enable })) },
    { name: 'disable', summary: 'Keep an automation but run nothing', ...AUTOMATION_ID, load: () => import('./automations.js').then((m) => ({ run: m.disable })) },
    {
      name: 'runs',
      summary: 'Its newest runs: trigger event, arguments, outcome, timing',
      ...AUTOMATION_ID,
      options: { limit: { type: 'string', value: '<n>', description: 'how many runs (default 20, at most 100 are kept)' }, ...json },
      load: () => import('./automations.js').then((m) => ({ run: m.runs })),
    },
    {
      name: 'test',
      summary: 'Show what an event would run, without running it',
      ...AUTOMATION_ID,
      options: { event: { type: 'string', value: '<json>', description: "the event: '{\"attributes\": {...}, \"projectId\": \"web\"}' (type defaults to the trigger's)" }, ...json },
      load: () => import('./automations.js').then((m) => ({ run: m.test })),
    },
  ],
};

/**
 * Every built-in of the reference host, as the router's tree. Nodes without `load` or `subcommands` (and not
 * `help`) are reserved for later versions: an extension can never take their names.
 */
export const COMMAND_TREE: CommandSpec = {
  name: '',
  summary: '',
  subcommands: [
    EXTENSIONS,
    { name: 'help', summary: 'Show help for a command', args: '[<command>]', maxPositionals: 2 },
    { name: 'version', summary: 'Print the version', load: () => import('./version.js') },
    CONFIG,
    HUB,
    PROJECTS,
    STATUS,
    NOTIFICATIONS,
    SEARCH,
    DIAGNOSTICS,
    VIEWS,
    EVENTS,
    RPC,
    ACTIONS,
    AUTOMATIONS,
    {
      name: 'mcp',
      summary: 'Serve actions, status, events and RPC methods to agents over MCP (stdio)',
      options: { port: { type: 'string', value: '<n>', description: 'the port of the hub it starts when none runs (default 3117; 0 picks a free one)' } },
      notes: (cmd) => [
        `Talks to the running hub (started when absent). Agents get the read-only actions of each enabled extension unless \`${cmd} extensions enable <name> --agents all|<ids>\` allows more.`,
        `Add it to an MCP client as the command \`${cmd} mcp\`; see docs/agents.md.`,
      ],
      load: () => import('./mcp.js'),
    },
  ],
};

// `config retries -1` means the value -1, not an option: every option of this command is a flag taking no
// value, so negative numbers can be moved after `--` (keeping the positional order) before parsing.
function negativeNumbersAsValues(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  const head = end === -1 ? args : args.slice(0, end);
  const tail = end === -1 ? [] : args.slice(end + 1);
  if (!head.some(isNegativeNumber)) return [...args];
  const options = head.filter((a) => a.startsWith('-') && !isNegativeNumber(a));
  const positionals = head.filter((a) => !a.startsWith('-') || isNegativeNumber(a));
  return [...options, '--', ...positionals, ...tail];
}

function isNegativeNumber(arg: string): boolean {
  return /^-\d+(\.\d+)?([eE][+-]?\d+)?$/.test(arg);
}
