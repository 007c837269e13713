#!/usr/bin/env python3
"""A tiny self-test of an example engine: pipes a handful of requests into it and checks answers.

    python3 examples/engines/selftest.py                       # tests faithful.py
    python3 examples/engines/selftest.py 'python3 examples/engines/bug_round_cost_down.py'

Exit status 0 when every check passes, 1 otherwise.  Standard library only.
"""

import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_defaults(game):
    with open(os.path.join(ROOT, "rules", game, "ruleset.json")) as f:
        ruleset = json.load(f)
    with open(os.path.join(ROOT, "rules", game, "interpretations.json")) as f:
        interp = {p["id"]: p["default"] for p in json.load(f)["points"]}
    return ruleset, interp


MESSINA_RS, MESSINA_IN = load_defaults("messina")
SCYTHE_RS, SCYTHE_IN = load_defaults("scythe")

# The Consumption text's worked example: 20 tokens, 5 F, 3 W -> 6 fed, shortfall 14.
# 3 Disaffected die (step 1), 5 Spare -> Disaffected (step 2), 6 Located -> Disaffected (step 3).
CONSUME_STATE = {
    "round": 2, "phase": "consumption",
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 3, "spare": 5, "located": 12},
                        "resources": {"food": 5, "water": 3, "energy": 4}}},
    "spaces": {"D1": {"adjacent": ["D2"], "units": {"UE": {"civilian": 5, "infantry": 3, "mech": 1}},
                      "utilities": [{"owner": "UE", "workers": 2}]},
               "D2": {"adjacent": ["D1"], "units": {"UE": {"fighter": 2}}}},
}
CONSUME_ACTION = {"type": "consume", "faction": "UE",
                  "disband": [{"at": "D1", "unit": "civilian", "count": 3},
                              {"at": "D1", "unit": "worker"},
                              {"at": "D2", "unit": "fighter", "count": 2}]}

# Red's mech enters T2, held by two blue workers only: it stops, both workers retreat to blue's
# home base, red loses 2 popularity; red's worker may then enter the vacated T2 (any-unit).
SCYTHE_STATE = {
    "factions": {"red": {"popularity": 5, "home_base": "HB-red"},
                 "blue": {"popularity": 3, "home_base": "HB-blue"}},
    "territories": {
        "HB-red": {"adjacent": ["T1"], "home_base": "red"},
        "HB-blue": {"adjacent": ["T3"], "home_base": "blue"},
        "T1": {"adjacent": ["HB-red", "T2"], "terrain": "farm",
               "units": {"red": {"mech": 1, "worker": 1}}},
        "T2": {"adjacent": ["T1", "T3"], "terrain": "forest",
               "units": {"blue": {"worker": 2}}, "resources": {"wood": 3}},
        "T3": {"adjacent": ["T2", "HB-blue"], "terrain": "village"},
    },
}
SCYTHE_ACTION = {"type": "move", "faction": "red",
                 "moves": [{"unit": "mech", "from": "T1", "path": ["T2"]},
                           {"unit": "worker", "from": "T1", "path": ["T2"]}]}


def messina(rid, state, key, body, interp=None):
    return {"op": "apply" if key == "action" else "query", "id": rid, "game": "messina",
            "ruleset": MESSINA_RS, "interpretations": dict(MESSINA_IN, **(interp or {})),
            "state": state, key: body}


def scythe(rid, state, key, body, interp=None):
    return {"op": "apply" if key == "action" else "query", "id": rid, "game": "scythe",
            "ruleset": SCYTHE_RS, "interpretations": dict(SCYTHE_IN, **(interp or {})),
            "state": state, key: body}


