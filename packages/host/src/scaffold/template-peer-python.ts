import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';
import { peerTestFile } from './template-peer-test.js';

/** A Python peer, standard library only: the same wire as the Node one (docs/protocol.md). */
export function pythonPeerFiles(o: ScaffoldOptions): ScaffoldFile[] {
  const P = o.envPrefix;
  return [
    {
      path: 'peer.py',
      content: `"""An ${o.hostId} peer in Python, standard library only.

JSON-RPC 2.0 over stdin/stdout, one JSON object per line (docs/protocol.md). stdout is the wire: log to
stderr only. The host starts it on the first \`${o.hostId} actions run ${o.name}.hello\`. Exits when stdin closes.
This starter answers requests one at a time and ignores cancellation and progress; docs/protocol.md has
the rest of the wire.
"""

import json
import os
import sys

NAME = "${o.name}"
PROTOCOL = {"min": 1, "max": 1}
CODES = {"invalid_request": -32600, "method_not_found": -32601, "invalid_params": -32602, "internal": -32603, "not_found": -32006}


class RpcError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


state = {"phase": "waiting"}


def initialize(params):
    if state["phase"] != "waiting":
        raise RpcError("invalid_request", "initialize was already received")
    host = (params or {}).get("protocol") or {}
    version = min(host.get("max", 0), PROTOCOL["max"])
    if version < max(host.get("min", 0), PROTOCOL["min"]):
        raise RpcError("invalid_params", f"no common protocol version with {host}")
    state["phase"] = "initialized"
    return {"protocol": version, "name": NAME, "version": "0.1.0",
            "contributes": {"actions": [f"{NAME}.hello"]}, "capabilities": {"required": ["ui.action.contribute"]}}


def activate(params):
    if state["phase"] != "initialized":
        raise RpcError("invalid_request", "activate must follow initialize, once")
    state["phase"] = "ready"
    return {"ready": True}


def invoke(params):
    params = params or {}
    if params.get("id") != f"{NAME}.hello":
        raise RpcError("not_found", f"no action {params.get('id')!r}")
    who = (params.get("args") or {}).get("name", "world")
    return {"view": {"kind": "text", "text": f"Hello, {who}!"}}


HANDLERS = {"initialize": initialize, "activate": activate, "shutdown": lambda p: None,
            "$/ping": lambda p: {}, "actions/invoke": invoke}


def send(message):
    sys.stdout.write(json.dumps(dict(message, jsonrpc="2.0")) + "\\n")
    sys.stdout.flush()


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            send({"id": None, "error": {"code": -32700, "message": "the message is not valid JSON", "data": {"code": "parse_error"}}})
            continue
        # Requests get an answer; notifications ($/cancelRequest...) are not used here.
        if not isinstance(message, dict) or not isinstance(message.get("method"), str) or "id" not in message:
            continue
        try:
            handler = HANDLERS.get(message["method"])
            if handler is None:
                raise RpcError("method_not_found", f"no handler for {message['method']!r}")
            send({"id": message["id"], "result": handler(message.get("params"))})
        except Exception as error:  # a bug in a handler must not kill the peer
            code = error.code if isinstance(error, RpcError) else "internal"
            send({"id": message["id"], "error": {"code": CODES[code], "message": str(error), "data": {"code": code}}})


if __name__ == "__main__":
    if sys.stdin.isatty() and "${P}_PEER_PROTOCOL" not in os.environ:
        sys.stderr.write(f"This is an ${o.hostId} peer: ${o.hostId} starts it. Try \`${o.hostId} actions run {NAME}.hello\`.\\n")
        sys.exit(2)
    main()
`,
    },
    peerTestFile(o, ["'python3'", "'peer.py'"]),
  ];
}
