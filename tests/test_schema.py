"""Every scenario file validates against scenarios/schema/scenario.schema.json.

Run: /usr/bin/python3 -m pytest -p no:cacheprovider tests/test_schema.py --root=REPO_ROOT

Runs with Debian's /usr/bin/python3, its python3-pytest and its python3-jsonschema (4.10; draft
2020-12); otherwise standard library only. It checks the schema itself, then self-tests that the
schema accepts small valid scenarios and rejects broken variants of them, at the broken field (so
a schema that accepts everything cannot pass), then validates every scenarios/**/*.json except
those in a folder named "schema" (the folders rulecheck itself skips), one test per file. Each
error is reported as "FILE: JSON-POINTER: message".

The C++ parser is the validator (`rulecheck validate`); this schema is for editors and tools, and
these tests keep it honest.
"""
import copy
from pathlib import Path

import jsonschema
import pytest
from jsonschema.exceptions import best_match

from strict_json import DuplicateKeys, load_json

SCHEMA_PATH = Path("scenarios") / "schema" / "scenario.schema.json"


# ---------------------------------------------------------------- reporting


def pointer(parts):
    """RFC 6901 JSON pointer of a path ("" is the whole document)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def shorten(text, limit=300):
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(error):
    """(pointer, message) lines for one jsonschema error, phrased for scenario writers."""
    where = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {}))
        allowed = ", ".join(sorted(known)) or "(none)"
        return [(pointer(where + [k]), f'unknown field "{k}"; the fields allowed here are: {allowed}')
                for k in error.instance if k not in known]
    if error.validator is None and error.schema is False:
        return [(pointer(where), "this field is not allowed here")]
    if error.validator in ("oneOf", "anyOf"):
        branches = error.validator_value
        if error.validator == "oneOf" and all(isinstance(b, dict) and len(b.get("required", [])) == 1
                                              for b in branches):
            names = " or ".join(f'"{b["required"][0]}"' for b in branches)
            return [(pointer(where), f"give exactly one of {names}")]
        if error.schema.get("description"):
            return [(pointer(where), shorten("expected: " + error.schema["description"], 400))]
        subs = [e for e in error.context if not e.message.endswith("is not of type 'null'")]
        if subs:
            return describe(best_match(subs))
    return [(pointer(where), shorten(error.message))]


def errors_of(validator, doc):
    out = []
    for e in sorted(validator.iter_errors(doc), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        for line in describe(e):
            if line not in out:  # the same fact can fail in two subschemas
                out.append(line)
    return out


def all_paths(validator, doc):
    """Pointers of every error, including those inside oneOf/anyOf alternatives."""
    paths = set()

    def walk(e):
        paths.add(pointer(e.absolute_path))
        paths.update(where for where, _ in describe(e))
        for c in e.context:
            walk(c)

    for e in validator.iter_errors(doc):
        walk(e)
    return paths


# ---------------------------------------------------------------- self-test

MESSINA = {
    "id": "messina/selftest/consume",
    "game": "messina",
    "title": "self-test",
    "cites": [],
    "state": {
        "round": 2,
        "phase": "consumption",
        "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"spare": 3, "located": 2},
                            "dead": 0, "resources": {"food": 4, "water": 4}}},
        "spaces": {"D1": {"adjacent": ["D2"], "units": {"UE": {"civilian": 2}},
                          "utilities": [{"owner": "UE"}], "shield": {"owner": "UE", "level": 1}},
                   "D2": {"adjacent": ["D1"]}},
        "cards": {"D2": {"holder": "UE", "exposed": False}},
    },
    "steps": [
        {"action": {"type": "consume", "faction": "UE"},
         "expect": {"legal": True, "state": {"factions": {"UE": {"resources": {"food": 1}}}}}},
        {"query": {"type": "friendly-area", "faction": "UE", "purpose": "muster"},
         "expect": {"result": ["D1", "D2"]}},
        {"action": {"type": "release", "faction": "UE", "at": "D1", "unit": "civilian"},
         "expect": {"legal": False, "rule": "messina.population.no-return"}},
    ],
}

SCYTHE = {
    "id": "scythe/selftest/move",
    "game": "scythe",
    "title": "self-test",
    "cites": [],
    "ruleset": {"move_range": {"mech": 2}},
    "state": {
        "factions": {"red": {"popularity": 5, "home_base": "HB-red"}},
        "territories": {"HB-red": {"adjacent": ["T1"], "home_base": "red"},
                        "T1": {"adjacent": ["HB-red", "T2"], "terrain": "farm",
                               "units": {"red": {"mech": 1, "worker": 1}}},
                        "T2": {"adjacent": ["T1"], "terrain": "forest",
                               "structure": {"owner": "red", "kind": "mill"}}},
    },
    "steps": [
        {"action": {"type": "move", "faction": "red",
                    "moves": [{"unit": "mech", "from": "T1", "path": ["T2"], "carry": {"worker": 1}}]},
         "expect": {"legal": True, "state": {"territories": {"T2": {"units": {"red": {"mech": 1}}}}}}},
        {"query": {"type": "controller", "at": "T2"}, "expect": {"result": "red"}},
    ],
}


def broken(base, expect_at, change):
    doc = copy.deepcopy(base)
    change(doc)
    return doc, expect_at


def setitem(path, value):
    def change(doc):
        node = doc
        for p in path[:-1]:
            node = node[p]
        node[path[-1]] = value
    return change


def delitem(path):
    def change(doc):
        node = doc
        for p in path[:-1]:
            node = node[p]
        del node[path[-1]]
    return change


M, S = MESSINA, SCYTHE
FACTION = ["state", "factions", "UE"]

# name -> (broken scenario, a pointer at which the schema must report an error)
MUST_REJECT = {
    "negative count": broken(M, "/state/factions/UE/dead", setitem(FACTION + ["dead"], -1)),
    "negative population": broken(M, "/state/factions/UE/population/spare",
                                  setitem(FACTION + ["population", "spare"], -2)),
    "unknown field in a faction": broken(M, "/state/factions/UE/colour", setitem(FACTION + ["colour"], "red")),
    "round is a string": broken(M, "/state/round", setitem(["state", "round"], "2")),
    "round 0": broken(M, "/state/round", setitem(["state", "round"], 0)),
    "round fractional": broken(M, "/state/round", setitem(["state", "round"], 2.5)),
    "unknown phase": broken(M, "/state/phase", setitem(["state", "phase"], "lunch")),
    "faction without home": broken(M, "/state/factions/UE", delitem(FACTION + ["home"])),
    "empty home": broken(M, "/state/factions/UE/home", setitem(FACTION + ["home"], [])),
    "no factions": broken(M, "/state/factions", setitem(["state", "factions"], {})),
    "shield level 0": broken(M, "/state/spaces/D1/shield/level", setitem(["state", "spaces", "D1", "shield", "level"], 0)),
    "workers in unit counts": broken(M, "/state/spaces/D1/units/UE/worker",
                                     setitem(["state", "spaces", "D1", "units", "UE", "worker"], 1)),
    "unknown consent": broken(M, "/state/factions/UE/consents/SF/0", setitem(FACTION + ["consents"], {"SF": ["trade"]})),
    "unknown action type": broken(M, "/steps/0/action/type", setitem(["steps", 0, "action", "type"], "teleport")),
    "unknown field in consume": broken(M, "/steps/0/action/bribe", setitem(["steps", 0, "action", "bribe"], 1)),
    "action count 0": broken(M, "/steps/2/action/count", setitem(["steps", 2, "action", "count"], 0)),
    "release at and card": broken(M, "/steps/2/action", setitem(["steps", 2, "action", "card"], "D2")),
    "release without place": broken(M, "/steps/2/action", delitem(["steps", 2, "action", "at"])),
    "unknown query type": broken(M, "/steps/1/query/type", setitem(["steps", 1, "query", "type"], "weather")),
    "unknown purpose": broken(M, "/steps/1/query/purpose", setitem(["steps", 1, "query", "purpose"], "fun")),
    "step with neither action nor query": broken(M, "/steps/0", delitem(["steps", 0, "action"])),
    "step with both action and query": broken(M, "/steps/0", setitem(["steps", 0, "query"], {"type": "bombable", "card": "D2"})),
    "step without expect": broken(M, "/steps/0", delitem(["steps", 0, "expect"])),
    "legal false without rule": broken(M, "/steps/2/expect", delitem(["steps", 2, "expect", "rule"])),
    "legal false with state": broken(M, "/steps/2/expect/state", setitem(["steps", 2, "expect", "state"], {})),
    "legal true with rule": broken(M, "/steps/0/expect/rule", setitem(["steps", 0, "expect", "rule"], "x")),
    "query step expecting legal": broken(M, "/steps/1/expect", setitem(["steps", 1, "expect"], {"legal": True})),
    "action step expecting result": broken(M, "/steps/0/expect", setitem(["steps", 0, "expect"], {"result": True})),
    "empty one_of": broken(M, "/steps/0/expect/one_of", setitem(["steps", 0, "expect"], {"one_of": []})),
    "nested one_of": broken(M, "/steps/0/expect/one_of/0",
                            setitem(["steps", 0, "expect"], {"one_of": [{"one_of": [{"legal": True}]}]})),
    "unknown field in expected state": broken(M, "/steps/0/expect/state/factions/UE/mood",
                                              setitem(["steps", 0, "expect", "state", "factions", "UE", "mood"], 1)),
    "negative count in expected state": broken(M, "/steps/0/expect/state/factions/UE/resources/food",
                                               setitem(["steps", 0, "expect", "state", "factions", "UE", "resources", "food"], -1)),
    "no steps": broken(M, "/steps", setitem(["steps"], [])),
    "empty title": broken(M, "/title", setitem(["title"], "")),
    "unknown game": broken(M, "/game", setitem(["game"], "chess")),
    "unknown top-level field": broken(M, "/author", setitem(["author"], "me")),
    "missing cites": broken(M, "", delitem(["cites"])),
    "interpretation reading not a string": broken(M, "/interpretations/messina.card-hostility",
                                                  setitem(["interpretations"], {"messina.card-hostility": 1})),
    "unknown ruleset key": broken(M, "/ruleset/stacking_moon", setitem(["ruleset"], {"stacking_moon": 3})),
    "ruleset unit override of wrong type": broken(M, "/ruleset/units/infantry/cost",
                                                  setitem(["ruleset"], {"units": {"infantry": {"cost": "2"}}})),
    "null for an optional field": broken(M, "/state/phase", setitem(["state", "phase"], None)),
    "scythe unit kind tank (state)": broken(S, "/state/territories/T1/units/red/tank",
                                            setitem(["state", "territories", "T1", "units", "red", "tank"], 1)),
    "scythe unit kind tank (move)": broken(S, "/steps/0/action/moves/0/unit",
                                           setitem(["steps", 0, "action", "moves", 0, "unit"], "tank")),
    "scythe unknown terrain": broken(S, "/state/territories/T1/terrain", setitem(["state", "territories", "T1", "terrain"], "swamp")),
    "scythe two characters": broken(S, "/state/territories/T1/units/red/character",
                                    setitem(["state", "territories", "T1", "units", "red", "character"], 2)),
    "scythe structure without kind": broken(S, "/state/territories/T2/structure",
                                            delitem(["state", "territories", "T2", "structure", "kind"])),
    "scythe carry a mech": broken(S, "/steps/0/action/moves/0/carry/mech",
                                  setitem(["steps", 0, "action", "moves", 0, "carry", "mech"], 1)),
    "scythe move without path": broken(S, "/steps/0/action/moves/0", delitem(["steps", 0, "action", "moves", 0, "path"])),
    "scythe unknown action type": broken(S, "/steps/0/action/type", setitem(["steps", 0, "action", "type"], "produce")),
    "scythe unknown query type": broken(S, "/steps/1/query/type", setitem(["steps", 1, "query", "type"], "owner")),
    "scythe messina action": broken(S, "/steps/0/action/type", setitem(["steps", 0, "action"], {"type": "consume", "faction": "red"})),
    "scythe messina state": broken(S, "/state/round", setitem(["state", "round"], 1)),
    "scythe unknown ruleset key": broken(S, "/ruleset/stacking_map", setitem(["ruleset"], {"stacking_map": 3})),
    "scythe negative popularity in expected state": broken(
        S, "/steps/0/expect/state/factions/red/popularity",
        setitem(["steps", 0, "expect", "state"], {"factions": {"red": {"popularity": -1}}})),
}

# Things the C++ parser accepts, which the schema must accept too.
MUST_ACCEPT = {
    "valid messina": copy.deepcopy(M),
    "valid scythe": copy.deepcopy(S),
    "query result null": broken(M, "", setitem(["steps", 1, "expect"], {"result": None}))[0],
    "one_of outcomes": broken(M, "", setitem(["steps", 0, "expect"], {"one_of": [
        {"legal": True}, {"legal": False, "rule": "messina.consumption.cost"}]}))[0],
    "one_of results": broken(M, "", setitem(["steps", 1, "expect"], {"one_of": [{"result": []}, {"result": None}]}))[0],
    "all optional top-level fields": broken(M, "", lambda d: d.update(
        note="n", interpretations={"messina.card-hostility": "held"},
        ruleset={"stacking_map": 6, "units": {"infantry": {"cost": 2}}, "ai_backed_units": ["civilian", "infantry"]}))[0],
    "step note and placement from card": broken(M, "", setitem(["steps", 0], {
        "note": "n", "action": {"type": "place", "faction": "UE", "when": "before-orders",
                                "placements": [{"card": "D2", "unit": "civilian", "count": 2, "from": "disaffected"}]},
        "expect": {"legal": False, "rule": "messina.population.disaffected"}}))[0],
    "every messina action type": broken(M, "", setitem(["steps"], [
        {"action": a, "expect": {"legal": True}} for a in [
            {"type": "consume", "faction": "UE", "disband": [{"at": "D1", "unit": "worker"}, {"card": "D2", "unit": "infantry", "count": 1}]},
            {"type": "convert", "faction": "UE", "at": "D1", "from": "civilian", "to": "worker", "count": 1},
            {"type": "release", "faction": "UE", "card": "D2", "unit": "civilian"},
            {"type": "muster", "faction": "UE", "builds": [{"at": "D1", "unit": "fighter"}], "equip": [{"at": "D1", "count": 2}],
             "shields": [{"at": "D1", "op": "build"}], "disband": []},
            {"type": "rearm", "faction": "UE", "shield": {"card": "D2", "op": "upgrade"}},
            {"type": "expose", "faction": "UE", "card": "D2"},
            {"type": "hide", "faction": "UE", "card": "D2"},
            {"type": "transfer", "faction": "UE", "card": "D2", "units": {"infantry": 1}},
            {"type": "end-exploration", "faction": "UE", "discard": ["D2"], "transfers": [{"card": "D2", "units": {}}]},
        ]]))[0],
    "every messina query type": broken(M, "", setitem(["steps"], [
        {"query": q, "expect": {"result": True}} for q in [
            {"type": "hostile", "faction": "UE", "at": "D2"},
            {"type": "must-expose", "faction": "UE", "card": "D2", "situation": "no-response"},
            {"type": "tie-break", "at": "D2", "sides": ["UE"]},
            {"type": "bombable", "card": "D2"},
            {"type": "support-cut", "card": "D2", "by": "bomb"},
        ]]))[0],
    "partial messina state with nulls and counts 0": broken(M, "", setitem(["steps", 0, "expect", "state"], {
        "phase": None, "cards": {"D2": None}, "spaces": {"D1": {"shield": None, "units": {"UE": {"civilian": 0}},
                                                              "utilities": [{"workers": 0}]}},
        "factions": {"UE": {"population": {}}}}))[0],
    "scythe empty path and moves, every query": broken(S, "", setitem(["steps"], [
        {"action": {"type": "move", "faction": "red", "moves": [{"unit": "worker", "from": "T1", "path": []}]},
         "expect": {"legal": False, "rule": "scythe.move.path"}},
        {"action": {"type": "move", "faction": "red", "moves": []}, "expect": {"legal": True}},
        {"query": {"type": "mill-produces", "at": "T2"}, "expect": {"result": False}},
        {"query": {"type": "structure-bonus", "at": "T2", "faction": "red"}, "expect": {"result": False}},
    ]))[0],
    "partial scythe state with nulls": broken(S, "", setitem(["steps", 0, "expect", "state"], {
        "territories": {"T1": {"held_by": None, "structure": None, "units": {"blue": {}}}},
        "pending": {"combats": ["T2"]}, "factions": {"red": {"popularity": 4}}}))[0],
}


# ---------------------------------------------------------------- the schema itself


@pytest.fixture(scope="module")
def schema(root):
    return load_json(root / SCHEMA_PATH)


@pytest.fixture(scope="module")
def validator(schema):
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_scenario_schema_is_a_valid_draft_2020_12_schema(schema):
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as e:
        pytest.fail(f"{SCHEMA_PATH}: {pointer(e.absolute_path)}: not a valid draft 2020-12 schema: {e.message}",
                    pytrace=False)


def test_every_partial_state_names_the_same_fields_as_its_complete_form(schema):
    defs = schema.get("$defs", {})
    problems = []
    for name, d in defs.items():
        if name.endswith("-partial") and name[: -len("-partial")] in defs:
            full = set(defs[name[: -len("-partial")]].get("properties", {}))
            part = set(d.get("properties", {}))
            if full != part:
                problems.append(f"$defs/{name} names fields {sorted(part)} but its complete form has {sorted(full)}")
    assert not problems, "\n".join(problems)


def test_every_definition_in_the_schema_has_a_description(schema):
    problems = [f"$defs/{name} has no description" for name, d in schema.get("$defs", {}).items()
                if not (isinstance(d, dict) and d.get("description"))]
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- self-test: what it must accept and reject


@pytest.mark.parametrize("name", list(MUST_ACCEPT))
def test_the_schema_accepts_a_scenario_the_parser_accepts(validator, name):
    errs = errors_of(validator, MUST_ACCEPT[name])
    assert not errs, f"the schema rejects a valid scenario ({name}): {errs[0][0]}: {errs[0][1]}"


@pytest.mark.parametrize("name", list(MUST_REJECT))
def test_the_schema_rejects_a_broken_scenario_at_the_broken_field(validator, name):
    doc, at = MUST_REJECT[name]
    paths = all_paths(validator, doc)
    assert paths, f"the schema accepts a broken scenario ({name})"
    assert at in paths, (f"the schema rejects a broken scenario ({name}) but not at {at or '(root)'}: "
                         f"errors at {sorted(paths)}")


# ---------------------------------------------------------------- every scenario file


def scenario_files(root):
    base = root / "scenarios"
    return sorted(p for p in base.rglob("*.json")
                  if "schema" not in p.relative_to(base).parts[:-1])


def pytest_generate_tests(metafunc):
    # One test per scenario file, found when the tests are collected.
    if "scenario_file" in metafunc.fixturenames:
        root = Path(metafunc.config.getoption("root"))
        files = scenario_files(root)
        metafunc.parametrize("scenario_file", files, ids=[f.relative_to(root / "scenarios").as_posix() for f in files])


def test_there_are_scenario_files_to_validate(root):
    assert scenario_files(root), f"no scenario files under {root / 'scenarios'}"


def test_a_scenario_file_validates_against_the_schema(validator, root, scenario_file):
    name = scenario_file.relative_to(root).as_posix()
    try:
        doc = load_json(scenario_file)
    except (OSError, ValueError) as e:
        pytest.fail(f"{name}: : not valid JSON: {e}", pytrace=False)
    errs = errors_of(validator, doc)
    assert not errs, "\n".join(f"{name}: {where}: {message}" for where, message in errs)


def test_a_key_given_twice_is_an_error_when_reading_scenario_json(tmp_path):
    # The C++ reader rejects duplicate keys, so the files these tests read are read the same way.
    path = tmp_path / "twice.json"
    path.write_text('{"id": "a", "state": {"round": 1, "round": 2}}')
    with pytest.raises(DuplicateKeys, match='"round" appears twice'):
        load_json(path)
