"""The C++ example engine (examples/engines/cpp): it speaks protocol 1, passes every Consumption
scenario it can play, answers everything else `unsupported`, agrees with `rulecheck serve` on the
rulebook's worked examples, and a wrong number in its answers would be caught.

Run: pytest -p no:cacheprovider tests/test_cpp_engine.py --rulecheck=BINARY --root=REPO_ROOT
The engine binary is $RULECHECK_CPP_ENGINE (ctest sets it to the example_engine_cpp target), else
the one next to --rulecheck's build tree (BUILD/examples/engines/cpp/example_engine_cpp).
"""
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE_NAME = "example-engine-cpp"
# The interpretation points the engine implements, each with every reading (Consumption's).
POINTS = {
    "messina.consumption-bill": {"all-tokens", "excluding-disaffected"},
    "messina.step3-card-units": {"map-and-cards", "map-only"},
}


@pytest.fixture(scope="module")
def engine(rulecheck):
    path = os.environ.get("RULECHECK_CPP_ENGINE") or str(
        Path(rulecheck).resolve().parent.parent / "examples" / "engines" / "cpp" / "example_engine_cpp")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no C++ example engine at {path} (build the example_engine_cpp target, or name the "
                    "binary in RULECHECK_CPP_ENGINE)", pytrace=False)
    return path


@pytest.fixture(scope="module")
def messina_defaults(root):
    ruleset = json.loads((root / "rules" / "messina" / "ruleset.json").read_text())
    points = json.loads((root / "rules" / "messina" / "interpretations.json").read_text())["points"]
    return ruleset, {p["id"]: p["default"] for p in points}


def session(command, requests, timeout=60):
    """Writes every request (a dict, or a str sent as it is) and bye before reading anything:
    the engine must cope with pipelining. Returns (answers as parsed lines, the process)."""
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests] + ['{"op":"bye"}']
    p = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=timeout)
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()], p


# ---------------------------------------------------------------------------------------------
# rulecheck engine check, and one run of the whole corpus
# ---------------------------------------------------------------------------------------------

def test_engine_check_says_it_speaks_protocol_1(rulecheck, root, engine):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "engine", "check", shlex.quote(engine),
                        "--scenarios", str(root / "scenarios")], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert f'name "{ENGINE_NAME}"' in p.stdout and " 0 errored" in p.stdout, p.stdout


def scenario_file(case, root):
    """A case's scenario file, relative to the repository root (a posix string)."""
    path = Path(case["file"])
    return (path if path.is_absolute() else Path.cwd() / path).resolve().relative_to(root.resolve()).as_posix()


CONSUMPTION = "scenarios/messina/consumption/"


def steps_of(path):
    scenario = json.loads(path.read_text())
    return [("action:" + s["action"]["type"]) if "action" in s else ("query:" + s["query"]["type"])
            for s in scenario["steps"]]


@pytest.fixture(scope="module")
def corpus_run(rulecheck, root, engine):
    """The corpus with the oracle and the engine (--strict: illegal answers must name the clause)."""
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"),
                        "--rulesets", "any", "--engine", shlex.quote(engine), "--format", "jsonl", "--strict"],
                       capture_output=True, text=True, timeout=600)
    lines = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    header = lines[0]
    cases = [c for c in lines if c.get("type") == "case" and c["target"] != "oracle"]
    return p, header, cases


def test_the_run_has_the_engine_as_a_target_and_exits_0(corpus_run):
    p, header, cases = corpus_run
    assert header["targets"] == ["oracle", ENGINE_NAME], header
    assert p.returncode == 0, p.stderr[-2000:]
    assert len(cases) >= 300, len(cases)


def test_no_case_fails_or_errors_on_the_engine(corpus_run):
    _, _, cases = corpus_run
    bad = [c for c in cases if c["verdict"] in ("fail", "errored")]
    assert not bad, json.dumps(bad[:3])[:2000]


