#!/usr/bin/env python3
"""Engine readings, rule-code mapping and strict mode.

Usage: test_engine_options.py RULECHECK_BINARY REPO_ROOT
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

check = Checks()

BIN, ROOT = sys.argv[1], sys.argv[2]
VARIANT = f"python3 {os.path.join(ROOT, 'tests', 'engines', 'variant.py')}"
SCENARIOS = os.path.join(ROOT, "scenarios")



def run(engine, *extra):
    p = subprocess.run([BIN, "--rules", os.path.join(ROOT, "rules"), "run", SCENARIOS, "--no-oracle", "--format", "jsonl",
                        "--engine", engine, *extra], capture_output=True, text=True, timeout=300)
    return p.returncode, [json.loads(l) for l in p.stdout.splitlines() if '"type":"case"' in l]


# Scenarios that name a reading of messina.card-hostility, read from the files themselves.
named = {}
for f in glob.glob(os.path.join(SCENARIOS, "**", "*.json"), recursive=True):
    if "schema" in f:
        continue
    s = json.load(open(f))
    r = s.get("interpretations", {}).get("messina.card-hostility")
    if r:
        named[s["id"]] = r
check("the corpus has scenarios for both readings", set(named.values()) == {"exposed-only", "held"}, named)

# An engine implementing the "held" reading: scenarios that expect "exposed-only" are run under
# "held" and compared with the oracle only; the others as usual.
code, cases = run(f"{VARIANT} --reading messina.card-hostility=held", "--strict")
by_id = {c["id"]: c for c in cases}
other = [i for i, r in named.items() if r == "exposed-only"]
check("held engine: all pass", code == 0 and all(c["verdict"] == "pass" for c in cases),
      [c for c in cases if c["verdict"] != "pass"][:2])
check("held engine: exposed-only scenarios say they ran under the engine's reading",
      all("engine's reading messina.card-hostility=held" in by_id[i].get("message", "") for i in other),
      [by_id[i].get("message") for i in other][:3])
check("held engine: held scenarios run normally",
      all("engine's reading" not in by_id[i].get("message", "") for i, r in named.items() if r == "held"))

# An engine declaring a reading the oracle does not know: its Messina cases are skipped, with why.
code, cases = run(f"{VARIANT} --reading messina.card-hostility=sometimes")
messina = [c for c in cases if c["game"] == "messina"]
check("unknown reading: Messina cases skipped", messina and all(c["verdict"] == "skipped" for c in messina))
check("unknown reading: the reason names the point and the known readings",
      messina and "messina.card-hostility" in messina[0]["message"] and "exposed-only, held" in messina[0]["message"],
      messina[:1])
check("unknown reading: Scythe unaffected", all(c["verdict"] == "pass" for c in cases if c["game"] == "scythe"))
check("unknown reading: exit 0 (skipped is not a failure)", code == 0, code)

# An engine with its own rule codes: legality alone passes; strict mode fails on the codes; a
# mapping file makes strict mode pass.
engine = f"{VARIANT} --own-codes"
code, cases = run(engine)
check("own codes, legality only: all pass", code == 0 and all(c["verdict"] == "pass" for c in cases))
code, cases = run(engine, "--strict")
fails = [c for c in cases if c["verdict"] == "fail"]
check("own codes, strict: illegal cases fail on /rule", fails and all("/rule" in c["message"] for c in fails),
      fails[:1])
clauses = set()
for f in glob.glob(os.path.join(ROOT, "rules", "*", "clauses.json")):
    clauses |= {c["id"] for c in json.load(open(f))["clauses"]}
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "map.json")
    json.dump({"engine": "variant own-codes",
               "rules": {"E-" + c.upper().replace(".", "-"): c for c in clauses}}, open(path, "w"))
    code, cases = run(engine, "--strict", "--rule-map", path)
    check("own codes, strict, mapped: all pass", code == 0 and all(c["verdict"] == "pass" for c in cases),
          [c for c in cases if c["verdict"] != "pass"][:1])
    bad = os.path.join(tmp, "bad.json")
    open(bad, "w").write('{"engine": "x", "rules": {"A": 3}}')
    p = subprocess.run([BIN, "--rules", os.path.join(ROOT, "rules"), "run", SCENARIOS, "--engine", engine,
                        "--rule-map", bad], capture_output=True, text=True, timeout=60)
    check("a malformed mapping file: exit 2 naming the file and field",
          p.returncode == 2 and "bad.json" in p.stderr and "/rules/A" in p.stderr, p.stderr)

check.finish()
