"""The feature-coverage report of `rulecheck fuzz` (harness/fuzz_coverage.hpp).

Its universe is checked against the sources it stands for: the require clauses against every
require() check of oracle/ (read here from the C++ source), the format fields against the scenario
schema (every field of every scenario file of the corpus folds into it), the ruleset keys and readings
against rules/<game>/. Then a run of 20,000 generated cases against `rulecheck serve` must reach
everything: every ruleset key with a non-default value, every reading, every type legal and illegal,
every format field, every require clause.
"""
import json
import re
import subprocess
from pathlib import Path

import pytest

from strict_json import load_json

CASES = 20000


def records(output):
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def coverage_of(rulecheck, root, cases, seed=1):
    serve = f"{rulecheck} --rules {root / 'rules'} serve"
    # --rulesets any: every ruleset key with a non-default value, not only those a game varies (Speed's ranges).
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "fuzz", "--engine", serve, "--seed", str(seed),
                        "--cases", str(cases), "--rulesets", "any", "--format", "jsonl"], capture_output=True, text=True,
                       timeout=1800)
    summary = [r for r in records(p.stdout) if r.get("type") == "summary"][-1]
    assert summary["cases"] == cases, p.stderr
    return summary, p


@pytest.fixture(scope="module")
def small(rulecheck, root):
    return coverage_of(rulecheck, root, 50)[0]["coverage"]


def call_arguments(text, start):
    """The top-level arguments of the call whose "(" is at text[start - 1]."""
    depth, args, current, i = 0, [], "", start
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"' or text[j - 1] == "\\":
                j += 1
            current += text[i:j + 1]
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(current.strip())
                return args
            depth -= 1
        if c == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    return args


def oracle_require_clauses(root):
    """game -> the clause ids the oracle's require() checks name: the literal second argument, or, where
    a helper passes its caller's clause on (an argument named `clause`), the literals its callers give."""
    found, helpers = {}, []
    for source in sorted((root / "oracle").rglob("*.cpp")):
        game = source.parent.name
        text = source.read_text()
        for m in re.finditer(r"\brequire\(", text):
            args = call_arguments(text, m.end())
            clause = args[1] if len(args) > 1 else ""
            if clause.startswith('"'):
                found.setdefault(game, set()).add(clause.strip('"'))
            else:
                assert clause == "clause", f"{source}: a require() whose clause is {clause!r}"
                # the helper: the function or lambda around this call, whose callers give the clause
                head = text[:m.start()]
                helper = re.findall(r"(?:auto|void)\s+(\w+)\s*=?\s*[\[(]", head)[-1]
                helpers.append((game, helper))
    for game, helper in helpers:
        for source in sorted((root / "oracle" / game).rglob("*.cpp")):
            text = source.read_text()
            for m in re.finditer(rf"\b{helper}\(", text):
                for arg in call_arguments(text, m.end()):
                    if re.fullmatch(r'"[a-z0-9.-]+"', arg) and arg.count(".") >= 2:
                        found.setdefault(game, set()).add(arg.strip('"'))
    return found


def test_the_require_clauses_are_those_of_the_oracle(root, small):
    listed = set(small["require_clauses"])
    in_source = set().union(*oracle_require_clauses(root).values())
    assert listed == in_source, f"missing from the list: {in_source - listed}; not in oracle/: {listed - in_source}"


def test_the_ruleset_keys_and_readings_are_those_of_rules(root, small):
    keys, readings = set(), set()

    def leaves(j, prefix, game):
        for k, v in j.items():
            if not prefix and k in ("game", "note"):
                continue
            name = f"{prefix}.{k}" if prefix else k
            if isinstance(v, dict):
                leaves(v, name, game)
            else:
                keys.add(f"{game} {name}")

    for game in ("messina", "scythe"):
        leaves(load_json(root / "rules" / game / "ruleset.json"), "", game)
        for point in load_json(root / "rules" / game / "interpretations.json")["points"]:
            readings.update(f"{point['id']}={r}" for r in point["readings"])
    assert set(small["ruleset_keys"]) == keys
    assert set(small["readings"]) == readings


def fold(universe, base, value, out):
    """Every field of `value` under universe name `base`, folded as the report folds it: a key the schema
    names stays, any other key or an index becomes "*"."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = (("*", v) for v in value)
    else:
        return
    for key, sub in items:
        token = str(key).replace("~", "~0").replace("/", "~1")
        name = f"{base}/{token}" if f"{base}/{token}" in universe else f"{base}/*"
        out.add(name)
        fold(universe, name, sub, out)


def test_every_field_of_the_corpus_is_in_the_field_universe(root, small):
    universe = set(small["fields"])
    assert small["fields_unavailable"] is None
    assert "messina /state/spaces/*/shields/*/level" in universe
    assert "scythe move /action/moves/*/carry/worker" in universe
    seen = set()
    for path in sorted((root / "scenarios").rglob("*.json")):
        if "schema" in path.relative_to(root / "scenarios").parts:
            continue
        doc = load_json(path)
        fold(universe, f"{doc['game']} /state", doc["state"], seen)
        for step in doc["steps"]:
            kind = "action" if "action" in step else "query"
            fold(universe, f"{doc['game']} {step[kind]['type']} /{kind}", step[kind], seen)
    assert seen - universe == set()
    assert len(seen) > 100


def test_the_universe_is_said_unavailable_without_the_schema(rulecheck, root, tmp_path):
    rules = tmp_path / "clone" / "rules"
    rules.parent.mkdir()
    subprocess.run(["cp", "-r", str(root / "rules"), str(rules)], check=True)
    serve = f"{rulecheck} --rules {rules} serve"
    p = subprocess.run([rulecheck, "--rules", str(rules), "fuzz", "--engine", serve, "--cases", "20"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "format fields: universe unavailable, not counted" in p.stdout
    assert "no scenario schema at" in p.stdout


def test_twenty_thousand_cases_against_serve_reach_everything(rulecheck, root):
    summary, p = coverage_of(rulecheck, root, CASES)
    assert summary["agreed"] == CASES, p.stdout[-2000:]
    report = summary["coverage"]
    assert report["unknown_fields"] == {}
    assert report["unreached"] == [], f"{len(report['unreached'])} unreached:\n" + "\n".join(report["unreached"])
    # What the rules themselves rule out is listed apart, each with why, and is exactly that list.
    assert {i["item"] for i in report["not_reachable"]} == {
        "type: messina action release legal",
        "ruleset key with a non-default value: messina units.civilian.population",
        "ruleset key with a non-default value: messina units.infantry.population"}
    assert all(i["why"] for i in report["not_reachable"])
