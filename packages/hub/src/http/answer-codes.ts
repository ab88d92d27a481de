import type { FixNames } from '@outboard/host/errors';

/** One code the hub's edge answers with: its HTTP status, what it means, and the fix (a template taking the host's names). */
export interface AnswerCodeInfo {
  /** The HTTP status of the answer (a call may give a more precise one of the same class, e.g. 431 or 415 for a bad request). */
  status: number;
  /** What went wrong, one sentence. */
  meaning: string;
  /** The fix shown when the answer has no more specific one, for the host that serves it (DESIGN §1: never the literal id). */
  fix: (host: FixNames) => string;
}

/**
 * The codes of the hub's own refusals (HTTP and WebSocket upgrades): ONE table, read by the reply module and
 * by the docs test (`docs/errors.md`, "Hub answers", lists exactly these rows). Refusals that are a host
 * verdict keep the code of that verdict's table (the host's PROJECT_NOT_FOUND, the sidecars' SIDECAR_NOT_SERVED...),
 * so every surface names one code.
 *
 * Adding a code: a row here (`HUB_` and UPPER_SNAKE), a row in docs/errors.md, and a place that raises it.
 */
export const ANSWER_CODES = {
  HUB_BAD_REQUEST: { status: 400, meaning: 'the request is malformed: its path, Host header, head, query or body cannot be served as sent', fix: () => 'send the request the message describes (one Host header, a plain path, a JSON body of the documented shape)' },
  HUB_HOST_REFUSED: { status: 403, meaning: "the Host header names neither this hub nor an enabled extension's own origin (a guard against DNS rebinding)", fix: (host) => `open the hub at the address \`${host.id} hub status\` prints` },
  HUB_SIGN_IN_REQUIRED: { status: 401, meaning: 'the request carries no token, or a wrong one', fix: (host) => `sign this browser in with the link \`${host.id} hub open\` prints, or send the token file's value in the X-${host.id[0]?.toUpperCase()}${host.id.slice(1)}-Token header` },
  HUB_SIGN_IN_EXPIRED: { status: 401, meaning: 'a sign-in link or one-time code is wrong, has expired or was used already', fix: (host) => `\`${host.id} hub open\` prints a fresh sign-in link` },
  HUB_ORIGIN_REFUSED: { status: 403, meaning: 'a page of another origin tried to change something or open a WebSocket', fix: () => "make the request from the hub's own pages, or from a program that sends no Origin header" },
  HUB_NOT_FOUND: { status: 404, meaning: 'nothing is served at this path', fix: () => "check the address: the hub's pages start at /, its API under /api/" },
  HUB_METHOD_NOT_ALLOWED: { status: 405, meaning: 'the path is served, but not for this HTTP method', fix: () => 'use one of the methods the Allow header lists' },
  HUB_WIRE_VERSION: { status: 400, meaning: 'the client speaks no wire version this hub speaks', fix: (host) => `update the client, or run the hub of the same release (\`${host.id} hub stop\`, then \`${host.id} hub start\`)` },
  HUB_EXTENSION_NOT_RUNNING: { status: 409, meaning: 'the hub runs no process of this extension in the state it is in (disabled, unapproved, invalid...)', fix: (host) => `\`${host.id} extensions info <name>\` says why and what fixes it` },
  HUB_UNAVAILABLE: { status: 503, meaning: 'the hub cannot do this now: the extensions could not be listed, or a peer could not be stopped or started', fix: (host) => `read the hub's log (<home>/logs/hub.log) and \`${host.id} extensions doctor\`` },
  HUB_FAILED: { status: 500, meaning: 'the hub failed while answering (a bug)', fix: () => "read the hub's log (<home>/logs/hub.log) and report the failure" },
  HUB_PAGE_FORM_EXPIRED: { status: 403, meaning: "a hub page's form was sent without its page's anti-forgery token, or with one that expired (12 hours)", fix: () => 'reload the page and send the form again' },
  HUB_APPROVAL_REFUSED: { status: 409, meaning: 'an approval or enable from a hub page was refused: the extension cannot be enabled, changed while you were deciding, or a required sensitive capability was not confirmed', fix: () => 'read the reason; reload the extension page to review it again' },
  SIDECAR_NO_ANSWER: { status: 502, meaning: "a running sidecar refused the connection or did not answer within the hub's timeout", fix: () => "read the sidecar's log (<home>/ext/<name>/logs/sidecar.log)" },
} as const satisfies Record<string, AnswerCodeInfo>;

/** One code of {@link ANSWER_CODES}. */
export type AnswerCode = keyof typeof ANSWER_CODES;