def test_every_consumption_case_passes(corpus_run, root):
    """Every case under scenarios/messina/consumption/ whose steps are all consume actions passes
    (not skipped); a case that also needs another section (a place, a friendly-area query) is
    skipped at that step as unsupported."""
    _, _, cases = corpus_run
    consumption = [c for c in cases if scenario_file(c, root).startswith(CONSUMPTION)]
    only_consume = [c for c in consumption if set(steps_of(root / scenario_file(c, root))) == {"action:consume"}]
    mixed = [c for c in consumption if c not in only_consume]
    assert len(only_consume) >= 45, len(only_consume)
    not_passed = [(c["id"], c["verdict"], c.get("message")) for c in only_consume if c["verdict"] != "pass"]
    assert not not_passed, not_passed
    for c in mixed:  # the engine's own words: messina action type "place", ...
        message = c.get("message", "")
        assert c["verdict"] == "skipped" and ('messina action type "' in message or
                                              'messina query type "' in message), c


def test_every_other_case_is_skipped_as_unsupported(corpus_run, root):
    _, _, cases = corpus_run
    others = [c for c in cases if not scenario_file(c, root).startswith(CONSUMPTION)]
    assert others
    for c in others:
        message = c.get("message", "")
        if c["game"] == "scythe":  # hello lists messina only: rulecheck sends it no Scythe case
            assert c["verdict"] == "skipped" and "does not play scythe" in message, c
        else:  # the engine's own words: messina action type "muster", messina query type "hostile", ...
            assert c["verdict"] == "skipped" and ('messina action type "' in message or
                                                  'messina query type "' in message), c


# ---------------------------------------------------------------------------------------------
# The protocol, request by request, and the numbers of the rulebook's examples
# ---------------------------------------------------------------------------------------------

# The Consumption text's worked example: 20 tokens, 5 F, 3 W: 6 fed, shortfall 14. Step 1 kills the
# 3 Disaffected, step 2 makes the 5 Spare Disaffected, step 3 the 6 Located tokens the disband names.
TWENTY = {
    "round": 2, "phase": "consumption",
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 3, "spare": 5, "located": 12},
                        "resources": {"food": 5, "water": 3, "energy": 4}}},
    "spaces": {"D1": {"adjacent": ["D2"], "units": {"UE": {"civilian": 5, "infantry": 3, "mech": 1}},
                      "utilities": [{"owner": "UE", "workers": 2}]},
               "D2": {"adjacent": ["D1"], "units": {"UE": {"fighter": 2}}}},
}
TWENTY_DISBAND = {"type": "consume", "faction": "UE",
                  "disband": [{"at": "D1", "unit": "civilian", "count": 3}, {"at": "D1", "unit": "worker"},
                              {"at": "D2", "unit": "fighter", "count": 2}]}
# 7 tokens cost 4 F and 4 W (an odd count rounds up); paid in full, one Disaffected back to Spare.
SEVEN = {
    "round": 2,
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 1, "spare": 4, "located": 2},
                        "resources": {"food": 4, "water": 4}}},
    "spaces": {"D1": {"units": {"UE": {"civilian": 2}}}},
}
# A shortfall of 4 with 2 of UE's Located tokens behind units on its face-down card A1.
CARD = {
    "round": 2, "phase": "consumption",
    "factions": {"UE": {"kind": "human", "home": ["H1"], "population": {"located": 4}}},
    "spaces": {"H1": {"adjacent": ["A1"], "units": {"UE": {"civilian": 2}}}, "A1": {"adjacent": ["H1"]}},
    "cards": {"A1": {"holder": "UE", "exposed": False, "units": {"infantry": 1, "civilian": 1}}},
}
CONSUME = {"type": "consume", "faction": "UE"}


