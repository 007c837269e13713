#!/usr/bin/env python3
"""A misbehaving engine for rulecheck's fault tests: it answers like examples/engines/faithful.py
except for one injected fault.

Usage: faulty.py MODE N MARKER
  MODE   crash | hang | garbage | wrong-id | exit | huge | banner | unsupported | stderr | slow-reader
         | extra-field (an answer with a field the protocol does not have)
  N      the fault hits the N-th apply/query request (1-based) ...
  MARKER ... once: the file MARKER is created when it fires, and the fault never fires again while
         it exists (so the restarted engine behaves).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
import faithful  # noqa: E402

mode, nth, marker = sys.argv[1], int(sys.argv[2]), sys.argv[3]
engine = faithful.Engine(name=f"faulty-{mode}")


def fire():
    """True once: the first time the N-th request arrives."""
    if os.path.exists(marker):
        return False
    with open(marker, "w") as f:
        f.write(mode)
    return True


def say(obj):
    sys.stdout.write(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")
    sys.stdout.flush()


if mode == "banner":
    print("faulty engine v0 starting up... (a banner rulecheck must tolerate)", flush=True)

seen = 0
for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    if req.get("op") == "bye":
        break
    if req.get("op") == "hello":
        say(engine.hello())
        continue
    seen += 1
    if mode == "slow-reader":
        time.sleep(0.002)
    if mode == "stderr":
        sys.stderr.write(f"engine log: handling {req.get('id')}\n")
        sys.stderr.flush()
    if seen == nth and mode not in ("banner", "slow-reader", "stderr", "unsupported") and fire():
        if mode == "crash":
            os.kill(os.getpid(), 9)
        if mode == "hang":
            time.sleep(3600)
        if mode == "exit":
            sys.exit(0)
        if mode == "garbage":
            print("Traceback (most recent call last): this is not JSON", flush=True)
            continue
        if mode == "wrong-id":
            say({"id": "not-" + str(req.get("id")), "legal": True, "state": {}})
            continue
        if mode == "extra-field":
            answer = engine.handle(req)
            answer["debug"] = "not in the protocol"
            say(answer)
            continue
        if mode == "huge":
            say({"id": req.get("id"), "legal": True, "padding": "x" * (20 << 20)})
            continue
    if mode == "unsupported" and req.get("game") == "scythe":
        say({"id": req.get("id"), "unsupported": "this engine plays Messina only"})
        continue
    say(engine.handle(req))
