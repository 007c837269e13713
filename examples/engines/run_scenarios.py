#!/usr/bin/env python3
"""Run scenario files through an engine over the engine protocol, without rulecheck.

    python3 examples/engines/run_scenarios.py [--engine CMD] [--verbose] [PATH ...]

PATH is a scenario file or a folder searched for *.json (default: scenarios/ of the repository;
scenarios/schema/ is skipped).  CMD defaults to faithful.py next to this script.

For each scenario: the ruleset is rules/<game>/ruleset.json overridden by the scenario's
"ruleset" (shallow per top-level key, a nested object merged field by field); the
interpretations are the defaults of rules/<game>/interpretations.json overridden by the
scenario's.  Steps run in order, each on the previous step's outcome (an illegal action leaves the
state unchanged).  expect.state is matched by containment (a count 0, false, {} or [] matches an
omitted field; lists compare whole); expect.rule and expect.result compare exactly (after
canonical form); one_of passes when any alternative matches.

Prints one line per file (PASS, FAIL with the first difference, SKIP, ERROR) and a summary;
exit status 0 when nothing failed or errored, 1 otherwise.  A rough stand-in for
`rulecheck run scenarios/ --engine CMD` while the harness is being written.  Standard library only.
"""

import argparse
import json
import os
import queue
import shlex
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIMEOUT = 20.0


# ------------------------------------------------------------------ canonical form and matching

