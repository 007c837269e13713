#!/usr/bin/env python3
"""A self-test of an example engine: pipes a handful of requests into it and checks the answers.

    python3 -m pytest examples/engines/selftest.py     # with pytest
    python3 examples/engines/selftest.py               # without pytest: a small built-in runner
    python3 examples/engines/selftest.py 'python3 examples/engines/bug_round_cost_down.py'
    SELFTEST_ENGINE='python3 examples/engines/bug_round_cost_down.py' \\
        python3 -m pytest examples/engines/selftest.py

The engine is faithful.py unless a command is given (as the argument, or in SELFTEST_ENGINE).
It is started once, and every request is written before any answer is read: the engine must
cope with pipelining.  As a script the exit status is 0 when every test passes, 1 otherwise.
Standard library only (pytest is optional).
"""

import functools
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

# The README's session: 7 tokens cost 4 F and 4 W; the faction pays in full and had a
# Disaffected token, so one goes back to Spare.
SEVEN_TOKENS_STATE = {
    "round": 2,
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 1, "spare": 4, "located": 2},
                        "resources": {"food": 4, "water": 4}}},
    "spaces": {"D1": {"units": {"UE": {"civilian": 2}}}},
}

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
    """(name, request) in the order they are sent; a str request is sent as it is."""
    short = dict(CONSUME_ACTION, disband=CONSUME_ACTION["disband"][:2])
    mech_too_far = {"type": "move", "faction": "red",
                    "moves": [{"unit": "mech", "from": "T1", "path": ["T2", "T3"]}]}
    return [
        ("hello", {"op": "hello", "protocol": 1}),
        ("consume-20", messina("consume-20", CONSUME_STATE, "action", CONSUME_ACTION)),
        ("consume-20-short-disband",
         messina("consume-20-short-disband", CONSUME_STATE, "action", short)),
        ("not-json", "this line is not JSON"),
        ("consume-odd-round",
         messina("consume-odd-round", dict(CONSUME_STATE, round=3), "action", CONSUME_ACTION)),
        ("consume-7", messina("consume-7", SEVEN_TOKENS_STATE, "action",
                              {"type": "consume", "faction": "UE"})),
        ("move-two-workers-out",
         scythe("move-two-workers-out", SCYTHE_STATE, "action", SCYTHE_ACTION)),
        ("move-vacated-no-workers",
         scythe("move-vacated-no-workers", SCYTHE_STATE, "action", SCYTHE_ACTION,
                {"scythe.vacated-workers": "no-workers"})),
        # "apply" as the key: the request has no "action"
        ("move-through-workers",
         scythe("move-through-workers", SCYTHE_STATE, "apply", mech_too_far)),
        ("controller-T2",
         scythe("controller-T2", SCYTHE_STATE, "query", {"type": "controller", "at": "T2"})),
        ("unsupported",
         messina("unsupported", CONSUME_STATE, "action", {"type": "recruit", "faction": "UE"})),
    ]


def engine_command():
    return os.environ.get("SELFTEST_ENGINE") or f"{sys.executable} {HERE}/faithful.py"


@functools.cache
def session():
    """Runs the engine once over every request (then bye); returns (answer lines, process)."""
    lines = [r if isinstance(r, str) else json.dumps(r) for _, r in requests()]
    lines.append(json.dumps({"op": "bye"}))
    # everything is written before anything is read: the engine must cope with pipelining
    proc = subprocess.run(shlex.split(engine_command()), input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)
    return proc.stdout.splitlines(), proc


def answer(name):
    """The engine's answer to the request called `name`, parsed."""
    position = [n for n, _ in requests()].index(name)
    answers, proc = session()
    assert position < len(answers), (
        f"no answer to {name!r}: {len(answers)} answers in all\n{proc.stderr}")
    return json.loads(answers[position])


# --------------------------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------------------------

def test_every_request_gets_one_answer_and_bye_ends_the_engine_cleanly():
    answers, proc = session()
    assert len(answers) == len(requests()), proc.stderr
    assert proc.returncode == 0, proc.stderr