@pytest.fixture(scope="module")
def requests(messina_defaults):
    ruleset, readings = messina_defaults

    def req(rid, state, action=CONSUME, rs=None, interp=None, key="action", game="messina"):
        return {"op": "query" if key == "query" else "apply", "id": rid, "game": game,
                "ruleset": dict(ruleset, **(rs or {})), "interpretations": dict(readings, **(interp or {})),
                "state": state, key: action}

    return [
        req("twenty", TWENTY, TWENTY_DISBAND),
        req("twenty-short-disband", TWENTY, dict(TWENTY_DISBAND, disband=TWENTY_DISBAND["disband"][:2])),
        "this line is not JSON",
        req("seven", SEVEN),
        req("seven-per-3", SEVEN, rs={"tokens_per_food_and_water": 3}),
        req("seven-excluding-disaffected", SEVEN, interp={"messina.consumption-bill": "excluding-disaffected"}),
        req("odd-round", dict(SEVEN, round=3)),
        req("during-industry", dict(SEVEN, phase="industry")),
        req("card-map-and-cards", CARD, {"type": "consume", "faction": "UE",
                                         "disband": [{"at": "H1", "unit": "civilian", "count": 2},
                                                     {"card": "A1", "unit": "infantry"},
                                                     {"card": "A1", "unit": "civilian"}]}),
        req("card-map-only", CARD, {"type": "consume", "faction": "UE",
                                    "disband": [{"at": "H1", "unit": "civilian", "count": 2}]},
            interp={"messina.step3-card-units": "map-only"}),
        req("card-map-only-card-unit", CARD, {"type": "consume", "faction": "UE",
                                              "disband": [{"at": "H1", "unit": "civilian"},
                                                          {"card": "A1", "unit": "infantry"}]},
            interp={"messina.step3-card-units": "map-only"}),
        req("muster", SEVEN, {"type": "muster", "faction": "UE", "builds": []}),
        req("friendly-area", SEVEN, {"type": "friendly-area", "faction": "UE", "purpose": "muster"}, key="query"),
        req("scythe", {"factions": {}, "territories": {}}, {"type": "move", "faction": "red", "moves": []},
            game="scythe"),
    ]


@pytest.fixture(scope="module")
def engine_session(engine, requests):
    answers, p = session([engine], [{"op": "hello", "protocol": 1}] + requests)
    return answers, p


@pytest.fixture(scope="module")
def serve_answers(rulecheck, root, requests):
    """rulecheck serve (the oracle) on the same requests, by id."""
    answers, _ = session([rulecheck, "--rules", str(root / "rules"), "serve"],
                         [r for r in requests if not isinstance(r, str)])
    return {a["id"]: a for a in answers}


def by_id(engine_session):
    return {a.get("id"): a for a in engine_session[0][1:]}


def faction(answer):
    return answer["state"]["factions"]["UE"]


def test_hello_names_the_engine_messina_and_both_readings_of_each_consumption_point(engine_session, messina_defaults):
    hello = engine_session[0][0]
    assert hello["name"] == ENGINE_NAME and isinstance(hello["version"], str) and hello["games"] == ["messina"], hello
    assert set(hello["interpretations"]) == set(POINTS), hello
    for point, readings in hello["interpretations"].items():
        assert set(readings) == POINTS[point] and readings[0] == messina_defaults[1][point], hello


def test_pipelined_requests_are_answered_in_order_and_bye_ends_the_engine(engine_session, requests):
    answers, p = engine_session
    ids = [a.get("id") for a in answers[1:]]
    expected = [None if isinstance(r, str) else r["id"] for r in requests]
    assert ids == expected and p.returncode == 0, (ids, p.returncode, p.stderr[-1000:])


def test_a_line_that_is_not_json_is_an_error_with_id_null_on_stdout_and_a_note_on_stderr(engine_session):
    answers, p = engine_session
    bad = [a for a in answers[1:] if a.get("id") is None]
    assert len(bad) == 1 and set(bad[0]) == {"id", "error"}, bad
    assert "not a JSON object" in p.stderr, p.stderr


def test_the_twenty_token_example_numbers(engine_session):
    a = by_id(engine_session)["twenty"]
    f = faction(a)
    assert a["legal"] is True
    assert f["population"] == {"disaffected": 3 - 3 + 5 + 6, "located": 12 - 6}, f  # Spare 0: left out
    assert f["dead"] == 3 and f["resources"] == {"energy": 4}, f  # all Food and all Water spent
    assert a["state"]["spaces"]["D1"]["units"]["UE"] == {"civilian": 2, "infantry": 3, "mech": 1}, a
    assert a["state"]["spaces"]["D1"]["utilities"] == [{"owner": "UE", "workers": 1}], a
    assert "units" not in a["state"]["spaces"]["D2"], a  # both Fighters gone, the empty map left out


def test_a_disband_short_of_what_step3_moves_is_illegal(engine_session):
    a = by_id(engine_session)["twenty-short-disband"]
    assert a["legal"] is False and a["rule"] == "messina.consumption.shortfall.step3", a


