"""A small WebSocket client (RFC 6455) over a plain socket: text frames, ping/pong, close. Enough for the hub's
/api/ws (JSON-RPC, one message per text frame, no extensions); standard library only."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import time


class WebSocketRefused(Exception):
    """The server answered the upgrade with an HTTP status instead: its status and its `error` text."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(f"answered {status}{': ' + text if text else ''}")
        self.status = status
        self.text = text


class WebSocketClosed(Exception):
    """The connection ended (closed by the server, or the socket failed)."""


# The largest frame taken (the hub bounds what it sends far below this).
MAX_FRAME_BYTES = 16 * 1024 * 1024


class WebSocket:
    """One open WebSocket. `recv(timeout)` returns the next text message, or None when none came in time."""

    def __init__(self, host: str, port: int, path: str, headers: dict[str, str], timeout: float = 5.0) -> None:
        try:
            self._sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as error:
            raise ConnectionError(str(error)) from error
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._buf = bytearray()
        self._fragments: list[bytes] = []
        self.closed = False
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self._sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = self._read_head(timeout)
        status_line, _, rest = head.partition("\r\n")
        parts = status_line.split(" ")
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
        if status != 101:
            self._sock.settimeout(1.0)
            body = bytes(self._buf)
            try:
                while len(body) < 4096:
                    chunk = self._sock.recv(4096)
                    if not chunk:
                        break
                    body += chunk
            except OSError:
                pass
            self._sock.close()
            text = body.decode("utf-8", "replace")
            try:
                text = str(json.loads(text).get("error", text))
            except (ValueError, AttributeError):
                text = text.strip()
            raise WebSocketRefused(status, text[:500])

    def _read_head(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in self._buf:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or len(self._buf) > 64 * 1024:
                raise ConnectionError("the server did not answer the WebSocket upgrade")
            self._sock.settimeout(remaining)
            chunk = self._sock.recv(4096)
            if not chunk:
                raise ConnectionError("the server closed the connection during the upgrade")
            self._buf += chunk
        end = self._buf.index(b"\r\n\r\n")
        head = bytes(self._buf[:end]).decode("latin-1")
        del self._buf[: end + 4]
        return head

    def send_text(self, text: str) -> None:
        self._send_frame(0x1, text.encode())

    def _send_frame(self, opcode: int, payload: bytes) -> None:
        if self.closed:
            raise WebSocketClosed("the connection is closed")
        n = len(payload)
        header = bytes([0x80 | opcode])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if n < 4096 else _mask_large(payload, mask)
        try:
            self._sock.sendall(header + mask + masked)
        except OSError as error:
            self._end()
            raise WebSocketClosed(str(error)) from error

    def recv(self, timeout: float | None) -> str | None:
        """The next text message; None when none came within `timeout` seconds (None: wait for ever)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            frame = self._parse_frame()
            if frame is None:
                if not self._fill(deadline):
                    return None
                continue
            fin, opcode, payload = frame
            if opcode == 0x9:
                self._send_frame(0xA, payload)
            elif opcode == 0x8:
                self._end()
                raise WebSocketClosed("the server closed the connection")
            elif opcode in (0x1, 0x0, 0x2):
                self._fragments.append(payload)
                if fin:
                    data = b"".join(self._fragments)
                    self._fragments = []
                    if opcode != 0x2:
                        return data.decode("utf-8", "replace")

    def _fill(self, deadline: float | None) -> bool:
        if self.closed:
            raise WebSocketClosed("the connection is closed")
        remaining = None if deadline is None else deadline - time.monotonic()
        if remaining is not None and remaining <= 0:
            return False
        self._sock.settimeout(remaining)
        try:
            chunk = self._sock.recv(65536)
        except (socket.timeout, TimeoutError):
            return False
        except OSError as error:
            self._end()
            raise WebSocketClosed(str(error)) from error
        if not chunk:
            self._end()
            raise WebSocketClosed("the server closed the connection")
        self._buf += chunk
        return True

    def _parse_frame(self) -> tuple[bool, int, bytes] | None:
        buf = self._buf
        if len(buf) < 2:
            return None
        fin, opcode, n, at = bool(buf[0] & 0x80), buf[0] & 0x0F, buf[1] & 0x7F, 2
        if n == 126:
            if len(buf) < 4:
                return None
            n, at = struct.unpack("!H", buf[2:4])[0], 4
        elif n == 127:
            if len(buf) < 10:
                return None
            n, at = struct.unpack("!Q", buf[2:10])[0], 10
        if n > MAX_FRAME_BYTES:
            self._end()
            raise WebSocketClosed(f"a frame of {n} bytes is over the {MAX_FRAME_BYTES}-byte limit")
        if len(buf) < at + n:
            return None
        payload = bytes(buf[at : at + n])
        del buf[: at + n]
        return fin, opcode, payload

    def close(self) -> None:
        if self.closed:
            return
        try:
            self._send_frame(0x8, struct.pack("!H", 1000))
        except WebSocketClosed:
            pass
        self._end()

    def _end(self) -> None:
        self.closed = True
        try:
            self._sock.close()
        except OSError:
            pass


def _mask_large(payload: bytes, mask: bytes) -> bytes:
    n = len(payload)
    key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
    return (int.from_bytes(payload, "big") ^ key).to_bytes(n, "big")
