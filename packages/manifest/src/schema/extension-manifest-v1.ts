import { CAPABILITY_CATALOG } from '../capabilities.js';
import { DEFAULT_IDLE_STOP_MINUTES, DEFAULT_SIDECAR_HEADERS_TIMEOUT_SECONDS, DEFAULT_SIDECAR_HEALTH } from '../constants.js';
import {
  ACTIVATION_SOURCE,
  CONTRIBUTION_ID_SOURCE,
  DOTTED_NAME_SOURCE,
  HEALTH_PATH_SOURCE,
  HUB_ROUTE_SOURCE,
  LINK_PATH_SOURCE,
  PUBLISHER_SOURCE,
  SLUG_SOURCE,
} from '../patterns.js';

/** A JSON Schema (draft-07) document or subschema, as plain data. */
export type JsonSchemaObject = { [keyword: string]: unknown };

// Every object is written out in full (no $ref) so each field carries a description that fits where it
// is: draft-07 ignores keywords beside $ref, and editors show the description of the spot being edited.

function runnableProperties(what: string): JsonSchemaObject {
  return {
    bin: {
      type: 'string',
      minLength: 1,
      description: `Package-relative .js, .mjs or .cjs file that runs ${what} with the host's own Node (no shebang or run bit needed). Give exactly one of bin and exec.`,
      examples: ['bin/cli.js'],
    },
    exec: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', minLength: 1 },
      description: `Argv array that runs ${what} without a shell. A bare first element is looked up on PATH; an element starting with ./ is a file inside the package, passed as an absolute path. Give exactly one of bin and exec.`,
      examples: [['python3', './peer/main.py']],
    },
  };
}

const capabilityList = (description: string): JsonSchemaObject => ({
  type: 'array',
  items: { type: 'string', examples: CAPABILITY_CATALOG.map((c) => c.name) },
  description,
});

/**
 * The JSON Schema of the manifest block (`package.json#<hostId>.extension`) for apiVersion 1, the
 * source of `schema/extension-manifest.v1.schema.json`. It checks shape only; rules that need context
 * (reserved names, paths, capabilities, engines) are the validator's. Unknown fields are allowed.
 */
