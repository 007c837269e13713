#!/usr/bin/env python3
"""An engine hostile to rulecheck's reading of engine output, for tests/test_hardening_engineio.py. It
plays like examples/engines/faithful.py except for its MODE:

  hello-version-number   its hello's "version" is 3 (a number)
  hello-games-string     its hello's "games" is "messina" (a string, not a list)
  hello-no-games         its hello has no "games"
  huge-name              its hello's name and version are 6 MiB each (the line under the 16 MiB cap)
  huge-reason            every apply is answered illegal, with a 10 MiB "reason" and a 1 MiB "rule"
  blank-flood            answers hello, then at the first request becomes `yes ''`: blank lines
                         without end, as fast as the pipe takes them, never answering
  spaces                 writes a line of spaces and tabs before every answer (a blank line)
  duplicate-id           every answer gives its "id" twice: the request's, then another
  nul                    every answer is followed, on its line, by a NUL and bytes that are not JSON
  orphan-stdout          at its first request it starts a child that keeps its stdout (sleep 60), and
                         kills itself with SIGKILL
  other-hello-after-restart
                         crashes (SIGKILL) at its first request; every later start answers hello with
                         another "version" (MARKER, a file, tells a start from a restart)

Usage: engine_io.py MODE [MARKER]
"""
import json
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
import faithful  # noqa: E402

MIB = 1 << 20
mode = sys.argv[1]
marker = sys.argv[2] if len(sys.argv) > 2 else None
engine = faithful.Engine(name=f"engine-io-{mode}")
restarted = False
if marker:
    restarted = os.path.exists(marker)
    open(marker, "a").close()


def write(text):
    sys.stdout.write(text)
    sys.stdout.flush()


def say(obj):
    write(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")


def hello():
    h = engine.hello()
    if mode == "hello-version-number":
        h["version"] = 3
    if mode == "hello-games-string":
        h["games"] = "messina"
    if mode == "hello-no-games":
        del h["games"]
    if mode == "huge-name":
        h["name"] = "n" * (6 * MIB)
        h["version"] = "v" * (6 * MIB)
    if mode == "other-hello-after-restart" and restarted:
        h["version"] = "2-after-restart"
    return h


for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    if req.get("op") == "bye":
        break
    if req.get("op") == "hello":
        say(hello())
        continue
    if mode == "blank-flood":  # at C speed: the pipe is seldom empty when rulecheck looks
        os.execvp("yes", ["yes", ""])
    if mode == "orphan-stdout":
        subprocess.Popen(["sleep", "60"])  # inherits stdout: the pipe stays open after this process dies
        os.kill(os.getpid(), signal.SIGKILL)
    if mode == "other-hello-after-restart" and not restarted:
        os.kill(os.getpid(), signal.SIGKILL)
    answer = engine.handle(req)
    if mode == "huge-reason" and req.get("op") == "apply":
        answer = {"id": req.get("id"), "legal": False, "rule": "r" * MIB, "reason": "why " * (10 * MIB // 4)}
    text = json.dumps(answer, sort_keys=True, separators=(",", ":"))
    if mode == "spaces":
        write(" \t  \t\n")
    if mode == "duplicate-id":  # {"id":"<the request's>","id":"other",...}: the first is what rulecheck looks for
        text = text.replace('{"id":%s,' % json.dumps(req.get("id")), '{"id":%s,"id":"other",' % json.dumps(req.get("id")), 1)
    if mode == "nul":
        text += "\0 and this is not JSON"
    write(text + "\n")
