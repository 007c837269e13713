"""Every ruleset key has a scenario of the corpus that depends on it (`rulecheck rules coverage`,
section "ruleset keys"): a scenario giving the key another value whose outcome changes when the key is
reset to its default, so that an engine ignoring the key (using the default) fails it.

Run: pytest -p no:cacheprovider tests/test_ruleset_keys.py --rulecheck=BINARY --root=REPO_ROOT

Nothing here names a scenario: the keys are read from rules/<game>/ruleset.json, the scenarios that
depend on them from the coverage report, and each such claim is checked again from outside, by running
the scenario with the key reset through `rulecheck run`. A key that ruleset.doc.json says no rule reads
is excused only with that claim checked (every scenario of its game, the key one higher, unchanged),
which is also checked here on the corpus. The last tests show that the check can fail.
"""
import copy
import json
import re
import shutil
import subprocess

import pytest

GAMES = ("messina", "scythe")
NOT_RULES = ("game", "note")


def leaves(node, prefix=""):
    """A ruleset's keys by dotted path (units.bomber.cost), with their values; objects are not keys."""
    out = {}
    for name, value in node.items():
        if not prefix and name in NOT_RULES:
            continue
        key = prefix + name
        if isinstance(value, dict):
            out.update(leaves(value, key + "."))
        else:
            out[key] = value
    return out


def without(overrides, key):
    """The overrides with `key` (dotted) removed, and the objects that leaves empty."""
    out = copy.deepcopy(overrides)
    parts = key.split(".")
    chain = [out]
    for part in parts[:-1]:
        chain.append(chain[-1][part])
    del chain[-1][parts[-1]]
    for parent, part in zip(reversed(chain[:-1]), reversed(parts[:-1])):
        if parent[part]:
            break
        del parent[part]
    return out


def set_key(overrides, key, value):
    out = copy.deepcopy(overrides)
    node = out
    parts = key.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value
    return out


def coverage(rulecheck, rules):
    p = subprocess.run([rulecheck, "--rules", str(rules), "rules", "coverage", "--format", "json"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode in (0, 1), p.stderr
    return p.returncode, json.loads(p.stdout)


def run_jsonl(rulecheck, root, folder):
    """The case lines of `rulecheck run FOLDER` (a starting board the ruleset rejects is an errored case, exit 2)."""
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(folder), "--rulesets", "any", "--format", "jsonl"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode in (0, 1, 2), p.stdout[-2000:] + p.stderr
    return [c for c in map(json.loads, p.stdout.splitlines()) if c["type"] == "case"]


def scenario_file(root, sid):
    return root / "scenarios" / (sid + ".json")


@pytest.fixture(scope="module")
def report(rulecheck, root):
    return coverage(rulecheck, root / "rules")[1]["ruleset_keys"]


@pytest.fixture(scope="module")
def keys(report):
    return {(k["game"], k["key"]): k for k in report["keys"]}


@pytest.fixture(scope="module")
def unread(root):
    out = {}
    for game in GAMES:
        doc = json.loads((root / "rules" / game / "ruleset.doc.json").read_text())["keys"]
        out.update({(game, k): e["read_by_no_rule"] for k, e in doc.items() if "read_by_no_rule" in e})
    return out


def test_the_report_lists_every_key_of_every_ruleset(root, keys):
    expected = set()
    for game in GAMES:
        ruleset = json.loads((root / "rules" / game / "ruleset.json").read_text())
        for key, value in leaves(ruleset).items():
            expected.add((game, key))
            assert keys[(game, key)]["default"] == value
    assert set(keys) == expected


def test_every_key_has_a_scenario_that_depends_on_it(keys, unread):
    missing = []
    for (game, key), k in sorted(keys.items()):
        if (game, key) in unread:
            continue
        if not any(s["depends"] for s in k["scenarios"]):
            missing.append(f"{game} {key}: overridden by {[s['scenario'] for s in k['scenarios']] or 'no scenario'}")
        else:
            assert k["depended_on"] and k["gap"] is None
    assert not missing, "keys no scenario depends on:\n" + "\n".join(missing)


def test_a_key_read_by_no_rule_is_excused_only_with_the_claim_checked(keys, unread):
    for (game, key), why in unread.items():
        k = keys[(game, key)]
        assert k["read_by_no_rule"] == why
        assert k["unread_checked"] > 0, (game, key)
        assert k["read_anyway"] == [] and k["gap"] is None, (game, key, k["read_anyway"])
        assert not any(s["depends"] for s in k["scenarios"])


def test_each_dependence_holds_when_the_key_is_reset_from_outside(rulecheck, root, keys, tmp_path):
    # The first scenario the report says depends on each key, re-written with that key reset to its
    # default, must no longer pass on the oracle; as written it passes (scenarios.oracle runs it too).
    variants = {}
    for (game, key), k in sorted(keys.items()):
        depending = [s["scenario"] for s in k["scenarios"] if s["depends"]]
        if not depending:
            continue
        doc = json.loads(scenario_file(root, depending[0]).read_text())
        assert leaves(doc["ruleset"])[key] != k["default"]
        doc["ruleset"] = without(doc["ruleset"], key)
        doc["id"] = f"reset/{game}/{key}"
        (tmp_path / f"{game}-{key}.json").write_text(json.dumps(doc))
        variants[doc["id"]] = depending[0]
    assert variants
    verdicts = {c["id"]: c["verdict"] for c in run_jsonl(rulecheck, root, tmp_path)}
    assert set(verdicts) == set(variants)
    still_passing = [f"{v} (from {variants[v]})" for v, verdict in verdicts.items() if verdict == "pass"]
    assert not still_passing, "passes with the key at its default: " + ", ".join(still_passing)


def test_a_key_read_by_no_rule_changes_no_verdict_from_outside(rulecheck, root, unread, tmp_path):
    # Every scenario of the game, with each such key one higher than the scenario gives it, still passes.
    written = 0
    for path in sorted((root / "scenarios").rglob("*.json")):
        if "schema" in path.parts:
            continue
        doc = json.loads(path.read_text())
        for (game, key) in sorted(unread):
            if doc["game"] != game:
                continue
            defaults = leaves(json.loads((root / "rules" / game / "ruleset.json").read_text()))
            value = leaves(doc.get("ruleset", {})).get(key, defaults[key])
            variant = dict(doc, id=f"{doc['id']}/{key}", ruleset=set_key(doc.get("ruleset", {}), key, value + 1))
            (tmp_path / f"{written}.json").write_text(json.dumps(variant))
            written += 1
    if not written:
        pytest.skip("no key is said to be read by no rule")
    cases = run_jsonl(rulecheck, root, tmp_path)
    assert len(cases) == written
    changed = [f"{c['id']}: {c['message']}" for c in cases if c["verdict"] != "pass"]
    assert not changed, "\n".join(changed[:10])


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_the_text_and_markdown_formats_show_every_key_and_its_dependents(rulecheck, root, report, keys, fmt):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "rules", "coverage", "--format", fmt],
                       capture_output=True, text=True, timeout=300)
    section = p.stdout[p.stdout.index("ruleset keys (" if fmt == "text" else "## Ruleset keys"):]
    for (game, key), k in keys.items():
        shown = f"{game} {key} (default " if fmt == "text" else f"| {game} | `{key}` |"
        assert shown in section, shown
        for s in k["scenarios"]:
            assert s["scenario"] in section
    assert report["summary"] in section  # the same figures as the JSON report


