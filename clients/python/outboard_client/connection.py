"""One JSON-RPC connection to a hub's /api/ws (no reconnection: HubClient does that)."""

from __future__ import annotations

import json
import threading
import urllib.parse
from collections import deque
from typing import Any, Callable

from .errors import ClientError, HubCallError
from .locate import HubEndpoint
from .websocket import WebSocket, WebSocketClosed, WebSocketRefused

# How often a waiting call looks at its cancel event, in seconds.
POLL_S = 0.05


class HubConnection:
    """Calls run one at a time on the calling thread; notifications that are not a call's progress (events)
    are queued for `next_notification`."""

    def __init__(self, hub: HubEndpoint, host_id: str, api_version: int | None = None) -> None:
        self.hub = hub
        self.host_id = host_id
        parsed = urllib.parse.urlsplit(hub.url)
        path = "/api/ws" + (f"?version={api_version}" if api_version is not None else "")
        headers = {"Authorization": f"Bearer {hub.token}"} if hub.token else {}
        try:
            self._ws = WebSocket(parsed.hostname or "127.0.0.1", parsed.port or 80, path, headers)
        except WebSocketRefused as error:
            raise ClientError("CLIENT_REFUSED", f"the hub at {hub.url} {error}", host_id=host_id) from error
        except (ConnectionError, OSError) as error:
            raise ClientError("CLIENT_UNREACHABLE", f"the hub at {hub.url} could not be reached: {error}", host_id=host_id) from error
        self._next_id = 1
        self._notifications: deque[dict[str, Any]] = deque()
        self._lock = threading.Lock()

    @property
    def open(self) -> bool:
        return not self._ws.closed

    def call(self, method: str, params: dict[str, Any] | None = None, on_progress: Callable[[Any], None] | None = None, cancel: threading.Event | None = None) -> Any:
        with self._lock:
            call_id = self._next_id
            self._next_id += 1
            body = dict(params or {})
            if on_progress is not None:
                body["_meta"] = {"progressToken": call_id}
            self._send({"jsonrpc": "2.0", "id": call_id, "method": method, "params": body})
            cancelled = False
            while True:
                if cancel is not None and cancel.is_set() and not cancelled:
                    cancelled = True
                    self._send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": call_id}})
                message = self._recv(POLL_S if cancel is not None else None)
                if message is None:
                    continue
                if message.get("method") == "$/progress":
                    p = message.get("params") or {}
                    if on_progress is not None and (p.get("token") == call_id or p.get("id") == call_id):
                        on_progress(p.get("value"))
                    continue
                if "method" in message:
                    self._notifications.append(message)
                    continue
                if message.get("id") != call_id:
                    continue
                if "error" in message:
                    raise self._error(method, message["error"], cancelled)
                return message.get("result")

    def next_notification(self, timeout: float | None) -> dict[str, Any] | None:
        """The next queued or incoming notification; None when none came within `timeout` seconds."""
        if self._notifications:
            return self._notifications.popleft()
        message = self._recv(timeout)
        return message if message is not None and "method" in message else None

    def close(self) -> None:
        self._ws.close()

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self._ws.send_text(json.dumps(message))
        except WebSocketClosed as error:
            raise ClientError("CLIENT_DISCONNECTED", f"the connection to the hub at {self.hub.url} closed: {error}", host_id=self.host_id) from error

    def _recv(self, timeout: float | None) -> dict[str, Any] | None:
        try:
            text = self._ws.recv(timeout)
        except WebSocketClosed as error:
            raise ClientError("CLIENT_DISCONNECTED", f"the connection to the hub at {self.hub.url} closed: {error}", host_id=self.host_id) from error
        if text is None:
            return None
        try:
            message = json.loads(text)
        except ValueError:
            return None
        return message if isinstance(message, dict) else None

    def _error(self, method: str, error: Any, cancelled: bool) -> ClientError:
        e = error if isinstance(error, dict) else {}
        data = e.get("data") if isinstance(e.get("data"), dict) else {}
        code = data.get("code") if isinstance(data.get("code"), str) else "internal"
        reason = data.get("reason") if isinstance(data.get("reason"), str) else code
        if cancelled and (code == "cancelled" or reason == "cancelled"):
            return ClientError("CLIENT_CANCELLED", f"{method} was cancelled", host_id=self.host_id)
        details = data.get("details")
        return HubCallError(str(e.get("message", "the hub answered an error")), hub_code=code, reason=reason, hint=data.get("hint") if isinstance(data.get("hint"), str) else None, details=[str(d) for d in details] if isinstance(details, list) else None)
