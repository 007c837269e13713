#!/usr/bin/env python3
"""The faithful example engine, slow to start: it writes its pid to PIDFILE, then waits SECONDS
before it reads anything (as an engine loading a large model would), then answers as faithful does.
For rulecheck's tests of a signal while an engine is starting (tests/test_signals.py): rulecheck
must stop it, so that no engine is left running once rulecheck has exited.

Usage: slow_hello.py PIDFILE SECONDS
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
import faithful  # noqa: E402

pid_file, seconds = sys.argv[1], float(sys.argv[2])
with open(pid_file, "w", encoding="utf-8") as f:
    f.write(f"{os.getpid()}\n")
time.sleep(seconds)
faithful.main(faithful.Engine())
