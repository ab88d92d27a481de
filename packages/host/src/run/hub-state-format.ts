/**
 * The format of `<home>/hub.json` (see store/file-format.ts), written by the hub and read by the host to find
 * it. Format 1 is the unversioned `{ pid, port, url, startedAt, version }` shipped first.
 */
export const HUB_STATE_FORMAT = 1;
