"""The one error class of outboard_client and its codes: the same table as @outboard/client's
CLIENT_ERROR_CODES (a test of the suite holds the two equal), listed in docs/errors.md."""

from __future__ import annotations

# code: (meaning, fix). In a fix, <id> is the host id of the hub.
CLIENT_ERROR_CODES: dict[str, tuple[str, str]] = {
    "CLIENT_OPTIONS_INVALID": ("connect() was given an option of the wrong type or shape", "pass the options the API reference names (home, url, token, hostId)"),
    "CLIENT_HUB_NOT_RUNNING": ("no hub serves this home (no hub record, or its process is gone)", "start one with `<id> hub start`"),
    "CLIENT_TOKEN_UNREADABLE": ("the home's token file is missing or unreadable", "start the hub once (`<id> hub start`) to create it, or check the permissions of the home"),
    "CLIENT_UNREACHABLE": ("the hub could not be reached (nothing listens at its URL, or it did not answer in time)", "check it with `<id> hub status`; restart it with `<id> hub stop` then `<id> hub start`"),
    "CLIENT_NOT_THIS_HUB": ("what answers at the URL is not a hub of this host id serving this home", "check the URL and home you connect with; `<id> hub status` shows the right one"),
    "CLIENT_API_VERSION": ("the client and the hub speak no common hub API version", "upgrade the side with the older version (the message names both)"),
    "CLIENT_REFUSED": ("the hub refused the connection or request (its status and words are in the message)", "check the token and the request; `<id> hub status` shows the hub"),
    "CLIENT_CALL_FAILED": ("the hub answered a call with an error (its own code is in `hubCode`, its fix in `hint`)", "read the message and hint; the hub codes are in docs/errors.md and docs/protocol.md"),
    "CLIENT_CANCELLED": ("the call was cancelled by its AbortSignal (the hub cancelled it in the peer too)", "nothing to fix: run it again without aborting"),
    "CLIENT_DISCONNECTED": ("the connection to the hub ended while a call ran, so whether it ran is unknown", "check the state it changes, then call again (the client reconnects by itself)"),
    "CLIENT_CLOSED": ("the client was used after close()", "connect() again"),
}


class ClientError(Exception):
    """A failure of the client: `code` is one of CLIENT_ERROR_CODES (branch on it, never on the message),
    the message names the problem in one line, `hint` names the fix."""

    def __init__(self, code: str, message: str, *, hint: str | None = None, host_id: str = "<id>") -> None:
        if code not in CLIENT_ERROR_CODES:
            raise TypeError(f"unknown ClientError code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint if hint is not None else CLIENT_ERROR_CODES[code][1].replace("<id>", host_id)

    def __str__(self) -> str:
        return f"{self.message} ({self.code}) - {self.hint}"


class HubCallError(ClientError):
    """The hub answered a call with an error: `hub_code` is the hub's own code (an Outboard error code such as
    PEER_ACTION_UNKNOWN, or a wire code such as method_not_found), `reason` the wire reason."""

    def __init__(self, message: str, *, hub_code: str, reason: str, hint: str | None = None, details: list[str] | None = None) -> None:
        super().__init__("CLIENT_CALL_FAILED", message, hint=hint)
        self.hub_code = hub_code
        self.reason = reason
        self.details = details or []
