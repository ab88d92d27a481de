import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';
import { peerTestFile } from './template-peer-test.js';
import { PYTHON_RUNTIME } from './python-runtime.generated.js';

/** The Python example's modules a Python peer is written on (examples/python-peer), in the order written. */
export const PYTHON_RUNTIME_NAMES: readonly string[] = Object.keys(PYTHON_RUNTIME);

/**
 * A Python peer, standard library only, on the wire and runtime modules of the Python example (framing,
 * limits, concurrent requests, cancellation, calls to the host), copied beside it: the peer is its handlers.
 */
export function pythonPeerFiles(o: ScaffoldOptions): ScaffoldFile[] {
  return [
    {
      path: 'peer.py',
      content: `"""An ${o.hostId} peer in Python, standard library only.

The wire (JSON-RPC 2.0, one JSON object per line on stdin/stdout, the 1 MiB limit) is outboard_wire.py and the
runtime (worker threads, $/ping, $/cancelRequest, calls to the host) outboard_peer.py, both beside this file:
this peer is its handshake and its action. stdout is the wire: log with self.log (stderr) only. The host starts
it on the first \`${o.hostId} actions run ${o.name}.hello\`; it exits when stdin closes.
"""

import os
import sys

from outboard_peer import PeerBase
from outboard_wire import RpcError

NAME = "${o.name}"
PROTOCOL = {"min": 1, "max": 1}


class Peer(PeerBase):
    name = NAME

    def __init__(self):
        self.state = "waiting"
        super().__init__()

    def handlers(self):
        return {"initialize": self.initialize, "activate": self.activate, "shutdown": lambda p, c, i: None,
                "actions/invoke": self.invoke}

    def initialize(self, params, cancelled, id):
        if self.state != "waiting":
            raise RpcError("invalid_request", "initialize was already received")
        host = (params or {}).get("protocol") or {}
        low, high = max(host.get("min", 0), PROTOCOL["min"]), min(host.get("max", 0), PROTOCOL["max"])
        if low > high:
            raise RpcError("invalid_params", f"no common protocol version with {host}", supported=PROTOCOL)
        self.state = "initialized"
        return {"protocol": high, "name": NAME, "version": "0.1.0",
                "contributes": {"actions": [f"{NAME}.hello"]}, "capabilities": {"required": ["ui.action.contribute"]}}

    def activate(self, params, cancelled, id):
        if self.state != "initialized":
            raise RpcError("invalid_request", "activate must follow initialize, once")
        self.state = "ready"
        return {"ready": True}

    def invoke(self, params, cancelled, id):
        params = params or {}
        if params.get("id") != f"{NAME}.hello":
            raise RpcError("not_found", f"no action {params.get('id')!r}")
        who = (params.get("args") or {}).get("name", "world")
        return {"view": {"type": "text", "text": f"Hello, {who}!"}}


if __name__ == "__main__":
    # Started by hand in a terminal? Say what this is instead of waiting for a handshake.
    if sys.stdin.isatty() and not any(k.endswith("_PEER_PROTOCOL") for k in os.environ):
        sys.stderr.write(f"This is an ${o.hostId} peer: ${o.hostId} starts it. Try \`${o.hostId} actions run {NAME}.hello\`.\\n")
        sys.exit(2)
    Peer().run()
`,
    },
    ...PYTHON_RUNTIME_NAMES.map((name) => ({ path: name, content: PYTHON_RUNTIME[name] as string })),
    peerTestFile(o, ["'python3'", "'peer.py'"]),
  ];
}
