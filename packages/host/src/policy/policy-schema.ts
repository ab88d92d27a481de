/** Source of one policy entry: `<package-name glob>[@<semver range>]`, e.g. `@acme/*`, `tool-x@>=2`. */
const ENTRY = {
  type: 'string',
  minLength: 1,
  description: 'A package-name glob (picomatch: `*` within a scope or name, `@acme/*` for a publisher), optionally followed by @ and a semver range: `tool-x@>=2`.',
};

/** The JSON Schema of the organisation policy file (DESIGN §12). Every key is optional; absent keys impose nothing. */
export const POLICY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    allowed: { type: 'array', items: ENTRY, description: 'When present, only extensions whose package matches an entry may run.' },
    blocked: { type: 'array', items: ENTRY, description: 'Extensions whose package matches an entry never run.' },
    neverGrant: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Capabilities never granted; an extension that requires one is blocked.' },
    allowLink: { type: 'boolean', description: 'Whether `extensions link` may add a development folder (default true).' },
    allowLocalAdd: { type: 'boolean', description: 'Whether `extensions add` may install from a tarball or folder (default true).' },
    agentsMayRunDestructive: { type: 'boolean', description: 'Whether agents may be offered destructive actions (default true: the user decides).' },
  },
} as const;