def requests():
    yield {"op": "hello", "protocol": 1}
    yield messina("consume-20", CONSUME_STATE, "action", CONSUME_ACTION)
    short = dict(CONSUME_ACTION, disband=CONSUME_ACTION["disband"][:2])
    yield messina("consume-20-short-disband", CONSUME_STATE, "action", short)
    yield "this line is not JSON"
    yield messina("consume-odd-round", dict(CONSUME_STATE, round=3), "action", CONSUME_ACTION)
    yield scythe("move-two-workers-out", SCYTHE_STATE, "action", SCYTHE_ACTION)
    yield scythe("move-vacated-no-workers", SCYTHE_STATE, "action", SCYTHE_ACTION,
                 {"scythe.vacated-workers": "no-workers"})
    mech_too_far = {"type": "move", "faction": "red",
                    "moves": [{"unit": "mech", "from": "T1", "path": ["T2", "T3"]}]}
    yield scythe("move-through-workers", SCYTHE_STATE, "apply", mech_too_far)  # missing "action"
    yield scythe("controller-T2", SCYTHE_STATE, "query", {"type": "controller", "at": "T2"})
    yield messina("unsupported", CONSUME_STATE, "action", {"type": "recruit", "faction": "UE"})


def expected():
    names = set(MESSINA_IN) | set(SCYTHE_IN)
    return [
        # every point declared, each with its list of readings, the default first
        ("hello", lambda a: set(a.get("interpretations", {})) == names
         and all(a["interpretations"][k][0] == v for k, v in {**MESSINA_IN, **SCYTHE_IN}.items())
         and sorted(a.get("games", [])) == ["messina", "scythe"]),
        ("consume on the 20-token example", lambda a: a.get("legal") is True
         and a["state"]["factions"]["UE"].get("resources") == {"energy": 4}
         and a["state"]["factions"]["UE"]["population"] == {"disaffected": 11, "located": 6}
         and a["state"]["factions"]["UE"]["dead"] == 3
         and a["state"]["spaces"]["D1"]["units"] == {"UE": {"civilian": 2, "infantry": 3, "mech": 1}}
         and a["state"]["spaces"]["D1"]["utilities"] == [{"owner": "UE", "workers": 1}]
         and "units" not in a["state"]["spaces"]["D2"]),
        ("step 3 must name exactly 6 units", lambda a: a == {
            "id": "consume-20-short-disband", "legal": False,
            "rule": "messina.consumption.shortfall.step3"}),
        ("a line that is not JSON", lambda a: a.get("id") is None and "error" in a),
        ("consume in an odd round", lambda a: a.get("rule") == "messina.consumption.when"),
        ("a mech forces two workers out", lambda a: a.get("legal") is True
         and a["state"]["territories"]["T2"] == {"adjacent": ["T1", "T3"], "terrain": "forest",
                                                 "units": {"red": {"mech": 1, "worker": 1}},
                                                 "resources": {"wood": 3}}
         and a["state"]["territories"]["HB-blue"]["units"] == {"blue": {"worker": 2}}
         and a["state"]["factions"]["red"]["popularity"] == 3
         and a["state"]["territories"]["T1"] == {"adjacent": ["HB-red", "T2"], "terrain": "farm"}
         and "pending" not in a["state"]),
        ("no-workers reading keeps the vacated territory closed to workers",
         lambda a: a.get("rule") == "scythe.move.worker-blocked-by-workers"),
        ("a request missing its action", lambda a: a.get("id") == "move-through-workers"
         and "error" in a),
        ("controller of T2", lambda a: a.get("result") == "blue"),
        ("an action type it does not know", lambda a: "unsupported" in a),
    ]


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else f"{sys.executable} {HERE}/faithful.py"
    lines = []
    for r in requests():
        lines.append(r if isinstance(r, str) else json.dumps(r))
    lines.append(json.dumps({"op": "bye"}))
    # everything is written before anything is read: the engine must cope with pipelining
    proc = subprocess.run(shlex.split(command), input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)
    answers = proc.stdout.splitlines()
    checks = expected()
    failed = 0
    if len(answers) != len(checks):
        print(f"FAIL: {len(answers)} answers for {len(checks)} requests")
        failed += 1
    for (name, ok), line in zip(checks, answers):
        try:
            answer = json.loads(line)
            good = ok(answer)
        except Exception as e:  # noqa: BLE001 - report anything as a failure
            good, answer = False, f"{line!r} ({e})"
        print(("ok    " if good else "FAIL  ") + name + ("" if good else f"\n      got {answer}"))
        failed += not good
    if proc.returncode != 0:
        print(f"FAIL: engine exited {proc.returncode}\n{proc.stderr}")
        failed += 1
    print("selftest:", "all passed" if not failed else f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