def test_seven_tokens_cost_4_of_each_and_one_disaffected_recovers(engine_session):
    f = faction(by_id(engine_session)["seven"])
    assert "resources" not in f and f["population"] == {"spare": 5, "located": 2}, f


def test_the_cost_comes_from_the_request_ruleset(engine_session):
    f = faction(by_id(engine_session)["seven-per-3"])  # ceil(7 / 3) = 3 of each
    assert f["resources"] == {"food": 1, "water": 1}, f


def test_the_excluding_disaffected_reading_bills_6_tokens(engine_session):
    f = faction(by_id(engine_session)["seven-excluding-disaffected"])  # ceil(6 / 2) = 3 of each
    assert f["resources"] == {"food": 1, "water": 1} and f["population"] == {"spare": 5, "located": 2}, f


@pytest.mark.parametrize("rid", ["odd-round", "during-industry"])
def test_consumption_only_at_the_end_of_an_even_round(engine_session, rid):
    a = by_id(engine_session)[rid]
    assert a["legal"] is False and a["rule"] == "messina.consumption.when", a


def test_step3_reaches_card_units_only_under_map_and_cards(engine_session):
    got = by_id(engine_session)
    both = got["card-map-and-cards"]  # map-and-cards: all 4 tokens within reach, the card emptied
    assert both["legal"] is True and faction(both)["population"] == {"disaffected": 4}, both
    assert both["state"]["cards"]["A1"] == {"holder": "UE", "exposed": False}, both
    only = got["card-map-only"]  # map-only: 2 tokens within reach; the 2 on the card go unpaid
    assert only["legal"] is True and faction(only)["population"] == {"disaffected": 2, "located": 2}, only
    refused = got["card-map-only-card-unit"]
    assert refused["legal"] is False and refused["rule"] == "messina.consumption.shortfall.step3", refused


@pytest.mark.parametrize("rid,why", [("muster", 'messina action type "muster"'),
                                     ("friendly-area", 'messina query type "friendly-area"'),
                                     ("scythe", 'game "scythe"')])
def test_what_it_does_not_implement_is_unsupported(engine_session, rid, why):
    a = by_id(engine_session)[rid]
    assert a == {"id": rid, "unsupported": why}, a


def test_every_answer_agrees_with_rulecheck_serve(engine_session, serve_answers):
    """The oracle's answer to the same request: the same legality, clause, state (byte for byte
    once parsed); only the "reason" text for people may differ."""
    for rid, a in by_id(engine_session).items():
        if rid is None or "unsupported" in a:
            continue
        mine = {k: v for k, v in a.items() if k != "reason"}
        theirs = {k: v for k, v in serve_answers[rid].items() if k != "reason"}
        assert mine == theirs, (rid, mine, theirs)


# ---------------------------------------------------------------------------------------------
# A seeded mistake is caught: the engine's answers with one Food too many left over
# ---------------------------------------------------------------------------------------------

PROXY = r'''
import json, subprocess, sys
engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in sys.stdin:
    engine.stdin.write(line)
    engine.stdin.flush()
    request = json.loads(line)
    if request.get("op") == "bye":
        break
    answer = json.loads(engine.stdout.readline())
    if answer.get("legal") is True:  # the seeded mistake: one Food less spent than the engine says
        resources = answer["state"]["factions"][request["action"]["faction"]].setdefault("resources", {})
        resources["food"] = resources.get("food", 0) + 1
    print(json.dumps(answer, sort_keys=True), flush=True)
'''


def test_a_seeded_mistake_in_the_food_spent_is_caught(rulecheck, root, engine, tmp_path):
    proxy = tmp_path / "one_food_more.py"
    proxy.write_text(PROXY)
    scenario = root / "scenarios" / "messina" / "consumption" / "worked-example-7-tokens.json"
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(proxy))} {shlex.quote(engine)}"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(scenario), "--engine", command,
                        "--format", "jsonl"], capture_output=True, text=True, timeout=120)
    cases = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    mine = [c for c in cases if c.get("type") == "case" and c["target"] == ENGINE_NAME]
    assert p.returncode == 1 and len(mine) == 1 and mine[0]["verdict"] == "fail", p.stdout[-2000:]
    assert "/resources/food" in json.dumps(mine[0].get("patch")), mine[0]
