#!/usr/bin/env python3
"""Engine faults: each makes exactly the case it hits `errored` (with a clear message), the
engine is restarted, and every other case still runs and passes; no result is lost.

Usage: test_engine_faults.py RULECHECK_BINARY REPO_ROOT
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

check = Checks()

BIN, ROOT = sys.argv[1], sys.argv[2]
CORPUS = os.path.join(ROOT, "scenarios", "messina", "consumption")
FAULTY = os.path.join(ROOT, "tests", "engines", "faulty.py")



def run_engine(mode, n=5, extra=(), corpus=CORPUS):
    with tempfile.TemporaryDirectory() as tmp:
        marker = os.path.join(tmp, "fired")
        cmd = f"python3 {FAULTY} {mode} {n} {marker}"
        p = subprocess.run([BIN, "--rules", os.path.join(ROOT, "rules"), "run", corpus, "--no-oracle",
                            "--format", "jsonl", "--engine", cmd, *extra],
                           capture_output=True, text=True, timeout=300)
        lines = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
        cases = [l for l in lines if l.get("type") == "case"]
        return p.returncode, cases, lines, p.stderr


expected_cases = len([f for f in os.listdir(CORPUS) if f.endswith(".json")])
by_verdict = lambda cases, v: [c for c in cases if c["verdict"] == v]

for mode, words in [("crash", "killed by signal 9"), ("exit", "exited with status 0"),
                    ("garbage", "not a JSON object"), ("wrong-id", "oldest unanswered request"),
                    ("huge", "limit of"), ("hang", "no answer within")]:
    extra = ("--timeout", "1500") if mode == "hang" else ()
    code, cases, lines, err = run_engine(mode, extra=extra)
    errored = by_verdict(cases, "errored")
    check(f"{mode}: every case reported", len(cases) == expected_cases, f"{len(cases)} of {expected_cases}")
    check(f"{mode}: exactly one case errored", len(errored) == 1, json.dumps(errored)[:800])
    check(f"{mode}: the others pass", len(by_verdict(cases, "pass")) == expected_cases - 1,
          json.dumps([c for c in cases if c["verdict"] != "pass"])[:800])
    check(f"{mode}: the message says what happened", errored and words in errored[0].get("message", ""),
          errored[0].get("message") if errored else "")
    check(f"{mode}: exit status 1", code == 1, str(code))
    check(f"{mode}: the summary line is last", lines and lines[-1].get("type") == "summary", lines[-1:] and str(lines[-1]))
    check(f"{mode}: the restart is noted", "restarted" in err, err)

code, cases, lines, err = run_engine("banner")
check("banner: tolerated, every case passes", len(by_verdict(cases, "pass")) == expected_cases and code == 0,
      f"exit {code}, {err}")
check("banner: a note names the line", "before answering hello" in err and "banner" in err, err)

code, cases, lines, err = run_engine("unsupported", corpus=os.path.join(ROOT, "scenarios"))
scythe = [c for c in cases if c["game"] == "scythe"]
check("unsupported: counted as skipped, never failed",
      scythe and all(c["verdict"] == "skipped" for c in scythe) and code == 0, f"exit {code}")
check("unsupported: the reason is kept", scythe and "Messina only" in scythe[0].get("message", ""), str(scythe[:1]))

code, cases, lines, err = run_engine("stderr")
steps = {c["id"]: len(json.load(open(c["file"]))["steps"]) for c in cases}
check("stderr: pipelined, no line lost",
      sum(c.get("stderr", "").count("engine log") for c in cases) == sum(steps.values()), json.dumps(cases[:2])[:600])
code, cases, lines, err = run_engine("stderr", extra=("--window", "1"))
check("stderr: in lockstep (--window 1), each case gets exactly its own lines",
      cases and all(c.get("stderr", "").count("engine log") == steps[c["id"]] for c in cases),
      json.dumps(cases[:2])[:600])

code, cases, lines, err = run_engine("slow-reader", extra=("--window", "1000"))
check("slow reader with a large window: no deadlock, all pass",
      len(by_verdict(cases, "pass")) == expected_cases and code == 0, f"exit {code}")

code, cases, lines, err = run_engine("crash", n=10**9, extra=("--window", "1"))
check("lockstep window 1 works", len(by_verdict(cases, "pass")) == expected_cases, f"exit {code}")

with tempfile.TemporaryDirectory() as tmp:
    p = subprocess.run([BIN, "--rules", os.path.join(ROOT, "rules"), "run", CORPUS, "--no-oracle", "--format",
                        "jsonl", "--engine", "/nonexistent/engine --flag"], capture_output=True, text=True, timeout=60)
    cases = [json.loads(l) for l in p.stdout.splitlines() if '"case"' in l]
    check("an engine that cannot start: every case errored with the reason",
          len(cases) == expected_cases and all(c["verdict"] == "errored" for c in cases)
          and "before answering hello" in cases[0]["message"], p.stdout[:500])

# rulecheck engine check: the faithful engine speaks the protocol; an answer with a field the
# protocol does not have is named.
def engine_check(cmd):
    p = subprocess.run([BIN, "--rules", os.path.join(ROOT, "rules"), "engine", "check", cmd, "--scenarios", CORPUS],
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout


code, out = engine_check(f"python3 {os.path.join(ROOT, 'examples', 'engines', 'faithful.py')}")
check("engine check: faithful speaks protocol 1", code == 0 and "speaks protocol version 1" in out, out)
with tempfile.TemporaryDirectory() as tmp:
    code, out = engine_check(f"python3 {FAULTY} extra-field 4 {os.path.join(tmp, 'fired')}")
    check("engine check: an extra answer field is named", code == 1 and 'unknown field \"debug\"' in out
          and "1 errored" in out, out)

check.finish()
