"""Scenarios of the Python client against a real hub, run by tests/e2e/client-python.test.ts: each prints one
JSON line with what it saw. Usage: scenarios.py <action|version|nohub|helpers> <home>"""

import json
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from outboard_client import ClientError, connect  # noqa: E402


def action(home: str) -> dict:
    with connect(home=home, env={}) as hub:
        progress = []
        result = hub.actions.run("demo.slow", {"steps": 3, "stepMs": 50}, on_progress=progress.append)
        cancel = threading.Event()
        try:
            hub.actions.run("demo.slow", {"steps": 200, "stepMs": 50}, on_progress=lambda _: cancel.set(), cancel=cancel)
            cancelled = None
        except ClientError as error:
            cancelled = error.code
        try:
            hub.actions.run("demo.nope")
            unknown = None
        except ClientError as error:
            unknown = [error.code, getattr(error, "hub_code", None)]
        still = any(a["id"] == "demo.slow" for a in hub.actions.list())
        return {"progress": progress, "text": (result.get("view") or {}).get("text"), "cancelled": cancelled, "unknown": unknown, "usable": still}


def version(home: str) -> dict:
    try:
        connect(home=home, env={}, api_versions=(0,))
        return {"code": None}
    except ClientError as error:
        return {"code": error.code, "message": error.message}


def nohub(home: str) -> dict:
    try:
        connect(home=home, env={}, host_id="ndx")
        return {"code": None}
    except ClientError as error:
        return {"code": error.code, "hint": error.hint}


def helpers(home: str) -> dict:
    with connect(home=home, env={}) as hub:
        return {
            "host": hub.identity.name,
            "extensions": [e["name"] for e in hub.extensions.list()],
            "projects": [p["id"] for p in hub.projects.list()],
            "status": hub.status.list(),
            "search": hub.providers.search("x"),
        }


print(json.dumps({"action": action, "version": version, "nohub": nohub, "helpers": helpers}[sys.argv[1]](sys.argv[2])), flush=True)
