#!/usr/bin/env python3
"""The wire of an Outboard peer in Python, standard library only: framing and limits.

Protocol v1 is JSON-RPC 2.0, one JSON object per line on stdin/stdout; LSP Content-Length frames are
understood too and answered in kind. Messages are at most 1 MiB in both directions: a larger incoming request
is skipped without being kept and answered with too_large. stdout carries only protocol messages.
"""

import json
import os
import re
import sys
import threading


MAX_MESSAGE_BYTES = 1024 * 1024

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


class Wire:
    """Framing and writing. Answers in the framing the host used first (NDJSON by default)."""

    def __init__(self, log):
        self.out = sys.stdout.buffer
        self.lock = threading.Lock()
        self.framing = None
        self.log = log

    def send(self, message):
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if len(data) > MAX_MESSAGE_BYTES:
            if "result" in message:
                # An oversized answer becomes a too_large error: the host must not wait for it.
                error = RpcError("too_large", f"the result is over the {MAX_MESSAGE_BYTES}-byte limit; ask for less per request")
                return self.send({"jsonrpc": "2.0", "id": message["id"], "error": error.to_wire()})
            self.log(f"dropped an outgoing message of {len(data)} bytes (over the limit)")
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


class Reader:
    """Splits the input into messages: NDJSON lines or Content-Length frames. Calls on_text(data, framing)
    for each message, on_oversized(first bytes, skip, size) for one over the limit, log(text) for stray input."""

    def __init__(self, on_text, on_oversized, log):
        self.on_text = on_text
        self.on_oversized = on_oversized
        self.log = log

    def run(self, stdin):
        """Reads until the end of input."""
        while True:
            read = self.read_line(stdin)
            if read is None:
                break
            stripped, too_large = read
            if too_large is not None:
                self.on_oversized(too_large, lambda: None)
                continue
            if not stripped:
                continue
            if stripped[:15].lower() == b"content-length:":
                self.read_content_length(stdin, stripped)
            elif stripped[:13].lower() == b"content-type:":
                self.read_content_length(stdin, None)
            elif stripped[:1] in (b"{", b"["):
                self.on_text(stripped, "ndjson")
            else:
                self.log(f"ignored a stray input line: {stripped[:80]!r}")

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
            self.log("ignored a header block without a valid Content-Length")
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

            self.on_oversized(prefix, skip, length)
            return
        self.on_text(stdin.read(length), "content-length")
