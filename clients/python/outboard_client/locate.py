"""Finding the hub of a home (its hub.json and token file) and checking what answers there: the same rules as
@outboard/client's hub-location.ts and hub-identity.ts."""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from dataclasses import dataclass

from .errors import ClientError

DEFAULT_HOST_ID = "outboard"
# The hub API versions this client speaks, oldest first.
CLIENT_API_VERSIONS: tuple[int, ...] = (1,)
VERSION_TIMEOUT_S = 2.0


@dataclass(frozen=True)
class HubEndpoint:
    url: str
    token: str | None


@dataclass(frozen=True)
class HubIdentity:
    """What GET /api/version said: the host id, the hub's version, its home, the API version agreed."""

    name: str
    version: str
    home: str
    api_version: int
    api_versions: tuple[int, ...]


def env_prefix(host_id: str) -> str:
    return re.sub(r"[^A-Z0-9]", "_", host_id.upper())


def default_home(host_id: str, env: dict[str, str]) -> str:
    return env.get(f"{env_prefix(host_id)}_HOME") or os.path.join(os.path.expanduser("~"), f".{host_id}")


def read_token(path: str, host_id: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(64 * 1024).strip()
    except OSError as error:
        raise ClientError("CLIENT_TOKEN_UNREADABLE", f"the token file {path} cannot be read ({error.strerror})", host_id=host_id) from error
    if not text:
        raise ClientError("CLIENT_TOKEN_UNREADABLE", f"the token file {path} is empty", host_id=host_id)
    return text


def locate_hub(home: str, host_id: str) -> HubEndpoint:
    """The hub serving `home` from <home>/hub.json, with the token from <home>/token."""
    record = None
    try:
        with open(os.path.join(home, "hub.json"), encoding="utf-8") as f:
            record = json.loads(f.read(64 * 1024))
    except (OSError, ValueError):
        record = None
    url = record.get("url") if isinstance(record, dict) else None
    pid = record.get("pid") if isinstance(record, dict) else None
    if not isinstance(url, str) or (isinstance(pid, int) and not _alive(pid)):
        gone = "" if record is None else " (its hub record names a hub that is gone)"
        raise ClientError("CLIENT_HUB_NOT_RUNNING", f"no hub serves the home {home}{gone}", host_id=host_id)
    return HubEndpoint(url, read_token(os.path.join(home, "token"), host_id))


def check_hub(hub: HubEndpoint, host_id: str, home: str | None, api_versions: tuple[int, ...]) -> HubIdentity:
    """Asks GET /api/version and holds the answer to this host id, this home and a common API version."""
    req = urllib.request.Request(hub.url.rstrip("/") + "/api/version", headers={"authorization": f"Bearer {hub.token}"} if hub.token else {})
    body = None
    try:
        with urllib.request.urlopen(req, timeout=VERSION_TIMEOUT_S) as res:
            status, text = res.status, res.read(64 * 1024)
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read(64 * 1024)
    except (OSError, ValueError) as error:
        raise ClientError("CLIENT_UNREACHABLE", f"not using the hub at {hub.url}: it could not be reached ({error})", host_id=host_id) from error
    try:
        body = json.loads(text)
    except ValueError:
        body = None

    def problem(code: str, why: str) -> ClientError:
        return ClientError(code, f"not using the hub at {hub.url}: {why}", host_id=host_id)

    if status in (401, 403):
        raise problem("CLIENT_REFUSED", f"it refused this home's token ({status})")
    if status != 200 or not isinstance(body, dict) or not isinstance(body.get("name"), str):
        raise problem("CLIENT_NOT_THIS_HUB", f"it answered /api/version as something other than a hub ({status})")
    if body["name"] != host_id:
        raise problem("CLIENT_NOT_THIS_HUB", f"it is a hub of {json.dumps(body['name'])}, not of {host_id}")
    if not isinstance(body.get("home"), str):
        raise problem("CLIENT_NOT_THIS_HUB", "it does not say which home it serves (an older hub: restart it)")
    if home is not None and not _same_folder(body["home"], home):
        raise problem("CLIENT_NOT_THIS_HUB", f"it serves another home ({body['home']})")
    wire = body.get("wireVersions")
    hub_versions = tuple(v for v in wire if isinstance(v, int)) if isinstance(wire, list) else (body.get("wireVersion", 1),)
    common = [v for v in api_versions if v in hub_versions]
    if not common:
        older = "upgrade the client (@outboard/client or outboard_client)" if max(api_versions) < min(hub_versions) else "upgrade the hub"
        mine = ", ".join(map(str, api_versions))
        theirs = ", ".join(map(str, hub_versions))
        raise problem("CLIENT_API_VERSION", f"this client speaks hub API version {mine}, and the hub (version {body.get('version', '?')}) speaks hub API version {theirs}: {older}")
    return HubIdentity(body["name"], str(body.get("version", "")), body["home"], max(common), hub_versions)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except PermissionError:
        return True
    except OSError:
        return False


def _same_folder(a: str, b: str) -> bool:
    return a == b or os.path.realpath(a) == os.path.realpath(b)
