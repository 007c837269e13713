#!/usr/bin/env python3
"""An engine whose text is hostile to a terminal, for rulecheck's I/O hardening tests: it plays like
examples/engines/faithful.py but

  escapes   its hello name, and the rule and reason of every answer it makes illegal, hold escape
            sequences (clear the screen, move the cursor home, a colour, a C1 CSI) and a NUL, and it
            writes the same to stderr before each answer. Every apply is answered illegal, so every
            case fails and the console shows its rule, reason and stderr.
  flood     writes 200 KiB to stderr before each answer (past the 64 KiB rulecheck keeps per answer).
  slow      sleeps 0.1 s before each answer (a run that lasts, for the output-folder lock).

Usage: hostile_text.py MODE
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
import faithful  # noqa: E402

# Exactly what the tests look for, in the JSON report, and never raw on the console.
HOSTILE = "\x1b[2J\x1b[H\x1b[32m0 failed\x00 hidden\u009b31m\x07\r"
FLOOD_BYTES = 200 * 1024

mode = sys.argv[1]
engine = faithful.Engine(name="hostile" + HOSTILE if mode == "escapes" else f"hostile-{mode}")


def say(obj):
    sys.stdout.write(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    if req.get("op") == "bye":
        break
    if req.get("op") == "hello":
        say(engine.hello())
        continue
    if mode == "slow":
        time.sleep(0.1)
    if mode == "flood":
        sys.stderr.write("x" * FLOOD_BYTES)
        sys.stderr.flush()
    if mode == "escapes":
        sys.stderr.write("log" + HOSTILE + "\n")
        sys.stderr.flush()
        if req.get("op") == "apply":
            say({"id": req.get("id"), "legal": False, "rule": "messina.rule" + HOSTILE, "reason": "because" + HOSTILE})
            continue
    say(engine.handle(req))
