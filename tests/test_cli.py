#!/usr/bin/env python3
"""The rulecheck CLI's contract: exit codes, output formats, and clear errors on bad files.

Usage: test_cli.py RULECHECK_BINARY REPO_ROOT
Each check builds its own small scenario files in a temporary folder, so expected outcomes are
worked out here from the rules, never taken from the program under test.
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


def run(*args):
    p = subprocess.run([BIN, "--rules", os.path.join(ROOT, "rules"), *args],
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr



# 7 tokens (2 disaffected, 3 spare, 2 located civilians), 4 F and 4 W: cost ceil(7/2) = 4 of each,
# fully fed, so food 0, water 0 and one Disaffected back to Spare (disaffected 1, spare 4).
STATE = {
    "round": 2,
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 2, "spare": 3, "located": 2},
                        "resources": {"food": 4, "water": 4}}},
    "spaces": {"D1": {"adjacent": [], "units": {"UE": {"civilian": 2}}}},
}


def scenario(sid, expect_state):
    return {"id": sid, "game": "messina", "title": sid, "cites": ["messina.consumption.cost"],
            "state": STATE,
            "steps": [{"action": {"type": "consume", "faction": "UE"},
                       "expect": {"legal": True, "state": expect_state}}]}


with tempfile.TemporaryDirectory() as tmp:
    def write(name, content):
        path = os.path.join(tmp, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(content if isinstance(content, str) else json.dumps(content))
        return path

    good = write("ok/good.json", scenario("t/good", {"factions": {"UE": {
        "resources": {"food": 0, "water": 0}, "population": {"disaffected": 1, "spare": 4}}}}))
    wrong = write("bad/wrong.json", scenario("t/wrong", {"factions": {"UE": {"resources": {"food": 1}}}}))
    broken = write("broken/broken.json", '{"id": "t/broken", "game": ')

    code, out, err = run("run", good)
    check("passing run exits 0", code == 0, f"exit {code}\n{out}{err}")
    check("summary line", "1 passed, 0 failed" in out, out)

    code, out, err = run("run", wrong)
    check("failing run exits 1", code == 1, f"exit {code}\n{out}{err}")
    check("failure shows the path", "/state/factions/UE/resources/food" in out, out)
    check("failure shows a JSON patch (food 0 is omitted in canonical form, so the patch adds it)",
          '{"op":"add","path":"/state/factions/UE/resources/food","value":1}' in out, out)
    check("failure lists the clauses", "messina.consumption.cost" in out, out)

    code, out, err = run("run", os.path.join(tmp, "ok"), broken)
    check("unusable file exits 2", code == 2, f"exit {code}\n{out}{err}")
    check("unusable file is named with line and column", "broken.json" in out and "line 1" in out, out)
    check("the other file still ran", "1 passed" in out, out)

    code, out, err = run("run", "--format", "jsonl", good, wrong)
    lines = [json.loads(line) for line in out.splitlines()]
    check("jsonl: header first", lines and lines[0].get("type") == "header", out)
    check("jsonl: summary last", lines and lines[-1].get("type") == "summary" and lines[-1]["fail"] == 1, out)
    cases = [l for l in lines if l.get("type") == "case"]
    check("jsonl: one line per case", len(cases) == 2, out)
    failed = [c for c in cases if c["verdict"] == "fail"]
    check("jsonl: failure carries its patch",
          failed and failed[0]["patch"][0]["path"] == "/state/factions/UE/resources/food", out)

    code, out, err = run("run", "--filter", "t/go*", good, wrong)
    check("filter by id glob", code == 0 and "1 case(s)" in out, f"exit {code}\n{out}")
    code, out, err = run("run", "--filter", "messina.consumption.when", good, wrong)
    check("filter matching nothing exits 2", code == 2 and "no scenario matched" in err, f"exit {code}\n{out}{err}")

    code, out, err = run("run", os.path.join(tmp, "does-not-exist"))
    check("missing path exits 2", code == 2 and "does-not-exist" in err, f"exit {code}\n{err}")

    code, out, err = run("validate", good, broken)
    check("validate names the bad file", code == 2 and "broken.json" in out and "1 valid, 1 invalid" in out, out)

    teleport = scenario("t/teleport", {})
    teleport["steps"][0]["action"] = {"type": "teleport", "faction": "UE"}
    tele = write("bad/teleport.json", teleport)
    code, out, err = run("validate", tele)
    check("validate reads actions too", code == 2 and "/steps/0/action/type" in out and "consume" in out, out)

    same = write("bad/same-id.json", scenario("t/good", {}))
    code, out, err = run("run", good, same)
    check("a duplicate id is bad input naming both files", code == 2 and "already used by" in out
          and "good.json" in out, out)

    misplaced = os.path.join(tmp, "scenarios", "messina", "x")
    os.makedirs(misplaced)
    wrong_id = write("scenarios/messina/x/named.json", scenario("messina/x/other-name", {}))
    code, out, err = run("validate", wrong_id)
    check("under scenarios/ the id must be the file's path", code == 2 and '"messina/x/named"' in out, out)

    # A hidden card held by SF at D2: not hostile to UE under the default reading (exposed-only),
    # hostile under "held"; a scenario expecting false depends on the default without naming it.
    hidden = {"id": "t/hidden", "game": "messina", "title": "hidden card", "cites": ["messina.friendly.hostile"],
              "state": {"round": 1, "factions": {
                  "UE": {"kind": "human", "home": ["D1"]}, "SF": {"kind": "human", "home": ["D2"]}},
                  "spaces": {"D1": {"adjacent": ["D2"]}, "D2": {"adjacent": ["D1"]}},
                  "cards": {"D2": {"holder": "SF", "exposed": False}}},
              "steps": [{"query": {"type": "hostile", "faction": "UE", "at": "D2"}, "expect": {"result": False}}]}
    undeclared = write("readings/hidden.json", hidden)
    code, out, err = run("readings", undeclared)
    check("readings: an undeclared dependency is found", code == 1 and "depends on messina.card-hostility" in out
          and '"held"' in out, out)
    hidden["interpretations"] = {"messina.card-hostility": "exposed-only"}
    declared = write("readings/declared.json", hidden)
    code, out, err = run("readings", declared)
    check("readings: a declared one is fine", code == 0 and "0 undeclared" in out, out)

    code, out, err = run("frobnicate")
    check("unknown subcommand exits 2", code == 2, f"exit {code}\n{out}{err}")

    code, out, err = run("--help")
    check("--help explains the subcommands", code == 0 and "run" in out and "validate" in out, out)

check.finish()
