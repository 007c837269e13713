#!/usr/bin/env python3
"""An engine that measures how much request text rulecheck sends before it has any answer: after
its hello and its first request it reads on, answering nothing, until no byte has come for SECONDS, writes that count of bytes
to REPORT (the first time it is started only), and then answers every request with an error. For
rulecheck's test that --window is bounded by the bytes it holds (tests/test_hardening_jsonmem.py).

Usage: window_probe.py REPORT SECONDS
"""
import json
import os
import select
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
import faithful  # noqa: E402

report, quiet = sys.argv[1], float(sys.argv[2])
engine = faithful.Engine(name="window-probe")


def say(obj):
    sys.stdout.write(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def requests(buffer, chunk):
    """The whole lines in buffer + chunk, as requests, and what is left."""
    buffer += chunk
    *lines, rest = buffer.split(b"\n")
    return [(len(line) + 1, json.loads(line)) for line in lines if line.strip()], rest


def answer(request):
    if request.get("op") == "hello":
        say(engine.hello())
    elif request.get("op") == "bye":
        sys.exit(0)
    else:
        say({"id": request.get("id"), "error": "window probe"})


buffer, held, received, hello_done = b"", [], 0, False
measuring = not os.path.exists(report)  # a restarted engine only answers
while measuring:
    if not select.select([0], [], [], quiet if held else None)[0]:
        break  # nothing for SECONDS: rulecheck waits for an answer
    chunk = os.read(0, 1 << 16)
    if not chunk:
        break
    got, buffer = requests(buffer, chunk)
    for size, request in got:
        if request.get("op") == "hello" and not hello_done:
            answer(request)
            hello_done = True
        else:
            held.append(request)
            received += size
if measuring:
    with open(report, "w", encoding="utf-8") as f:
        f.write(f"{received}\n")
for request in held:
    answer(request)
while True:
    chunk = os.read(0, 1 << 16)
    if not chunk:
        break
    got, buffer = requests(buffer, chunk)
    for _, request in got:
        answer(request)
