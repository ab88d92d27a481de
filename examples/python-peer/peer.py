#!/usr/bin/env python3
"""An Outboard peer in Python, standard library only.

Speaks protocol v1: JSON-RPC 2.0, one JSON object per line on stdin/stdout (LSP Content-Length frames
are understood too and answered in kind). Implements the handshake (initialize, activate, shutdown),
$/ping, $/cancelRequest, $/progress, the 1 MiB message limit in both directions, concurrent requests on
worker threads, one example action, and the conformance test methods (test/echo, test/sleep,
test/progress, test/blob, test/callHost). Logs go to stderr: stdout carries only protocol messages.
Exits when stdin closes.
"""

import itertools
import json
import os
import queue
import re
import sys
import threading
import time

NAME = "python-example"
VERSION = "1.0.0"
PROTOCOL = {"min": 1, "max": 1}
MAX_MESSAGE_BYTES = 1024 * 1024
WORKERS = 16
MAX_QUEUED = 256

CODES = {
    "parse_error": -32700, "invalid_request": -32600, "method_not_found": -32601, "invalid_params": -32602,
    "internal": -32603, "cancelled": -32800, "timeout": -32001, "unavailable": -32002, "too_large": -32003,
    "denied": -32004, "invalid_scope": -32005, "not_found": -32006,
}


class RpcError(Exception):
    """An error answered on the wire: JSON-RPC code from the stable data.code."""

    def __init__(self, code, message, **data):
        super().__init__(message)
        self.code = code
        self.data = data

    def to_wire(self):
        return {"code": CODES[self.code], "message": str(self), "data": dict(self.data, code=self.code)}


def log(text):
    sys.stderr.write(f"[{NAME}] {text}\n")
    sys.stderr.flush()


class Wire:
    """Framing and writing. Answers in the framing the host used first (NDJSON by default)."""

    def __init__(self):
        self.out = sys.stdout.buffer
        self.lock = threading.Lock()
        self.framing = None

    def send(self, message):
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if len(data) > MAX_MESSAGE_BYTES:
            if "result" in message:
                # An oversized answer becomes a too_large error: the host must not wait for it.
                error = RpcError("too_large", f"the result is over the {MAX_MESSAGE_BYTES}-byte limit; ask for less per request")
                return self.send({"jsonrpc": "2.0", "id": message["id"], "error": error.to_wire()})
            log(f"dropped an outgoing message of {len(data)} bytes (over the limit)")
            return False
        frame = (b"Content-Length: %d\r\n\r\n" % len(data)) + data if self.framing == "content-length" else data + b"\n"
        with self.lock:
            try:
                self.out.write(frame)
                self.out.flush()
            except (BrokenPipeError, ValueError):
                os._exit(0)
        return True

    def result(self, id, result):
        self.send({"jsonrpc": "2.0", "id": id, "result": result})

    def error(self, id, error):
        self.send({"jsonrpc": "2.0", "id": id, "error": error.to_wire()})


def top_level_fields(prefix):
    """Reads the top-level "id" and "method" of a JSON object from its first bytes (nested ones ignored)."""
    depth, i, found, text = 0, 0, {}, prefix.decode("utf-8", "replace")
    string = re.compile(r'"(?:[^"\\]|\\.)*"')
    scalar = re.compile(r'\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*"|null)')
    while i < len(text):
        c = text[i]
        if c == '"':
            m = string.match(text, i)
            if not m:
                break
            if depth == 1 and m.group(0) in ('"id"', '"method"'):
                v = scalar.match(text, m.end())
                if v:
                    found[m.group(0)[1:-1]] = json.loads(v.group(1))
            i = m.end()
            continue
        if c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
        i += 1
    return found