def test_hello_declares_both_games_and_every_point_with_its_default_reading_first():
    a = answer("hello")
    defaults = {**MESSINA_IN, **SCYTHE_IN}
    assert set(a.get("interpretations", {})) == set(defaults)
    assert {k: v[0] for k, v in a["interpretations"].items()} == defaults
    assert sorted(a.get("games", [])) == ["messina", "scythe"]


def test_the_twenty_token_worked_example_kills_three_and_disaffects_eleven():
    a = answer("consume-20")
    assert a.get("legal") is True, a
    ue = a["state"]["factions"]["UE"]
    assert ue.get("resources") == {"energy": 4}
    assert ue["population"] == {"disaffected": 11, "located": 6}
    assert ue["dead"] == 3
    d1 = a["state"]["spaces"]["D1"]
    assert d1["units"] == {"UE": {"civilian": 2, "infantry": 3, "mech": 1}}
    assert d1["utilities"] == [{"owner": "UE", "workers": 1}]
    assert "units" not in a["state"]["spaces"]["D2"]


def test_step_three_must_take_units_worth_exactly_six_tokens_off_the_map():
    assert answer("consume-20-short-disband") == {
        "id": "consume-20-short-disband", "legal": False,
        "rule": "messina.consumption.shortfall.step3"}


def test_a_line_that_is_not_json_is_answered_with_an_error_and_a_null_id():
    a = answer("not-json")
    assert a.get("id") is None and "error" in a, a


def test_a_consume_in_an_odd_round_breaks_consumption_when():
    assert answer("consume-odd-round").get("rule") == "messina.consumption.when"


def test_a_seven_token_faction_pays_four_food_and_four_water():
    a = answer("consume-7")
    assert a.get("legal") is True, a
    ue = a["state"]["factions"]["UE"]
    assert "resources" not in ue  # 4 F and 4 W paid: nothing left
    # fed in full, so its one Disaffected token goes back to Spare
    assert ue["population"] == {"located": 2, "spare": 5}


def test_a_mech_stopping_on_two_workers_sends_both_home_and_costs_two_popularity():
    a = answer("move-two-workers-out")
    assert a.get("legal") is True, a
    ts = a["state"]["territories"]
    assert ts["T2"] == {"adjacent": ["T1", "T3"], "terrain": "forest",
                        "units": {"red": {"mech": 1, "worker": 1}}, "resources": {"wood": 3}}
    assert ts["HB-blue"]["units"] == {"blue": {"worker": 2}}
    assert a["state"]["factions"]["red"]["popularity"] == 3
    assert ts["T1"] == {"adjacent": ["HB-red", "T2"], "terrain": "farm"}
    assert "pending" not in a["state"]


def test_under_no_workers_a_worker_may_not_enter_the_territory_just_vacated():
    rule = answer("move-vacated-no-workers").get("rule")
    assert rule == "scythe.move.worker-blocked-by-workers"


def test_a_request_missing_its_action_is_answered_with_an_error_naming_its_id():
    a = answer("move-through-workers")
    assert a.get("id") == "move-through-workers" and "error" in a, a


def test_a_territory_held_by_workers_only_is_controlled_by_their_faction():
    assert answer("controller-T2").get("result") == "blue"


def test_an_action_type_the_engine_does_not_know_is_unsupported():
    assert "unsupported" in answer("unsupported")


# --------------------------------------------------------------------------------------------
# Without pytest
# --------------------------------------------------------------------------------------------

def main():
    if len(sys.argv) > 1:
        os.environ["SELFTEST_ENGINE"] = sys.argv[1]
    tests = [(name, f) for name, f in globals().items()
             if name.startswith("test_") and callable(f)]
    failed = 0
    for name, test in tests:
        try:
            test()
        except Exception as e:  # noqa: BLE001 - report anything as a failure
            failed += 1
            print(f"FAIL  {name}\n      {type(e).__name__}: {e}")
        else:
            print(f"ok    {name}")
    print("selftest:", "all passed" if not failed else f"{failed} of {len(tests)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
