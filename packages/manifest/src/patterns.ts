/**
 * Regular expressions shared by the JSON Schema (for editors) and the validator's rules (for messages),
 * kept as sources so both sides use the very same text.
 */

/** Source of the extension and command name rule: a lowercase slug of 1 to 39 characters. */
export const SLUG_SOURCE = '^[a-z][a-z0-9-]{0,38}$';

/** Source of the publisher rule: lowercase letters, digits and hyphens, 1 to 39 characters (npm scope style). */
export const PUBLISHER_SOURCE = '^[a-z0-9][a-z0-9-]{0,38}$';

/** Source of an action or status id: identifier segments joined by dots, e.g. `git.log` or `refresh`. */
export const CONTRIBUTION_ID_SOURCE = '^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$';

/** Source of an RPC method name or event type: at least two dotted identifier segments, e.g. `git.getLog`. */
export const DOTTED_NAME_SOURCE = '^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$';

/** HTTP methods a `permissions.hub` route may name. */
export const HUB_ROUTE_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Source of a `permissions.hub` entry: `METHOD /path`, the path without spaces (`*` is a wildcard segment). */
export const HUB_ROUTE_SOURCE = `^(?:${HUB_ROUTE_METHODS.join('|')}) /\\S*$`;

/** Source of a peer activation event: `onAction`, `onRpc`, `onProvider`, `onView`, `onStartup`, `onEvent:<glob>` or `onProject:<glob>`. */
export const ACTIVATION_SOURCE = '^(?:onAction|onRpc|onProvider|onView|onStartup|onEvent:\\S+|onProject:\\S+)$';

/**
 * Source of an event type glob (`onEvent:<glob>`, subscriptions): the characters of an event type plus `*`,
 * the only wildcard (any run of characters, dots included). `?` is no wildcard, and no event type has one.
 */
export const EVENT_TYPE_GLOB_SOURCE = '^[A-Za-z0-9_.*-]{1,200}$';

/** Source of a sidecar health path: it starts with `/`. */
export const HEALTH_PATH_SOURCE = '^/';

/** Source of the start of a project link path: one `/`, never `//` (which would leave the hub). */
export const LINK_PATH_SOURCE = '^/(?!/)';

/** The only placeholders a project link path may contain. */
export const LINK_PLACEHOLDERS: readonly string[] = ['projectId', 'repoRoot'];

/** The only placeholder a sidecar view's path may contain. */
export const VIEW_PLACEHOLDERS: readonly string[] = ['projectId'];
