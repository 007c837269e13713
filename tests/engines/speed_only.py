#!/usr/bin/env python3
"""The faithful example engine as an engine that models Scythe's move ranges only as the game has
them: the base game's 1/1/1 (character/mech/worker) and Speed's 2/2/1. Any other combination is
answered "unsupported", as a real engine that cannot express it would (issue 34, item 2).

Usage: speed_only.py [--log FILE]
  --log  append one JSON line per apply or query request: {"game", "ruleset"} as received
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
import faithful  # noqa: E402

GAME_RANGES = ({"character": 1, "mech": 1, "worker": 1}, {"character": 2, "mech": 2, "worker": 1})
log = sys.argv[sys.argv.index("--log") + 1] if "--log" in sys.argv else None


class SpeedOnly(faithful.Engine):
    def handle(self, req):
        if req.get("op") in ("apply", "query"):
            if log:
                with open(log, "a") as f:
                    f.write(json.dumps({"game": req.get("game"), "ruleset": req.get("ruleset")}) + "\n")
            ranges = (req.get("ruleset") or {}).get("move_range")
            if req.get("game") == "scythe" and ranges not in GAME_RANGES:
                return {"id": req.get("id"), "unsupported": f"move ranges {ranges}: only 1/1/1 and Speed's 2/2/1"}
        return super().handle(req)


if __name__ == "__main__":
    faithful.main(SpeedOnly(name="speed-only"))