export const EXTENSION_MANIFEST_SCHEMA_V1: JsonSchemaObject = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Extension manifest, apiVersion 1',
  description:
    'The extension block of an npm package.json (<host>.extension). The host reads it without running package code; nothing in it runs before the user approves the extension. Unknown fields are ignored.',
  type: 'object',
  required: ['apiVersion', 'name'],
  properties: {
    $schema: {
      type: 'string',
      description: 'URL or path of this JSON Schema, for editor completion. Ignored by the host.',
    },
    apiVersion: {
      type: 'integer',
      enum: [1],
      description: 'Contract version the manifest is written for. A version the host does not support makes the extension incompatible: listed with the reason, never run.',
    },
    name: {
      type: 'string',
      pattern: SLUG_SOURCE,
      description: 'Extension slug (^[a-z][a-z0-9-]{0,38}$): its mount /x/<name>/, state folder, config section extensions.<name> and approval use it. Not a built-in command, alias or reserved word (ext, x, hub, extensions, paths, api, config, help, version).',
    },
    publisher: {
      type: 'string',
      pattern: PUBLISHER_SOURCE,
      description: 'Publisher slug (^[a-z0-9][a-z0-9-]{0,38}$). The identity shown to users is publisher.name.',
    },
    displayName: { type: 'string', minLength: 1, description: 'Human name shown in lists, the approval prompt and the hub.' },
    description: { type: 'string', minLength: 1, description: 'One line saying what the extension does.' },
    commands: {
      type: 'array',
      description: 'CLI commands: each becomes `<host> <name> ...args`. Built-in commands always win.',
      items: {
        type: 'object',
        required: ['name'],
        description: 'One CLI command, run with stdio inherited and the remaining arguments.',
        properties: {
          name: {
            type: 'string',
            pattern: SLUG_SOURCE,
            description: 'Command name (^[a-z][a-z0-9-]{0,38}$), unique in the manifest; not a built-in command, alias or reserved word.',
          },
          ...runnableProperties('the command'),
          summary: { type: 'string', minLength: 1, description: 'One line shown under the Extensions heading of `<host> --help`.' },
        },
      },
    },
    sidecar: {
      type: 'object',
      description: 'Web server the hub starts on the first request to /x/<name>/ (on an ephemeral loopback port given as PORT) and stops when idle.',
      properties: {
        ...runnableProperties('the sidecar'),
        health: {
          type: 'string',
          pattern: HEALTH_PATH_SOURCE,
          default: DEFAULT_SIDECAR_HEALTH,
          description: 'Path the hub polls until it answers 200 before forwarding the first request.',
        },
        idleStopMinutes: {
          type: 'number',
          exclusiveMinimum: 0,
          default: DEFAULT_IDLE_STOP_MINUTES,
          description: 'Minutes without a request or an open WebSocket after which the hub stops the sidecar.',
        },
        headersTimeoutSeconds: {
          type: 'number',
          exclusiveMinimum: 0,
          default: DEFAULT_SIDECAR_HEADERS_TIMEOUT_SECONDS,
          description: 'Seconds a request waits for the sidecar\'s response headers before the hub answers 504 naming its log. A body that has started is never cut.',
        },
      },
    },
    peer: {
      type: 'object',
      description: 'Long-lived JSON-RPC 2.0 peer on stdin/stdout (NDJSON) that contributes actions, status items, RPC methods and events.',
      properties: {
        ...runnableProperties('the peer'),
        activation: {
          type: 'array',
          description: 'When the host starts the peer (default: onAction, onRpc, onProvider and onView, lazily).',
          items: {
            type: 'string',
            pattern: ACTIVATION_SOURCE,
            examples: ['onAction', 'onRpc', 'onProvider', 'onView', 'onStartup', 'onEvent:project.*', 'onProject:package.json'],
            description: 'onAction, onRpc, onProvider, onView, onStartup, onEvent:<event type glob> or onProject:<marker file glob>.',
          },
        },
      },
    },
    hub: {
      type: 'object',
      required: ['label'],
      description: 'Card on the hub home, linking to the sidecar at /x/<name>/.',
      properties: {
        label: { type: 'string', minLength: 1, description: 'Card title.' },
        description: { type: 'string', minLength: 1, description: 'One line under the card title.' },
      },
    },
    projectLinks: {
      type: 'array',
      description: "Links shown on each project's page, resolved by the hub to /x/<name>/<path>.",
      items: {
        type: 'object',
        required: ['label', 'path'],
        description: 'One link.',
        properties: {
          label: { type: 'string', minLength: 1, description: 'Link text.' },
          path: {
            type: 'string',
            pattern: LINK_PATH_SOURCE,
            examples: ['/project/{projectId}'],
            description: 'Path inside the sidecar, starting with /. The only placeholders are {projectId} and {repoRoot}.',
          },
        },
      },
    },
    configSchema: {
      type: 'string',
      minLength: 1,
      examples: ['schema/config.json'],
      description: "Package-relative .json file holding the JSON Schema of the extension's config section (extensions.<name>).",
    },
    contributes: {
      type: 'object',
      description: 'Everything the peer may register at runtime; a registration not declared here is refused.',
      properties: {
        actions: {
          type: 'array',
          description: 'Actions the peer handles (actions/invoke), listed by `<host> actions list` and offered to agents.',
          items: {
            type: 'object',
            required: ['id', 'title'],
            description: 'One action.',
            properties: {
              id: { type: 'string', pattern: CONTRIBUTION_ID_SOURCE, description: 'Action id starting with the extension name and a dot (git.log for git), unique among the actions.' },
              title: { type: 'string', minLength: 1, description: 'Short human title.' },
              description: { type: 'string', minLength: 1, description: 'What the action does, for users and agents.' },
              targets: {
                type: 'array',
                minItems: 1,
                default: ['global'],
                description: 'Contexts the action applies to: global (no project) and/or project (run with --project <id>).',
                items: { type: 'string', enum: ['global', 'project'] },
              },
              argsSchema: {
                type: ['object', 'boolean'],
                description: "JSON Schema of the action's arguments (--args JSON); the host checks arguments against it.",
              },
              // Agents (DESIGN §11): MCP's own tool annotation names; absent means MCP's defaults.
              annotations: {
                type: 'object',
                description: "Hints for agents, with MCP's tool annotation names; absent means MCP's defaults (not read-only, destructive, not idempotent, open world). Only read-only actions are offered to agents unless the user allows more (`<host> extensions enable <name> --agents`).",
                properties: {
                  readOnlyHint: { type: 'boolean', default: false, description: 'True when the action changes nothing (agents get it by default).' },
                  destructiveHint: { type: 'boolean', default: true, description: 'False when the changes it makes only add (never delete or overwrite); meaningful when readOnlyHint is false.' },
                  idempotentHint: { type: 'boolean', default: false, description: 'True when running it again with the same arguments has no further effect.' },
                  openWorldHint: { type: 'boolean', default: true, description: 'False when it touches only a closed domain (no network, no outside services).' },
                },
              },
            },
          },
        },
        status: {
          type: 'array',
          description: 'Status items the peer keeps current (status/set).',
          items: {
            type: 'object',
            required: ['id', 'title'],
            description: 'One status item.',
            properties: {
              id: { type: 'string', pattern: CONTRIBUTION_ID_SOURCE, description: 'Status id starting with the extension name and a dot (git.branch for git), unique among the status items.' },
              title: { type: 'string', minLength: 1, description: 'Short human title.' },
            },
          },
        },
        providers: {
          type: 'array',
          description: 'Providers the peer answers (providers/query): `<host> search`, `<host> diagnostics` and the hub ask every provider of a kind at once.',
          items: {
            type: 'object',
            required: ['id', 'kind', 'title'],
            description: 'One provider.',
            properties: {
              id: { type: 'string', pattern: CONTRIBUTION_ID_SOURCE, description: 'Provider id starting with the extension name and a dot (notes.search for notes), unique among the providers.' },
              kind: {
                type: 'string',
                enum: ['search', 'diagnostics', 'workspaces', 'completions'],
                description: 'What the provider answers: search results, diagnostics, workspaces or completions; the host checks each answer against its kind.',
              },
              title: { type: 'string', minLength: 1, description: 'Short human title, shown as the heading of its answers.' },
            },
          },
        },
        views: {
          type: 'array',
          description: 'Views shown in the hub (home, extension or project page), in the terminal (`<host> views show <id>`) and to agents: rendered by the peer (views/render), or a page of the sidecar when `path` is given.',
          items: {
            type: 'object',
            required: ['id', 'title'],
            description: 'One view.',
            properties: {
              id: { type: 'string', pattern: CONTRIBUTION_ID_SOURCE, description: 'View id starting with the extension name and a dot (notes.recent for notes), unique among the views.' },
              title: { type: 'string', minLength: 1, description: 'Short human title, shown above the view.' },
              where: {
                type: 'array',
                minItems: 1,
                default: ['extension'],
                description: "Where the view shows: home (the hub's home page), extension (its extension's page), project (each project's page, rendered for that project).",
                items: { type: 'string', enum: ['home', 'extension', 'project'] },
              },
              path: {
                type: 'string',
                pattern: LINK_PATH_SOURCE,
                examples: ['/views/summary?project={projectId}'],
                description: 'A sidecar view: the path inside the sidecar, shown in a sandboxed frame from the extension\'s own origin. The only placeholder is {projectId}. Absent: the peer renders the view.',
              },
            },
          },
        },
        rpc: {
          type: 'array',
          description: 'RPC methods the peer registers, callable over every transport and `<host> rpc`.',
          items: { type: 'string', pattern: DOTTED_NAME_SOURCE, examples: ['git.getLog'], description: 'Dotted method name starting with the extension name and a dot, e.g. git.getLog for git.' },
        },
        events: {
          type: 'array',
          description: 'Event types the peer publishes (events/publish).',
          items: { type: 'string', pattern: DOTTED_NAME_SOURCE, examples: ['git.changed'], description: 'Dotted event type starting with the extension name and a dot, e.g. git.changed for git.' },
        },
        // Listeners and automation templates (DESIGN §10): one block, owned by the automations work.
        listeners: {
          type: 'array',
          description: 'Event types the peer publishes that automations can start on (events/publish accepts them like contributes.events), each with the wording a generic automation editor shows.',
          items: {
            type: 'object',
            required: ['type', 'label'],
            description: 'One listener: an event type, its attributes and its editor wording.',
            properties: {
              type: { type: 'string', pattern: DOTTED_NAME_SOURCE, examples: ['git.dirty'], description: 'Dotted event type starting with the extension name and a dot, e.g. git.dirty for git; unique among the listeners.' },
              label: { type: 'string', minLength: 1, description: 'Short human name of the event, e.g. "Working tree has changes".' },
              description: { type: 'string', minLength: 1, description: 'When the peer publishes it.' },
              attributes: {
                type: 'object',
                description: 'JSON Schema of the event\'s attributes (flat strings, numbers and booleans); automation filters and argument templates name these.',
                examples: [{ type: 'object', properties: { branch: { type: 'string' }, changes: { type: 'integer' } } }],
              },
              source: { type: 'string', minLength: 1, description: 'Editor wording for where the event comes from, e.g. "Git".' },
              filter: { type: 'string', minLength: 1, description: 'Editor wording for narrowing it, e.g. "on branch {branch}".' },
              starter: { type: 'string', minLength: 1, description: 'Editor wording that starts a sentence, e.g. "When a project\'s working tree has changes".' },
            },
          },
        },
        automationTemplates: {
          type: 'array',
          description: 'Ready-made automations users start from (`<host> automations add --template <id>`): a trigger, the action to run and its argument template.',
          items: {
            type: 'object',
            required: ['id', 'title', 'trigger', 'action'],
            description: 'One automation template.',
            properties: {
              id: { type: 'string', pattern: CONTRIBUTION_ID_SOURCE, description: 'Template id starting with the extension name and a dot (git.note-dirty for git), unique among the templates.' },
              title: { type: 'string', minLength: 1, description: 'Short human title.' },
              description: { type: 'string', minLength: 1, description: 'What automations made from it do.' },
              trigger: {
                type: 'object',
                required: ['type'],
                description: 'The event that starts a run.',
                properties: {
                  type: { type: 'string', pattern: DOTTED_NAME_SOURCE, description: 'Event type: a listener of an enabled extension or an event type of the host.' },
                  filter: {
                    type: 'object',
                    description: 'Attribute equality: each key is an attribute, each value a string (* is a wildcard), number or boolean the attribute must match.',
                  },
                },
              },
              action: {
                type: 'object',
                required: ['id'],
                description: 'The action to run, through the one action path with its extension\'s grants.',
                properties: {
                  id: { type: 'string', pattern: CONTRIBUTION_ID_SOURCE, description: 'Action id declared by an enabled extension.' },
                  args: { type: 'object', description: 'Arguments; strings may hold {{event.attributes.<name>}}, {{event.type}}, {{event.source}} and {{project.id}}.' },
                },
              },
              mode: { type: 'string', enum: ['single', 'restart', 'queued', 'parallel'], default: 'single', description: 'What a trigger does while a run is in progress: single (ignored), restart (the run is cancelled), queued or parallel (up to max).' },
              guard: { type: 'string', minLength: 1, description: 'One line saying when this automation should not be used, shown before it is added.' },
              setup: { type: 'string', minLength: 1, description: 'What the user sets up first (config, a registered project...), shown before it is added.' },
            },
          },
        },
      },
    },
    capabilities: {
      type: 'object',
      description: 'Capabilities the extension asks for. Nothing is granted until the user approves; every request is checked against the grants.',
      properties: {
        required: capabilityList('Capabilities the extension cannot work without; if one is refused the peer is not activated.'),
        optional: capabilityList('Capabilities the extension uses when granted and does without otherwise.'),
      },
    },
    permissions: {
      type: 'object',
      description: 'Host API routes the extension may call through the host, which adds the token.',
      properties: {
        hub: {
          type: 'array',
          description: 'Hub routes as "METHOD /path", e.g. "GET /api/hub/projects"; * matches one path segment. Needs the hub.request capability.',
          items: { type: 'string', pattern: HUB_ROUTE_SOURCE, examples: ['GET /api/hub/projects'], description: 'One route: an HTTP method, a space, a path.' },
        },
      },
    },
    // Resource limits (DESIGN §12): one block, owned by the process kit.
    limits: {
      type: 'object',
      description: 'Resource limits of the peer and sidecar processes, each applied to every process of the extension. The user may lower them in config (extensions.<name>.limits.<key>), never raise them. Applied with a cgroup of the extension\'s own where the host can make one, else with rlimits.',
      properties: {
        memoryMb: { type: 'integer', exclusiveMinimum: 15, description: 'Resident memory of a process and what it started, in MiB (at least 16). Over it the process is stopped and reported as "over memory limit" (not as a crash).' },
        cpuPercent: { type: 'integer', exclusiveMinimum: 0, description: 'CPU share in percent of one core (50: half a core, 200: two cores). Throttled, never stopped; enforced only with a cgroup.' },
        openFiles: { type: 'integer', exclusiveMinimum: 15, description: 'Open file descriptors per process (RLIMIT_NOFILE), at least 16.' },
        processes: { type: 'integer', exclusiveMinimum: 0, description: 'Processes and threads alive at once (a cgroup\'s pids.max; without a cgroup, RLIMIT_NPROC, which root ignores).' },
      },
    },
  },
};
