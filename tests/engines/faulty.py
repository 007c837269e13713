#!/usr/bin/env python3
"""A misbehaving engine for rulecheck's fault tests: it answers like examples/engines/faithful.py
except for one injected fault.

Usage: faulty.py MODE N MARKER
  MODE   crash | hang | garbage | wrong-id | exit | huge | banner | unsupported | stderr | slow-reader
         | extra-field (an answer with a field the protocol does not have) | close-stdout (closes its
         output and keeps running) | numeric-id | deep (an answer nested 100,000 deep) | bad-utf8 (an
         answer and a stderr line that are not UTF-8) | protocol-99 (its hello claims protocol 99)
         | chaos (N is a seed: one request in 25, at random, meets one of the faults above)
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

if mode == "chaos":  # N is the seed; each restart draws anew (the marker counts the starts)
    import random
    starts = int(open(marker).read()) + 1 if os.path.exists(marker) else 1
    with open(marker, "w") as f:
        f.write(str(starts))
    chaos = random.Random(nth * 1000 + starts)


def fire():
    """True once: the first time the N-th request arrives. The marker is created exclusively, so of
    several instances side by side (run --jobs) that reach their N-th request at once, one fires."""
    try:
        fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as f:
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
        say(dict(engine.hello(), protocol=99) if mode == "protocol-99" else engine.hello())
        continue
    seen += 1
    with open(marker + ".requests", "a") as log:  # every request id this engine was sent, for the tests
        log.write(f"{req.get('id')}\n")
    if mode == "slow-reader":
        time.sleep(0.002)
    if mode == "stderr":
        sys.stderr.write(f"engine log: handling {req.get('id')}\n")
        sys.stderr.flush()
    if mode == "chaos" and chaos.random() < 0.04:  # one request in 25 meets a fault
        fault = chaos.choice(["crash", "hang", "close", "garbage", "exit", "bad-utf8", "deep", "wrong-id", "flood"])
        if fault == "crash":
            os.kill(os.getpid(), 9)
        if fault == "hang":
            time.sleep(3600)
        if fault == "close":
            os.close(1)
            time.sleep(3600)
        if fault == "exit":
            sys.exit(3)
        if fault == "garbage":
            print("Segmentation fault (core dumped)", flush=True)
        if fault == "bad-utf8":
            sys.stdout.buffer.write(b"\xff\xfe garbled\n")
            sys.stdout.flush()
        if fault == "deep":
            sys.stdout.write('{"id":%s,"result":%s%s}\n' % (json.dumps(req.get("id")), "[" * 50000, "]" * 50000))
            sys.stdout.flush()
        if fault == "wrong-id":
            say({"id": "x" + str(req.get("id")), "legal": True, "state": {}})
        if fault == "flood":  # a megabyte of stderr, then the right answer
            sys.stderr.write("noise " * 170000 + "\n")
            sys.stderr.flush()
            say(engine.handle(req))
        continue
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
        if mode == "close-stdout":  # closes its output and keeps running, reading nothing more
            sys.stdout.close()
            os.close(1)
            time.sleep(3600)
        if mode == "numeric-id":
            say({"id": 5, "legal": True, "state": {}})
            continue
        if mode == "deep":  # an answer nested 100,000 deep
            sys.stdout.write('{"id":%s,"result":%s%s}\n' % (json.dumps(req.get("id")), "[" * 100000, "]" * 100000))
            sys.stdout.flush()
            continue
        if mode == "bad-utf8":  # bytes that are not UTF-8, on stdout and on stderr
            sys.stderr.buffer.write(b"engine log: caf\xe9 \xff\xfe\n")
            sys.stderr.flush()
            sys.stdout.buffer.write(b"caf\xe9 \xff not JSON\n")
            sys.stdout.flush()
            continue
        if mode == "huge":
            say({"id": req.get("id"), "legal": True, "padding": "x" * (20 << 20)})
            continue
    if mode == "unsupported" and req.get("game") == "scythe":
        say({"id": req.get("id"), "unsupported": "this engine plays Messina only"})
        continue
    say(engine.handle(req))
