#!/usr/bin/env python3
"""An Outboard peer in Python, standard library only.

One example action (python-example.greet) and the conformance test methods (test/echo, test/sleep,
test/progress, test/blob, test/callHost), over the handshake (initialize, activate, shutdown). The wire and
the runtime (framing, limits, $/ping, $/cancelRequest, concurrent requests, calls to the host) are in
outboard_wire.py and outboard_peer.py beside this file. Exits when stdin closes.
"""

import os
import sys
import time

from outboard_peer import PeerBase
from outboard_wire import RpcError

NAME = "python-example"
VERSION = "1.0.0"
PROTOCOL = {"min": 1, "max": 1}


class ExamplePeer(PeerBase):
    name = NAME

    def __init__(self):
        self.state = "waiting"
        super().__init__()

    def handlers(self):
        return {
            "initialize": self.initialize, "activate": self.activate, "shutdown": lambda p, c, i: None,
            "actions/invoke": self.invoke_action,
            "test/echo": lambda p, c, i: p, "test/sleep": self.sleep, "test/progress": self.progress,
            "test/blob": self.blob, "test/callHost": self.call_host,
        }

    def initialize(self, params, cancelled, id):
        if self.state != "waiting":
            raise RpcError("invalid_request", "initialize was already received")
        host = (params or {}).get("protocol") or {}
        low, high = max(host.get("min", 0), PROTOCOL["min"]), min(host.get("max", 0), PROTOCOL["max"])
        if low > high:
            raise RpcError("invalid_params", f"no common protocol version: the host supports {host.get('min')}..{host.get('max')}, {NAME} supports {PROTOCOL['min']}..{PROTOCOL['max']}", supported=PROTOCOL)
        self.state = "initialized"
        return {
            "protocol": high, "name": NAME, "version": VERSION,
            "contributes": {"actions": ["python-example.greet"]},
            "capabilities": {"required": [], "optional": ["ui.notification"]},
        }

    def activate(self, params, cancelled, id):
        if self.state != "initialized":
            raise RpcError("invalid_request", "activate must follow initialize, once")
        self.state = "ready"
        self.log(f"ready with grants {(params or {}).get('grants')}")
        return {"ready": True}

    def invoke_action(self, params, cancelled, id):
        params = params or {}
        if params.get("id") != "python-example.greet":
            raise RpcError("not_found", f"no action {params.get('id')!r}; this peer has python-example.greet")
        name = (params.get("args") or {}).get("name", "world")
        return {"view": {"type": "text", "text": f"Hello, {name}!"}}

    def sleep(self, params, cancelled, id):
        ms = (params or {}).get("ms")
        if not isinstance(ms, (int, float)) or ms < 0:
            raise RpcError("invalid_params", 'test/sleep needs {"ms": <number >= 0>}')
        if cancelled.wait(ms / 1000):
            raise RpcError("cancelled", "test/sleep was cancelled")
        return {"slept": ms}

    def progress(self, params, cancelled, id):
        params = params or {}
        count = params.get("count")
        if not isinstance(count, int) or count < 0:
            raise RpcError("invalid_params", 'test/progress needs {"count": <integer >= 0>}')
        token = (params.get("_meta") or {}).get("progressToken")
        last_sent = 0.0
        for done in range(1, count + 1):
            # Coalesce: at most one report every 10 ms, and always the last one.
            if token is not None and (done == count or time.monotonic() - last_sent >= 0.01):
                self.wire.send({"jsonrpc": "2.0", "method": "$/progress", "params": {"token": token, "value": {"done": done, "total": count}}})
                last_sent = time.monotonic()
        return {"count": count}

    def blob(self, params, cancelled, id):
        size = (params or {}).get("bytes")
        if not isinstance(size, int) or size < 0 or size > 64 * 1024 * 1024:
            raise RpcError("invalid_params", 'test/blob needs {"bytes": <integer 0..67108864>}')
        return {"blob": "x" * size}

    def call_host(self, params, cancelled, id):
        method = (params or {}).get("method")

    def call_host(self, params, cancelled, id):
        method = (params or {}).get("method")
        if not isinstance(method, str):
            raise RpcError("invalid_params", 'test/callHost needs {"method": <string>}')
        answer = self.ask_host(method, params["params"]) if "params" in params else self.ask_host(method)
        return {"error": answer["error"]} if "error" in answer else {"result": answer.get("result")}


if __name__ == "__main__":
    # Started by hand in a terminal? Say what this is instead of waiting for a handshake.
    if sys.stdin.isatty() and not any(k.endswith("_PEER_PROTOCOL") for k in os.environ):
        sys.stderr.write("This is an Outboard peer: Outboard starts it (try `outboard actions run python-example.greet`).\n")
        sys.exit(2)
    ExamplePeer().run()
