#!/usr/bin/env python3
"""The bundled example engines, side by side in one pass: the faithful engine passes every
scenario, and every seeded-bug variant is caught, with the clause its bug breaks among the
clauses of a failing case.

Usage: test_example_engines.py RULECHECK_BINARY REPO_ROOT
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

check = Checks()

BIN, ROOT = sys.argv[1], sys.argv[2]
ENGINES = os.path.join(ROOT, "examples", "engines")

# Each variant and the clause(s) its seeded bug breaks (examples/engines/README.md).
VARIANTS = {
    "bug_round_cost_down.py": {"messina.consumption.cost"},
    "bug_well_fed_die.py": {"messina.consumption.shortfall.step1", "messina.consumption.shortfall.excess"},
    "bug_workers_stack.py": {"messina.muster.stacking.workers"},
    "bug_ai_backs_military.py": {"messina.muster.population", "messina.population.backing"},
    "bug_hidden_card_hostile.py": {"messina.cards.exposed.hostility"},
    "bug_no_worker_retreat.py": {"scythe.move.workers-retreat"},
    "bug_ai_equip.py": {"messina.muster.equip.ai"},
    "bug_recover_after_shortfall.py": {"messina.consumption.recovery"},
}

engines = ["faithful.py", *VARIANTS]
args = [BIN, "--rules", os.path.join(ROOT, "rules"), "run", os.path.join(ROOT, "scenarios"), "--format", "jsonl",
        "--strict"]
for e in engines:
    args += ["--engine", f"python3 {os.path.join(ENGINES, e)}"]
p = subprocess.run(args, capture_output=True, text=True, timeout=600)
lines = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
header, cases = lines[0], [l for l in lines if l.get("type") == "case"]




targets = header["targets"]
check("one pass, every engine a target", len(targets) == 1 + len(engines), targets)
by_target = {}
for c in cases:
    by_target.setdefault(c["target"], []).append(c)
n = len(by_target.get("oracle", []))
check("the corpus is there", n >= 290, n)
check("the oracle passes every scenario", all(c["verdict"] == "pass" for c in by_target["oracle"]))

faithful = by_target.get("faithful-python", [])
bad = [c for c in faithful if c["verdict"] != "pass"]
check("faithful passes every scenario", len(faithful) == n and not bad, json.dumps(bad[:3])[:1000])

for name, clauses in VARIANTS.items():
    # the variant's hello name: targets are the oracle, then the engines in command order
    idx = engines.index(name) + 1
    tname = targets[idx]
    got = by_target.get(tname, [])
    failed = [c for c in got if c["verdict"] == "fail"]
    named = {cl for c in failed for cl in c.get("clauses", [])}
    check(f"{name} ({tname}) is caught", failed, f"{len(got)} cases, none failed")
    check(f"{name} is caught naming {sorted(clauses)}", clauses & named, f"clauses named: {sorted(named)}")
    errored = [c for c in got if c["verdict"] == "errored"]
    check(f"{name}: no protocol errors", not errored, json.dumps(errored[:2])[:600])
    check(f"{name}: each failure has a reproduce command",
          all(c.get("reproduce", "").startswith(BIN + " run ") and "--engine" in c["reproduce"] for c in failed),
          failed[:1])

check("exit status 1 (the variants fail)", p.returncode == 1, p.returncode)
check.finish()
