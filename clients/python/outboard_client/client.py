"""connect() and HubClient: the same surface as @outboard/client, in the standard library only."""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .connection import HubConnection
from .errors import ClientError
from .locate import CLIENT_API_VERSIONS, DEFAULT_HOST_ID, HubEndpoint, HubIdentity, check_hub, default_home, env_prefix, locate_hub, read_token


@dataclass(frozen=True)
class HubEvent:
    """One event of the hub's bus (shaped after the OpenTelemetry log record)."""

    seq: int
    time: str
    type: str
    source: str
    attributes: dict[str, Any] = field(default_factory=dict)
    scope: dict[str, str] | None = None
    body: Any = None

    @staticmethod
    def of(raw: dict[str, Any]) -> "HubEvent":
        return HubEvent(raw["seq"], raw.get("time", ""), raw["type"], raw.get("source", ""), raw.get("attributes") or {}, raw.get("scope"), raw.get("body"))


@dataclass(frozen=True)
class Reset:
    """Events were lost (the hub restarted, they left its history, or this reader was too slow): resync by query."""

    reason: str
    last_seq: int


@dataclass(frozen=True)
class Backoff:
    """How the client waits between attempts to reach the hub again, in seconds."""

    initial_delay: float = 0.1
    max_delay: float = 2.0
    give_up_after: float = 30.0


_RETRYABLE = ("CLIENT_UNREACHABLE", "CLIENT_HUB_NOT_RUNNING", "CLIENT_DISCONNECTED")


def connect(home: str | None = None, url: str | None = None, token: str | None = None, host_id: str = DEFAULT_HOST_ID, api_versions: tuple[int, ...] = CLIENT_API_VERSIONS, reconnect: Backoff = Backoff(), env: dict[str, str] | None = None) -> "HubClient":
    """Connects to a running hub, found through the home (<home>/hub.json, the token from <home>/token), checked
    to be a hub of `host_id` serving that home with a common API version. Raises ClientError with a code."""
    env = dict(os.environ) if env is None else env
    for name, value in (("home", home), ("url", url), ("token", token), ("host_id", host_id)):
        if value is not None and (not isinstance(value, str) or value == ""):
            raise ClientError("CLIENT_OPTIONS_INVALID", f"connect(): {name} must be a non-empty string, got {value!r}")
    if not api_versions or not all(isinstance(v, int) and v >= 0 for v in api_versions):
        raise ClientError("CLIENT_OPTIONS_INVALID", f"connect(): api_versions must be a non-empty tuple of versions such as (1,), got {api_versions!r}")
    prefix = env_prefix(host_id)
    env_url = env.get(f"{prefix}_HUB_URL") if url is None and home is None else None
    if home is None and url is None and not env_url:
        home = default_home(host_id, env)
    fixed_url = url or env_url
    token_file = env.get(f"{prefix}_TOKEN_FILE") if env_url else (os.path.join(home, "token") if home else None)

    def locate() -> tuple[HubEndpoint, HubIdentity]:
        if fixed_url:
            endpoint = HubEndpoint(fixed_url if fixed_url.endswith("/") else fixed_url + "/", token or (read_token(token_file, host_id) if token_file else None))
        else:
            endpoint = locate_hub(home or "", host_id)
        return endpoint, check_hub(endpoint, host_id, home, tuple(api_versions))

    return HubClient(locate, host_id, reconnect)


