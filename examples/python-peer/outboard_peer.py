#!/usr/bin/env python3
"""The runtime of an Outboard peer in Python, standard library only: what every peer needs, whatever it offers.

Reads requests (outboard_wire), runs them on worker threads and answers them; $/ping and $/cancelRequest;
calls to the host. Logs go to stderr. A peer subclasses PeerBase, names itself and returns its handlers
(see peer.py).
"""

import itertools
import json
import os
import queue
import sys
import threading

from outboard_wire import MAX_MESSAGE_BYTES, RpcError, Reader, Wire, top_level_fields

WORKERS = 16
MAX_QUEUED = 256
NO_PARAMS = object()  # a host call sent without "params" (None sends null)

class PeerBase:
    """Reads requests, runs them on worker threads and answers them. Subclasses set `name` and return their
    handlers from `handlers()`: each takes (params, cancelled event, request id) and returns the result or
    raises RpcError."""

    name = "peer"

    def __init__(self):
        self.wire = Wire(self.log)
        self.jobs = queue.Queue(maxsize=MAX_QUEUED)
        self.active = {}  # request id -> cancellation event
        self.active_lock = threading.Lock()
        self.host_calls = {}  # our request id -> [event, response]
        self.host_call_ids = itertools.count(1)  # next() is atomic under the GIL
        for _ in range(WORKERS):
            threading.Thread(target=self.work, daemon=True).start()

    def run(self):
        Reader(self.handle_text, self.oversized, self.log).run(sys.stdin.buffer)
        sys.stdout.flush()
        os._exit(0)

    def oversized(self, prefix, skip, size=None):
        fields = top_level_fields(prefix[:65536])
        skip()
        what = f"{size} bytes" if size else f"over {MAX_MESSAGE_BYTES} bytes"
        self.log(f"skipped an incoming message of {what}")
        if "method" in fields and isinstance(fields.get("id"), (int, str)):
            self.wire.error(fields["id"], RpcError("too_large", f"the request is {what}, over the {MAX_MESSAGE_BYTES}-byte limit; send less per request", limit=MAX_MESSAGE_BYTES))

    def handle_text(self, data, framing):
        if self.wire.framing is None:
            self.wire.framing = framing
        try:
            message = json.loads(data)
        except (ValueError, UnicodeDecodeError):
            self.wire.error(None, RpcError("parse_error", "the message is not valid JSON"))
            return
        if not isinstance(message, dict):
            self.wire.error(None, RpcError("invalid_request", "not a JSON-RPC message object (batches are not supported)"))
            return
        method, id = message.get("method"), message.get("id")
        valid_id = isinstance(id, (int, str)) and not isinstance(id, bool)
        if "jsonrpc" in message and message["jsonrpc"] != "2.0":
            refusal = RpcError("invalid_request", f'"jsonrpc" must be "2.0", got {json.dumps(message["jsonrpc"])[:40]}')
            if isinstance(method, str):
                self.wire.error(id if "id" in message and valid_id else None, refusal)
            elif "id" in message and ("result" in message or "error" in message):
                waiting = self.host_calls.pop(id, None) if valid_id else None
                if waiting:
                    waiting[1] = {"error": refusal.to_wire()}
                    waiting[0].set()
            else:
                self.wire.error(id if valid_id else None, refusal)
            return
        if isinstance(method, str):
            if "id" not in message:
                self.notification(method, message.get("params"))
            elif isinstance(id, (int, str)) and not isinstance(id, bool):
                self.request(id, method, message.get("params"))
            else:
                self.wire.error(None, RpcError("invalid_request", "request ids are numbers or strings"))
        elif "id" in message and ("result" in message or "error" in message):
            waiting = self.host_calls.pop(id, None)
            if waiting:
                waiting[1] = message
                waiting[0].set()
        else:
            bad_id = id if isinstance(id, (int, str)) and not isinstance(id, bool) else None
            self.wire.error(bad_id, RpcError("invalid_request", "neither a string method nor a result/error"))

    def notification(self, method, params):
        if method == "$/cancelRequest" and isinstance(params, dict):
            with self.active_lock:
                event = self.active.get(params.get("id"))
            if event:
                event.set()
        # Other notifications (including unknown $/ ones) are ignored.

    def request(self, id, method, params):
        if method == "$/ping":
            return self.wire.result(id, {})
        cancelled = threading.Event()
        with self.active_lock:
            self.active[id] = cancelled
        try:
            self.jobs.put_nowait((id, method, params, cancelled))
        except queue.Full:
            self.finish(id)
            self.wire.error(id, RpcError("unavailable", "too many requests in flight; retry later"))

    # --- handling ------------------------------------------------------------------------------

    def work(self):
        while True:
            id, method, params, cancelled = self.jobs.get()
            try:
                if cancelled.is_set():
                    raise RpcError("cancelled", f'"{method}" was cancelled before it started')
                handler = self.handlers().get(method)
                if handler is None:
                    raise RpcError("method_not_found", f'no handler for "{method}"', method=method)
                result = handler(params, cancelled, id)
                if cancelled.is_set():
                    raise RpcError("cancelled", f'"{method}" was cancelled')
                self.wire.result(id, result)
            except RpcError as error:
                self.wire.error(id, error)
            except Exception as error:  # a bug in a handler must not kill the peer
                self.wire.error(id, RpcError("internal", f'the handler of "{method}" failed: {error}'))
            finally:
                self.finish(id)

    def finish(self, id):
        with self.active_lock:
            self.active.pop(id, None)


    def handlers(self):
        return {}

    def log(self, text):
        sys.stderr.write(f"[{self.name}] {text}\n")
        sys.stderr.flush()

    def ask_host(self, method, params=NO_PARAMS, timeout=30):
        """Calls a host method and waits for its answer: {"result": ...} or {"error": {...}}."""
        call_id = f"py-{next(self.host_call_ids)}"
        waiting = [threading.Event(), None]
        self.host_calls[call_id] = waiting
        request = {"jsonrpc": "2.0", "id": call_id, "method": method}
        if params is not NO_PARAMS:
            request["params"] = params
        self.wire.send(request)
        if not waiting[0].wait(timeout):
            self.host_calls.pop(call_id, None)
            self.wire.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": call_id}})
            raise RpcError("timeout", f'the host did not answer "{method}" within {timeout} s')
        return waiting[1]