# ---------------------------------------------------------------- the check can fail


@pytest.fixture
def project(root, tmp_path):
    """A copy of the project's rules/ and scenarios/ to break."""
    shutil.copytree(root / "rules", tmp_path / "rules")
    shutil.copytree(root / "scenarios", tmp_path / "scenarios")
    return tmp_path


def test_a_key_whose_scenarios_are_gone_is_reported_missing(rulecheck, keys, unread, project):
    (game, key), k = next(((gk, k) for gk, k in sorted(keys.items()) if any(s["depends"] for s in k["scenarios"])))
    for s in k["scenarios"]:
        if s["depends"]:
            scenario_file(project, s["scenario"]).unlink()
    code, report = coverage(rulecheck, project / "rules")
    stripped = next(x for x in report["ruleset_keys"]["keys"] if (x["game"], x["key"]) == (game, key))
    assert code == 1 and not report["ok"]
    assert not stripped["depended_on"] and stripped["gap"]
    assert {"ruleset_key": key, "game": game, "gap": stripped["gap"]} in report["gaps"]
    with pytest.raises(AssertionError, match=r"keys no scenario depends on:\s+" + re.escape(f"{game} {key}: ")):
        test_every_key_has_a_scenario_that_depends_on_it(
            {(x["game"], x["key"]): x for x in report["ruleset_keys"]["keys"]}, unread)


def test_a_key_said_to_be_read_by_no_rule_that_a_scenario_reads_is_a_gap(rulecheck, keys, project):
    # Claim that a key some scenario depends on is read by no rule: the check finds verdicts that change.
    (game, key), _ = next(((gk, k) for gk, k in sorted(keys.items())
                           if isinstance(k["default"], int) and any(s["depends"] for s in k["scenarios"])))
    doc_path = project / "rules" / game / "ruleset.doc.json"
    doc = json.loads(doc_path.read_text())
    doc["keys"][key]["read_by_no_rule"] = "a false claim, for this test"
    doc_path.write_text(json.dumps(doc))
    code, report = coverage(rulecheck, project / "rules")
    claimed = next(x for x in report["ruleset_keys"]["keys"] if (x["game"], x["key"]) == (game, key))
    assert code == 1 and claimed["gap"].startswith("said to be read by no rule, yet")
    assert claimed["read_anyway"], claimed