class HubClient:
    """A client of one running hub. Calls share one /api/ws connection; when it ended (the hub restarted), the
    next call reconnects with backoff, finding the hub again through its home. A call in flight when the
    connection ends raises CLIENT_DISCONNECTED (it is not repeated: it may have run). Each events() iteration
    has a connection of its own."""

    def __init__(self, locate: Callable[[], tuple[HubEndpoint, HubIdentity]], host_id: str, backoff: Backoff) -> None:
        self._locate = locate
        self.host_id = host_id
        self._backoff = backoff
        self._closed = False
        endpoint, self.identity = locate()
        self.url = endpoint.url
        self._conn: HubConnection | None = HubConnection(endpoint, host_id, self.identity.api_version)
        self.actions = _Actions(self)
        self.extensions = _Extensions(self)
        self.projects = _Projects(self)
        self.status = _Status(self)
        self.providers = _Providers(self)

    def rpc(self, method: str, params: dict[str, Any] | None = None, on_progress: Callable[[Any], None] | None = None, cancel: threading.Event | None = None) -> Any:
        """Calls an RPC method and returns its result. `cancel.set()` (from another thread) cancels it in the hub."""
        if self._conn is None or not self._conn.open:
            self._conn = self._reconnect()
        return self._conn.call(method, params, on_progress, cancel)

    def events(self, types: list[str] | None = None, project: str | None = None, since: int | None = None, stop: threading.Event | None = None) -> Iterator[HubEvent | Reset]:
        """Events as they are published, resumed after a reconnect `since` the last seq (a Reset when that
        cannot hold). Ends when `stop` is set (checked about every 0.2 s) or the client is closed."""
        last_seq = since
        instance: str | None = None
        while not self._stopped(stop):
            conn = self._reconnect()
            try:
                info = conn.call("host.info")
                now = info.get("instanceId") or f"pid:{info.get('pid')}"
                start = last_seq
                if instance is not None and now != instance:
                    yield Reset("the hub restarted: events published between the two runs are lost; resync by query", info.get("lastSeq", 0))
                    start, last_seq = 0, 0
                instance = now
                params: dict[str, Any] = {}
                if types:
                    params["types"] = list(types)
                if project is not None:
                    params["projectIds"] = [project]
                if start is not None:
                    params["since"] = start
                answer = conn.call("events.subscribe", params)
                if last_seq is None:
                    last_seq = answer.get("lastSeq", 0)
                while not self._stopped(stop):
                    note = conn.next_notification(0.2)
                    if note is None:
                        continue
                    p = note.get("params") or {}
                    if note.get("method") == "events.event":
                        event = HubEvent.of(p["event"])
                        if last_seq is not None and event.seq <= last_seq:
                            continue
                        last_seq = event.seq
                        yield event
                    elif note.get("method") == "events.reset":
                        yield Reset(str(p.get("reason", "")), int(p.get("lastSeq", 0)))
            except ClientError as error:
                if error.code != "CLIENT_DISCONNECTED":
                    raise
            finally:
                conn.close()

    def close(self) -> None:
        self._closed = True
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> "HubClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _stopped(self, stop: threading.Event | None) -> bool:
        return self._closed or (stop is not None and stop.is_set())

    def _reconnect(self) -> HubConnection:
        if self._closed:
            raise ClientError("CLIENT_CLOSED", "this hub client was closed", host_id=self.host_id)
        began, delay = time.monotonic(), self._backoff.initial_delay
        while True:
            try:
                endpoint, self.identity = self._locate()
                self.url = endpoint.url
                return HubConnection(endpoint, self.host_id, self.identity.api_version)
            except ClientError as error:
                if error.code not in _RETRYABLE or self._closed or time.monotonic() - began + delay > self._backoff.give_up_after:
                    raise
            time.sleep(delay * (0.75 + random.random() * 0.5))
            delay = min(self._backoff.max_delay, delay * 2)


class _Actions:
    def __init__(self, hub: HubClient) -> None:
        self._hub = hub

    def list(self) -> list[dict[str, Any]]:
        return self._hub.rpc("actions.list")

    def run(self, action_id: str, args: Any = None, project: str | None = None, on_progress: Callable[[Any], None] | None = None, cancel: threading.Event | None = None) -> dict[str, Any]:
        """Runs an action; each progress value goes to on_progress; cancel.set() cancels it (CLIENT_CANCELLED)."""
        params: dict[str, Any] = {"id": action_id, "args": args if args is not None else {}}
        if project is not None:
            params["projectId"] = project
        return self._hub.rpc("actions.invoke", params, on_progress, cancel)


class _Extensions:
    def __init__(self, hub: HubClient) -> None:
        self._hub = hub

    def list(self) -> list[dict[str, Any]]:
        return self._hub.rpc("extensions.list")["extensions"]


class _Projects:
    def __init__(self, hub: HubClient) -> None:
        self._hub = hub

    def list(self) -> list[dict[str, Any]]:
        return self._hub.rpc("projects.list")["projects"]

    def add(self, root: str, id: str | None = None, name: str | None = None) -> dict[str, Any]:
        params = {"root": root, **({"id": id} if id else {}), **({"name": name} if name else {})}
        return self._hub.rpc("projects.register", params)


class _Status:
    def __init__(self, hub: HubClient) -> None:
        self._hub = hub

    def list(self, project: str | None = None) -> list[dict[str, Any]]:
        return self._hub.rpc("status.list", {"projectId": project} if project else {})


class _Providers:
    def __init__(self, hub: HubClient) -> None:
        self._hub = hub

    def search(self, query: str, kind: str = "search", project: str | None = None, limit: int | None = None) -> dict[str, Any]:
        params: dict[str, Any] = {"query": query, "kind": kind}
        if project is not None:
            params["projectId"] = project
        if limit is not None:
            params["limit"] = limit
        return self._hub.rpc("providers.search", params)