def canonical(value):
    """A canonical copy: zero counts, empty objects and empty lists dropped (keys are compared as
    dicts, so their order does not matter)."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            v = canonical(v)
            if not is_empty(v):
                out[k] = v
        return out
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


def is_empty(v):
    return (type(v) is int and v == 0) or (isinstance(v, (dict, list)) and not v)


MISSING = object()


def contains(expected, actual, pointer=""):
    """None when `actual` contains `expected`; otherwise the first difference as a string."""
    if isinstance(expected, dict):
        if actual is MISSING:
            actual = {}
        if not isinstance(actual, dict):
            return f"{pointer or '/'}: expected an object, got {json.dumps(actual)}"
        for k in expected:
            diff = contains(expected[k], actual.get(k, MISSING), f"{pointer}/{k}")
            if diff:
                return diff
        return None
    if actual is MISSING:
        if is_empty(expected) or expected is False:
            return None
        return f"{pointer}: expected {json.dumps(expected)}, but the field is missing"
    if isinstance(expected, list):
        if canonical(expected) != canonical(actual):
            return f"{pointer}: expected {json.dumps(expected)}, got {json.dumps(actual)}"
        return None
    if type(expected) is not type(actual) or expected != actual:
        return f"{pointer}: expected {json.dumps(expected)}, got {json.dumps(actual)}"
    return None


def judge(expect, answer):
    """None if the answer meets the expectation, else the difference."""
    if "one_of" in expect:
        diffs = [judge(alt, answer) for alt in expect["one_of"]]
        if any(d is None for d in diffs):
            return None
        return "none of one_of matched: " + " | ".join(diffs)
    if "result" in expect:
        if "result" not in answer:
            return f"expected a result, got {json.dumps(answer)}"
        if canonical(expect["result"]) != canonical(answer["result"]):
            return (f"result: expected {json.dumps(expect['result'])}, "
                    f"got {json.dumps(answer['result'])}")
        return None
    if "legal" in expect:
        if answer.get("legal") is not expect["legal"]:
            what = (f"legal, state {json.dumps(answer.get('state'))[:300]}"
                    if answer.get("legal") else
                    f"illegal ({answer.get('rule')})" if "legal" in answer else json.dumps(answer))
            want = "legal" if expect["legal"] else f"illegal ({expect.get('rule')})"
            return f"expected {want}, got {what}"
        if not expect["legal"]:
            if "rule" in expect and answer.get("rule") != expect["rule"]:
                return f"rule: expected {expect['rule']}, got {answer.get('rule')}"
            return None
        if "state" in expect:
            return contains(expect["state"], answer.get("state", {}))
        return None
    return f"the step's expect has neither legal, result nor one_of: {json.dumps(expect)}"


# ------------------------------------------------------------------ the engine process

class EngineProcess:
    def __init__(self, command):
        self.command = command
        self.proc = None
        self.lines = None
        self.hello = None

    def start(self):
        self.proc = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        proc, lines = self.proc, self.lines

        def read():
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        self.hello = self.ask({"op": "hello", "protocol": 1})

    def ask(self, request):
        if self.proc is None:
            self.start()
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.lines.get(timeout=TIMEOUT)
        if line is None:
            raise RuntimeError("the engine closed its output")
        return json.loads(line)

    def stop(self):
        if self.proc is None:
            return
        try:
            self.proc.stdin.write(json.dumps({"op": "bye"}) + "\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=5)
        except Exception:  # noqa: BLE001 - a broken engine is killed below
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def restart(self):
        self.stop()
        self.start()


# ------------------------------------------------------------------ scenarios

_defaults = {}


def game_defaults(game):
    if game not in _defaults:
        with open(os.path.join(ROOT, "rules", game, "ruleset.json")) as f:
            ruleset = json.load(f)
        with open(os.path.join(ROOT, "rules", game, "interpretations.json")) as f:
            interp = {p["id"]: p["default"] for p in json.load(f)["points"]}
        _defaults[game] = (ruleset, interp)
    return _defaults[game]


def merged_ruleset(base, overrides):
    out = dict(base)
    for k, v in (overrides or {}).items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            merged = dict(out[k])
            for kk, vv in v.items():
                if isinstance(vv, dict) and isinstance(merged.get(kk), dict):
                    merged[kk] = {**merged[kk], **vv}
                else:
                    merged[kk] = vv
            out[k] = merged
        else:
            out[k] = v
    return out


def run_scenario(engine, scenario):
    """-> (verdict, detail)"""
    game = scenario["game"]
    base_rs, base_in = game_defaults(game)
    ruleset = merged_ruleset(base_rs, scenario.get("ruleset"))
    interp = dict(base_in, **(scenario.get("interpretations") or {}))
    state = scenario["state"]
    for i, step in enumerate(scenario["steps"]):
        is_action = "action" in step
        request = {"op": "apply" if is_action else "query", "id": f"{scenario['id']}#{i}",
                   "game": game, "ruleset": ruleset, "interpretations": interp, "state": state}
        request["action" if is_action else "query"] = step["action" if is_action else "query"]
        try:
            answer = engine.ask(request)
        except Exception as e:  # noqa: BLE001 - crash, hang or garbage: errored, restart
            engine.restart()
            return "ERROR", f"step {i}: {type(e).__name__}: {e}"
        if "unsupported" in answer:
            return "SKIP", f"step {i}: {answer['unsupported']}"
        if "error" in answer:
            return "ERROR", f"step {i}: {answer['error']}"
        diff = judge(step["expect"], answer)
        if diff:
            return "FAIL", f"step {i}: {diff}"
        if is_action and answer.get("legal"):
            state = answer["state"]
    return "PASS", ""


def scenario_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d != "schema")
                for f in sorted(files):
                    if f.endswith(".json"):
                        yield os.path.join(root, f)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", default=[os.path.join(ROOT, "scenarios")])
    ap.add_argument("--engine", default=f"{sys.executable} {os.path.join(HERE, 'faithful.py')}")
    ap.add_argument("--quiet", "-q", action="store_true", help="print only what did not pass")
    args = ap.parse_args()
    engine = EngineProcess(args.engine)
    engine.start()
    print(f"engine: {engine.hello.get('name')} {engine.hello.get('version')}")
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0, "ERROR": 0}
    for path in scenario_files(args.paths):
        rel = os.path.relpath(path, ROOT)
        try:
            with open(path) as f:
                scenario = json.load(f)
            verdict, detail = run_scenario(engine, scenario)
        except (ValueError, KeyError, TypeError) as e:
            verdict, detail = "ERROR", f"cannot read the scenario: {type(e).__name__}: {e}"
        counts[verdict] += 1
        if verdict != "PASS" or not args.quiet:
            print(f"{verdict:5} {rel}" + (f"\n      {detail}" if detail else ""))
    engine.stop()
    print("  ".join(f"{k.lower()} {v}" for k, v in counts.items()))
    return 1 if counts["FAIL"] or counts["ERROR"] else 0


if __name__ == "__main__":
    sys.exit(main())