class Peer:
    def __init__(self):
        self.wire = Wire()
        self.jobs = queue.Queue(maxsize=MAX_QUEUED)
        self.active = {}  # request id -> cancellation event
        self.active_lock = threading.Lock()
        self.host_calls = {}  # our request id -> [event, response]
        self.host_call_ids = itertools.count(1)  # next() is atomic under the GIL
        self.state = "waiting"
        for _ in range(WORKERS):
            threading.Thread(target=self.work, daemon=True).start()

    # --- reading -------------------------------------------------------------------------------

    def run(self):
        stdin = sys.stdin.buffer
        while True:
            read = self.read_line(stdin)
            if read is None:
                break
            stripped, too_large = read
            if too_large is not None:
                self.oversized(too_large, lambda: None)
                continue
            if not stripped:
                continue
            if stripped[:15].lower() == b"content-length:":
                self.read_content_length(stdin, stripped)
            elif stripped[:13].lower() == b"content-type:":
                self.read_content_length(stdin, None)
            elif stripped[:1] in (b"{", b"["):
                self.handle_text(stripped, "ndjson")
            else:
                log(f"ignored a stray input line: {stripped[:80]!r}")
        sys.stdout.flush()
        os._exit(0)

    def read_line(self, stdin):
        """Reads one line in chunks. Framing does not count toward the limit: the newline and the blanks
        (space, tab, CR) before or after the text. Returns None at the end of input, (text, None), or
        (None, first bytes) for a text over the limit, whose line is then skipped without being kept."""
        text, blanks, blanks_overflow, got = bytearray(), bytearray(), False, False
        while True:
            chunk = stdin.readline(65536)
            if not chunk:
                return (bytes(text), None) if got else None
            got = True
            end = chunk.endswith(b"\n")
            body = chunk[:-1] if end else chunk
            if not text:
                body = body.lstrip(b" \t\r")
            core = body.rstrip(b" \t\r")
            if core:
                # Blanks between two parts of the text are part of it.
                if blanks_overflow or len(text) + len(blanks) + len(core) > MAX_MESSAGE_BYTES:
                    prefix = bytes((text + blanks + core)[:65536])
                    if not end:
                        self.skip_line(stdin)
                    return None, prefix
                text += blanks
                text += core
                blanks = bytearray(body[len(core):])
            elif text and not blanks_overflow:
                if len(text) + len(blanks) + len(body) > MAX_MESSAGE_BYTES:
                    blanks_overflow, blanks = True, bytearray()
                else:
                    blanks += body
            if end:
                return bytes(text), None

    def skip_line(self, stdin):
        while True:
            chunk = stdin.readline(65536)
            if not chunk or chunk.endswith(b"\n"):
                return

    def read_content_length(self, stdin, first):
        length = None
        header = first
        while header is not None or True:
            if header and header.lower().startswith(b"content-length:"):
                try:
                    length = int(header.split(b":", 1)[1].strip())
                except ValueError:
                    length = None
            header = stdin.readline(8192)
            if not header or not header.strip():
                break
        if length is None or length < 0:
            log("ignored a header block without a valid Content-Length")
            return
        if length > MAX_MESSAGE_BYTES:
            prefix = stdin.read(min(length, 65536))

            def skip():
                left = length - len(prefix)
                while left > 0:
                    chunk = stdin.read(min(left, 65536))
                    if not chunk:
                        return
                    left -= len(chunk)

            self.oversized(prefix, skip, length)
            return
        self.handle_text(stdin.read(length), "content-length")

    def oversized(self, prefix, skip, size=None):
        fields = top_level_fields(prefix[:65536])
        skip()
        what = f"{size} bytes" if size else f"over {MAX_MESSAGE_BYTES} bytes"
        log(f"skipped an incoming message of {what}")
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
        log(f"ready with grants {(params or {}).get('grants')}")
        return {"ready": True}

    def invoke_action(self, params, cancelled, id):
        params = params or {}
        if params.get("id") != "python-example.greet":
            raise RpcError("not_found", f"no action {params.get('id')!r}; this peer has python-example.greet")
        name = (params.get("args") or {}).get("name", "world")
        return {"view": {"kind": "text", "text": f"Hello, {name}!"}}

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
        if not isinstance(method, str):
            raise RpcError("invalid_params", 'test/callHost needs {"method": <string>}')
        call_id = f"py-{next(self.host_call_ids)}"
        waiting = [threading.Event(), None]
        self.host_calls[call_id] = waiting
        request = {"jsonrpc": "2.0", "id": call_id, "method": method}
        if "params" in params:
            request["params"] = params["params"]
        self.wire.send(request)
        if not waiting[0].wait(30):
            self.host_calls.pop(call_id, None)
            self.wire.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": call_id}})
            raise RpcError("timeout", f'the host did not answer "{method}" within 30 s')
        answer = waiting[1]
        return {"error": answer["error"]} if "error" in answer else {"result": answer.get("result")}


if __name__ == "__main__":
    # Started by hand in a terminal? Say what this is instead of waiting for a handshake.
    if sys.stdin.isatty() and not any(k.endswith("_PEER_PROTOCOL") for k in os.environ):
        sys.stderr.write("This is an Outboard peer: Outboard starts it (try `outboard actions run python-example.greet`).\n")
        sys.exit(2)
    Peer().run()
