"""Every rules/<game>/*.json validates against its JSON Schema in rules/schema/.

Run: /usr/bin/python3 -m pytest -p no:cacheprovider tests/test_rules_schema.py --root=REPO_ROOT

Runs with Debian's /usr/bin/python3, its python3-pytest and its python3-jsonschema (draft
2020-12). clauses.json validates against clauses.schema.json, interpretations.json against
interpretations.schema.json, invariants.json against invariants.schema.json, and ruleset.json
against ruleset-<game>.schema.json. The schemas are
checked first (valid draft 2020-12, every ruleset number described), then every rules file, one
test per file, then broken copies of the real files (written to a temp folder) must be rejected
at the broken field, so a schema that accepts everything cannot pass.

`rulecheck rules check` and the C++ readers are the validators; these schemas are for editors and
tools, and these tests keep them honest.
"""
import json
from pathlib import Path

import jsonschema
import pytest

from strict_json import DuplicateKeys, load_json

SCHEMA_DIR = Path("rules") / "schema"


def pointer(parts):
    """RFC 6901 JSON pointer of a path ("" is the whole document)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def schema_name(rules_file):
    """The schema file of rules/<game>/<name>.json."""
    if rules_file.name == "ruleset.json":
        return f"ruleset-{rules_file.parent.name}.schema.json"
    if rules_file.name == "move_start.json":  # what a Move's starting board keeps: the invariants' form
        return "invariants.schema.json"
    return rules_file.name.replace(".json", ".schema.json")


def validator_for(root, name):
    schema = load_json(root / SCHEMA_DIR / name)
    return jsonschema.Draft202012Validator(schema)


def errors_of(validator, doc):
    """Each error as "POINTER: message", in document order."""
    return [f"{pointer(e.absolute_path)}: {e.message}"
            for e in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))]


def rules_files(root):
    return sorted(p for p in (root / "rules").glob("*/*.json") if p.parent.name != "schema")


def games(root):
    return sorted(p.parent.name for p in (root / "rules").glob("*/clauses.json"))


def pytest_generate_tests(metafunc):
    root = Path(metafunc.config.getoption("root"))
    if "rules_file" in metafunc.fixturenames:
        files = rules_files(root)
        metafunc.parametrize("rules_file", files, ids=[f.relative_to(root / "rules").as_posix() for f in files])
    if "schema_file" in metafunc.fixturenames:
        files = sorted((root / SCHEMA_DIR).glob("*.schema.json"))
        metafunc.parametrize("schema_file", files, ids=[f.name for f in files])


# ---------------------------------------------------------------- the schemas


def test_each_rules_schema_is_a_valid_draft_2020_12_schema(schema_file):
    schema = load_json(schema_file)
    assert schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_every_number_of_a_ruleset_schema_says_what_it_means_in_the_game(root):
    for game in games(root):
        schema = load_json(root / SCHEMA_DIR / f"ruleset-{game}.schema.json")
        undescribed = [key for key, sub in schema["properties"].items() if not sub.get("description")]
        assert not undescribed, f"ruleset-{game}.schema.json: keys without a description: {undescribed}"


def test_every_game_has_a_ruleset_schema_naming_each_key_of_its_ruleset(root):
    for game in games(root):
        schema = load_json(root / SCHEMA_DIR / f"ruleset-{game}.schema.json")
        ruleset = load_json(root / "rules" / game / "ruleset.json")
        assert set(ruleset) <= set(schema["properties"]), f"{game}: keys the schema does not name"


# ---------------------------------------------------------------- the rules files


def test_there_are_rules_files_to_validate(root):
    names = {f.name for f in rules_files(root)}
    assert {"clauses.json", "ruleset.json", "interpretations.json"} <= names


def test_a_rules_file_validates_against_its_schema(root, rules_file):
    validator = validator_for(root, schema_name(rules_file))
    errors = errors_of(validator, load_json(rules_file))
    where = rules_file.relative_to(root).as_posix()
    assert not errors, "\n".join(f"{where}: {e}" for e in errors)


# ---------------------------------------------------------------- broken copies are rejected


def broken_copy(tmp_path, root, relative, change):
    """A copy of a real rules file with one thing broken, written to tmp_path and read back."""
    doc = load_json(root / relative)
    change(doc)
    copy_path = tmp_path / relative
    copy_path.parent.mkdir(parents=True, exist_ok=True)
    copy_path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return load_json(copy_path)


def first_clause(doc):
    return doc["clauses"][0]


BROKEN_CLAUSES = {
    "unknown-scope": ("/clauses/0/scope", lambda d: first_clause(d).update(scope="someday")),
    "uppercase-fingerprint": ("/clauses/0/fingerprint", lambda d: first_clause(d).update(fingerprint="0123456789ABCDEF")),
    "id-not-dotted": ("/clauses/0/id", lambda d: first_clause(d).update(id="messina")),
    "paragraph-zero": ("/clauses/0/paragraph", lambda d: first_clause(d).update(paragraph=0)),
    "two-line-paraphrase": ("/clauses/0/paraphrase", lambda d: first_clause(d).update(paraphrase="one\ntwo")),
    "missing-paraphrase": ("/clauses/0", lambda d: first_clause(d).pop("paraphrase")),
    "unknown-field": ("/clauses/0", lambda d: first_clause(d).update(page=3)),
    "not-clause-without-reason": ("/not_clauses/0", lambda d: d["not_clauses"][0].pop("why")),
    "source-with-a-folder": ("/sources/population", lambda d: d["sources"].update(population="../x.txt")),
}


@pytest.mark.parametrize("name", list(BROKEN_CLAUSES))
def test_a_broken_copy_of_a_clause_index_is_rejected_at_the_broken_field(tmp_path, root, name):
    at, change = BROKEN_CLAUSES[name]
    doc = broken_copy(tmp_path, root, "rules/messina/clauses.json", change)
    errors = errors_of(validator_for(root, "clauses.schema.json"), doc)
    assert any(e.startswith(at + ": ") for e in errors), f"expected an error at {at}, got {errors}"


BROKEN_RULESETS = {
    "messina-negative-stacking": ("messina", "/stacking_map", lambda d: d.update(stacking_map=-1)),
    "messina-parity-two": ("messina", "/round_parity_muster", lambda d: d.update(round_parity_muster=2)),
    "messina-cost-as-text": ("messina", "/units/bomber/cost", lambda d: d["units"]["bomber"].update(cost="3")),
    "messina-unknown-unit": ("messina", "/ai_backed_units/0", lambda d: d.update(ai_backed_units=["robot"])),
    "messina-unknown-number": ("messina", "", lambda d: d.update(stacking_sea=3)),
    "messina-unit-missing": ("messina", "/units", lambda d: d["units"].pop("mech")),
    "scythe-fractional-range": ("scythe", "/move_range/mech", lambda d: d["move_range"].update(mech=1.5)),
    "scythe-missing-floor": ("scythe", "", lambda d: d.pop("popularity_min")),
}


@pytest.mark.parametrize("name", list(BROKEN_RULESETS))
def test_a_broken_copy_of_a_ruleset_is_rejected_at_the_broken_field(tmp_path, root, name):
    game, at, change = BROKEN_RULESETS[name]
    doc = broken_copy(tmp_path, root, f"rules/{game}/ruleset.json", change)
    errors = errors_of(validator_for(root, f"ruleset-{game}.schema.json"), doc)
    assert any(e.startswith(at + ": ") for e in errors), f"expected an error at {at!r}, got {errors}"


BROKEN_INTERPRETATIONS = {
    "one-reading-only": ("/points/0/readings", lambda d: d["points"][0].update(readings={"only": "One reading."})),
    "missing-default": ("/points/0", lambda d: d["points"][0].pop("default")),
    "no-clauses": ("/points/0/clauses", lambda d: d["points"][0].update(clauses=[])),
    "bad-point-id": ("/points/0/id", lambda d: d["points"][0].update(id="Card Hostility")),
}


@pytest.mark.parametrize("name", list(BROKEN_INTERPRETATIONS))
def test_a_broken_copy_of_an_interpretations_file_is_rejected_at_the_broken_field(tmp_path, root, name):
    at, change = BROKEN_INTERPRETATIONS[name]
    doc = broken_copy(tmp_path, root, "rules/messina/interpretations.json", change)
    errors = errors_of(validator_for(root, "interpretations.schema.json"), doc)
    assert any(e.startswith(at + ": ") for e in errors), f"expected an error at {at}, got {errors}"


BROKEN_INVARIANTS = {
    "id-not-reachable": ("/0/id", lambda d: d[0].update(id="scythe.move.home-base")),
    "no-clauses": ("/0/clauses", lambda d: d[0].update(clauses=[])),
    "clause-twice": ("/0/clauses", lambda d: d[0].update(clauses=[d[0]["clauses"][0]] * 2)),
    "two-line-says": ("/0/says", lambda d: d[0].update(says="one\ntwo")),
    "missing-says": ("/0", lambda d: d[0].pop("says")),
    "unknown-field": ("/0", lambda d: d[0].update(field="territories")),
}


@pytest.mark.parametrize("game", ["messina", "scythe"])
@pytest.mark.parametrize("name", list(BROKEN_INVARIANTS))
def test_a_broken_copy_of_an_invariants_file_is_rejected_at_the_broken_field(tmp_path, root, name, game):
    at, change = BROKEN_INVARIANTS[name]
    doc = broken_copy(tmp_path, root, f"rules/{game}/invariants.json", change)
    errors = errors_of(validator_for(root, "invariants.schema.json"), doc)
    assert any(e.startswith(at + ": ") for e in errors), f"expected an error at {at}, got {errors}"


BROKEN_DISMISSED = {
    "no-reason": ("/dismissed/0", lambda d: d["dismissed"][0].pop("reason")),
    "two-line-reason": ("/dismissed/0/reason", lambda d: d["dismissed"][0].update(reason="one\ntwo")),
    "signature-without-parts": ("/dismissed/0/signature", lambda d: d["dismissed"][0].update(signature="rearm-build")),
    "no-clauses": ("/dismissed/0/clauses", lambda d: d["dismissed"][0].update(clauses=[])),
    "unknown-field": ("/dismissed/0", lambda d: d["dismissed"][0].update(point="messina.x")),
}


@pytest.mark.parametrize("name", list(BROKEN_DISMISSED))
def test_a_broken_copy_of_the_dismissed_findings_is_rejected_at_the_broken_field(tmp_path, root, name):
    at, change = BROKEN_DISMISSED[name]
    doc = broken_copy(tmp_path, root, "rules/messina/dismissed.json", change)
    errors = errors_of(validator_for(root, "dismissed.schema.json"), doc)
    assert any(e.startswith(at + ": ") for e in errors), f"expected an error at {at}, got {errors}"


def test_an_unbroken_copy_is_accepted_so_the_rejections_come_from_the_breakage(tmp_path, root):
    doc = broken_copy(tmp_path, root, "rules/messina/clauses.json", lambda d: None)
    assert errors_of(validator_for(root, "clauses.schema.json"), doc) == []


def test_a_key_given_twice_is_an_error_when_reading_rules_json(tmp_path):
    path = tmp_path / "ruleset.json"
    path.write_text('{"hand_limit": 5, "hand_limit": 6}', encoding="utf-8")
    with pytest.raises(DuplicateKeys):
        load_json(path)
