"""Engine readings, rule-code mapping and strict mode.

Run: pytest -p no:cacheprovider tests/test_engine_options.py --rulecheck=BINARY --root=REPO_ROOT
The engine is tests/engines/variant.py (the faithful example engine, with a chosen reading of an
interpretation point, or with rule codes of its own); the corpus is the whole of scenarios/.
"""
import json
import subprocess

import pytest

from strict_json import load_json


@pytest.fixture(scope="module")
def variant(root):
    return f"python3 {root / 'tests' / 'engines' / 'variant.py'}"


@pytest.fixture(scope="module")
def run(rulecheck, root):
    """run(engine, *extra) -> (exit status, the case lines) of a run of scenarios/ against ENGINE alone."""
    def run(engine, *extra):
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"), "--rulesets", "any", "--no-oracle",
                            "--format", "jsonl", "--engine", engine, *extra],
                           capture_output=True, text=True, timeout=300)
        return p.returncode, [json.loads(line) for line in p.stdout.splitlines() if '"type":"case"' in line]
    return run


@pytest.fixture(scope="module")
def named(root):
    """Scenarios that name a reading of messina.card-hostility, read from the files themselves: id -> reading."""
    named = {}
    for f in sorted((root / "scenarios").rglob("*.json")):
        if "schema" in str(f):
            continue
        s = load_json(f)
        r = s.get("interpretations", {}).get("messina.card-hostility")
        if r:
            named[s["id"]] = r
    return named


def test_the_corpus_has_scenarios_for_both_card_hostility_readings(named):
    assert set(named.values()) == {"exposed-only", "held"}, named


# ---------------------------------------------------------------- an engine with another reading

# An engine implementing the "held" reading: scenarios that expect "exposed-only" are run under
# "held" and compared with the oracle only; the others as usual.


@pytest.fixture(scope="module")
def held(run, variant):
    code, cases = run(f"{variant} --reading messina.card-hostility=held", "--strict")
    return code, cases, {c["id"]: c for c in cases}


def test_an_engine_with_the_held_reading_passes_every_case_in_strict_mode(held):
    code, cases, by_id = held
    assert code == 0 and all(c["verdict"] == "pass" for c in cases), [c for c in cases if c["verdict"] != "pass"][:2]


def test_exposed_only_scenarios_say_they_ran_under_the_held_engines_reading(held, named):
    code, cases, by_id = held
    other = [i for i, r in named.items() if r == "exposed-only"]
    assert all("engine's reading messina.card-hostility=held" in by_id[i].get("message", "") for i in other), \
        [by_id[i].get("message") for i in other][:3]


def test_held_scenarios_run_normally_against_a_held_engine(held, named):
    code, cases, by_id = held
    assert all("engine's reading" not in by_id[i].get("message", "") for i, r in named.items() if r == "held")


# ---------------------------------------------------------------- an engine with a reading the oracle does not know


@pytest.fixture(scope="module")
def unknown_reading(run, variant):
    code, cases = run(f"{variant} --reading messina.card-hostility=sometimes")
    return code, cases, [c for c in cases if c["game"] == "messina"]


def test_an_unknown_reading_skips_the_messina_cases(unknown_reading):
    code, cases, messina = unknown_reading
    assert messina and all(c["verdict"] == "skipped" for c in messina)


def test_the_skip_reason_names_the_point_and_the_known_readings(unknown_reading):
    code, cases, messina = unknown_reading
    assert messina and "messina.card-hostility" in messina[0]["message"] \
        and "exposed-only, held" in messina[0]["message"], messina[:1]


def test_an_unknown_messina_reading_leaves_scythe_unaffected(unknown_reading):
    code, cases, messina = unknown_reading
    assert all(c["verdict"] == "pass" for c in cases if c["game"] == "scythe")


def test_skipped_cases_are_not_failures_so_the_run_exits_with_0(unknown_reading):
    code, cases, messina = unknown_reading
    assert code == 0, code


# ---------------------------------------------------------------- an engine with rule codes of its own

# Legality alone passes; strict mode fails on the codes; a mapping file makes strict mode pass.


@pytest.fixture(scope="module")
def own_codes(variant):
    return f"{variant} --own-codes"


def test_own_rule_codes_pass_when_only_legality_is_compared(run, own_codes):
    code, cases = run(own_codes)
    assert code == 0 and all(c["verdict"] == "pass" for c in cases)


def test_own_rule_codes_fail_strict_mode_on_the_rule(run, own_codes):
    code, cases = run(own_codes, "--strict")
    fails = [c for c in cases if c["verdict"] == "fail"]
    assert fails and all("/rule" in c["message"] for c in fails), fails[:1]


def test_own_rule_codes_pass_strict_mode_with_a_mapping_file(run, own_codes, root, tmp_path):
    clauses = set()
    for f in (root / "rules").glob("*/clauses.json"):
        clauses |= {c["id"] for c in load_json(f)["clauses"]}
    path = tmp_path / "map.json"
    path.write_text(json.dumps({"engine": "variant own-codes",
                                "rules": {"E-" + c.upper().replace(".", "-"): c for c in clauses}}))
    code, cases = run(own_codes, "--strict", "--rule-map", str(path))
    assert code == 0 and all(c["verdict"] == "pass" for c in cases), [c for c in cases if c["verdict"] != "pass"][:1]


def test_a_malformed_mapping_file_exits_with_2_naming_the_file_and_field(rulecheck, root, own_codes, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"engine": "x", "rules": {"A": 3}}')
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"), "--rulesets", "any", "--engine", own_codes,
                        "--rule-map", str(bad)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "bad.json" in p.stderr and "/rules/A" in p.stderr, p.stderr
