"""python3 -m outboard_client events [--follow] [--type GLOB]... [--home DIR] [--host-id ID]: the hub's events
as NDJSON (a reset as {"reset": true, ...}). The token comes from the home's token file, never the command line."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from . import ClientError, Reset, connect


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m outboard_client")
    sub = parser.add_subparsers(dest="command", required=True)
    events = sub.add_parser("events", help="print the hub's events as NDJSON")
    events.add_argument("--follow", action="store_true", help="keep printing new events until Ctrl+C")
    events.add_argument("--type", action="append", dest="types", help="a type glob such as git.* (repeatable)")
    events.add_argument("--since", type=int, help="start after this event seq")
    events.add_argument("--home", help="the home whose hub to use (default $OUTBOARD_HOME, else ~/.outboard)")
    events.add_argument("--host-id", default="outboard", help="the host id of the hub (default outboard)")
    args = parser.parse_args(argv)
    try:
        with connect(home=args.home, host_id=args.host_id) as hub:
            if not args.follow:
                answer = hub.rpc("events.recent", {**({"types": args.types} if args.types else {}), "sinceSeq": args.since or 0, "limit": 1000})
                for event in answer["events"]:
                    print(json.dumps(event), flush=True)
                return 0
            for item in hub.events(types=args.types, since=args.since):
                record = {"reset": True, "reason": item.reason, "lastSeq": item.last_seq} if isinstance(item, Reset) else dataclasses.asdict(item)
                print(json.dumps(record), flush=True)
    except ClientError as error:
        print(f"error: {error.message} — {error.hint}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


sys.exit(main(sys.argv[1:]))
