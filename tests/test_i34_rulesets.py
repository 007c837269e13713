"""Rulesets the game produces (issue 34, item 2; docs/rulesets.md, "The game's rulesets").

By default `run` and `fuzz` keep to the rulesets a game can have (rules/<game>/ruleset.doc.json,
"produced": Scythe's move ranges 1/1/1 and Speed's 2/2/1, 2 or 3 units per Move; every other key at
its default); `--rulesets any` runs and draws the others too (a rulebook editor's what-ifs).

    pytest tests/test_i34_rulesets.py --rulecheck=build/cli/rulecheck --root=.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest

SKIP = "ruleset not one the game produces (run with --rulesets any)"
GAME_RANGES = ({"character": 1, "mech": 1, "worker": 1}, {"character": 2, "mech": 2, "worker": 1})


def records(output):
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def run(rulecheck, root, *args):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], capture_output=True, text=True,
                          timeout=300)


def fuzz_log(rulecheck, root, tmp_path, *args):
    """The rulesets a fuzz run of 400 cases sent (tests/engines/speed_only.py logs each request)."""
    log = tmp_path / "requests.jsonl"
    engine = f"{sys.executable} {root / 'tests' / 'engines' / 'speed_only.py'} --log {log}"
    p = run(rulecheck, root, "fuzz", "--engine", engine, "--seed", "5", "--cases", "400", "--format", "jsonl",
            "--save-dir", str(tmp_path / "found"), *args)
    assert p.returncode in (0, 1), p.stderr
    summary = [r for r in records(p.stdout) if r.get("type") == "summary"][-1]
    return [json.loads(line) for line in log.read_text().splitlines()], summary


def game_defaults(root, game):
    return json.loads((root / "rules" / game / "ruleset.json").read_text())


def test_a_default_fuzz_run_draws_only_the_rulesets_the_game_produces(rulecheck, root, tmp_path):
    # Without the restriction the generators draw ranges such as 3/1/1 and Messina numbers off their
    # printed values: this fails naming the first such ruleset.
    sent, summary = fuzz_log(rulecheck, root, tmp_path)
    assert summary["ruleset"] == "a share sampled among those the game produces (--rulesets game)"
    assert summary["unsupported"] == 0, summary["errors"]
    scythe = game_defaults(root, "scythe")
    messina = game_defaults(root, "messina")
    seen_speed = seen_upgraded = False
    for r in sent:
        ruleset = r["ruleset"]
        if r["game"] == "messina":
            assert ruleset == messina, ruleset
            continue
        assert ruleset["move_range"] in GAME_RANGES, ruleset
        assert ruleset["units_per_move"] in (2, 3), ruleset
        for key in ("popularity_min", "popularity_max", "popularity_loss_per_worker"):
            assert ruleset[key] == scythe[key], ruleset
        seen_speed |= ruleset["move_range"] == GAME_RANGES[1]
        seen_upgraded |= ruleset["units_per_move"] == 3
    # ... and it does sample them: Speed and the upgraded Move both come up.
    assert seen_speed and seen_upgraded
    assert summary["sampled_rulesets"] > 0
    # Coverage: a key the game never varies is not reachable in such a run, saying why; not "unreached".
    report = summary["coverage"]
    item = "ruleset key with a non-default value: messina stacking_map"
    assert item not in report["unreached"]
    why = {i["item"]: i["why"] for i in report["not_reachable"]}
    assert "--rulesets any draws it" in why[item]
    assert "ruleset key with a non-default value: scythe move_range.worker" in why


def test_fuzz_rulesets_any_draws_other_combinations(rulecheck, root, tmp_path):
    # With --rulesets any ignored (or the default kept), no other combination would be sent.
    sent, summary = fuzz_log(rulecheck, root, tmp_path, "--rulesets", "any")
    assert summary["ruleset"] == "a share sampled among any the rules leave open (--rulesets any)"
    scythe_other = [r["ruleset"]["move_range"] for r in sent
                    if r["game"] == "scythe" and r["ruleset"]["move_range"] not in GAME_RANGES]
    messina_other = [r for r in sent if r["game"] == "messina" and r["ruleset"] != game_defaults(root, "messina")]
    assert scythe_other and messina_other
    # The Speed-only engine answers those "unsupported": counted apart, never failed.
    assert summary["unsupported"] > 0 and summary["failed"] == 0


def test_a_default_corpus_run_skips_the_what_ifs_with_the_reason(rulecheck, root):
    # Without the skip, the per-unit range scenario runs (and passes on the oracle): no skipped case.
    what_if = root / "scenarios" / "scythe" / "move" / "ruleset-character-range-two.json"
    speed = root / "scenarios" / "scythe" / "move" / "range-exceeded-override-mech.json"
    p = run(rulecheck, root, "run", str(what_if), str(speed), "--format", "jsonl")
    assert p.returncode == 0, p.stderr
    cases = {Path(c["file"]).name: c for c in records(p.stdout) if c.get("type") == "case"}
    skipped = cases[what_if.name]
    assert skipped["verdict"] == "skipped" and skipped["skip_reason"] == SKIP
    assert skipped["message"] == (f"{SKIP}: move_range 2/1/1 for character/mech/worker "
                                  "(the game's: 1/1/1, 2/2/1)"), skipped["message"]
    assert cases[speed.name]["verdict"] == "pass"  # Speed is the game's
    console = run(rulecheck, root, "run", str(what_if))
    assert SKIP in console.stdout and console.returncode == 0
    every = run(rulecheck, root, "run", str(what_if), "--rulesets", "any", "--format", "jsonl")
    assert [c["verdict"] for c in records(every.stdout) if c.get("type") == "case"] == ["pass"]


def test_a_default_run_skips_on_every_target_and_names_a_messina_what_if(rulecheck, root, tmp_path):
    scenario = json.loads((root / "scenarios" / "scythe" / "move" / "ruleset-character-range-two.json").read_text())
    scenario["id"] = "tmp/messina-like-what-if"
    scenario["ruleset"] = {"popularity_loss_per_worker": 2}
    f = tmp_path / "what-if.json"
    f.write_text(json.dumps(scenario))
    engine = f"{sys.executable} {root / 'tests' / 'engines' / 'speed_only.py'}"
    p = run(rulecheck, root, "run", str(f), "--engine", engine, "--format", "jsonl")
    cases = [c for c in records(p.stdout) if c.get("type") == "case"]
    assert [c["target"] for c in cases] == ["oracle", "speed-only"]
    for c in cases:
        assert c["verdict"] == "skipped"
        assert c["message"] == f"{SKIP}: popularity_loss_per_worker 2 (the game's: 1)"


def test_every_scenario_runs_under_rulesets_any_and_the_what_ifs_are_those_off_the_game(rulecheck, root):
    # The corpus on the oracle with --rulesets any: nothing skipped. By default, exactly the
    # scenarios whose ruleset is off the game's are skipped: recomputed here from the data files.
    produced = {}
    for game in ("scythe", "messina"):
        doc = json.loads((root / "rules" / game / "ruleset.doc.json").read_text())
        produced[game] = doc["produced"]

    def leaves(value, prefix=""):
        out = {}
        for k, v in value.items():
            if not prefix and k in ("game", "note"):
                continue
            if isinstance(v, dict):
                out.update(leaves(v, prefix + k + "."))
            else:
                out[prefix + k] = v
        return out

    def is_the_games(game, overrides):
        merged = leaves(game_defaults(root, game))
        defaults = dict(merged)
        merged.update(leaves(overrides))
        grouped = set()
        for group in produced[game]:
            grouped |= set(group["keys"])
            if [merged[k] for k in group["keys"]] not in group["combinations"]:
                return False
        return all(merged[k] == defaults[k] for k in merged if k not in grouped)

    expected = set()
    for path in sorted((root / "scenarios").rglob("*.json")):
        if "schema" in path.parts:
            continue
        doc = json.loads(path.read_text())
        if not is_the_games(doc["game"], doc.get("ruleset", {})):
            expected.add(doc["id"])
    assert len(expected) > 0
    default = run(rulecheck, root, "run", str(root / "scenarios"), "--format", "jsonl")
    assert default.returncode == 0, default.stderr[-2000:]
    cases = [c for c in records(default.stdout) if c.get("type") == "case"]
    assert {c["id"] for c in cases if c["verdict"] == "skipped"} == expected
    assert all(c["skip_reason"] == SKIP for c in cases if c["verdict"] == "skipped")
    every = run(rulecheck, root, "run", str(root / "scenarios"), "--rulesets", "any", "--format", "jsonl")
    assert every.returncode == 0, every.stderr[-2000:]
    assert {c["verdict"] for c in records(every.stdout) if c.get("type") == "case"} == {"pass"}


@pytest.mark.parametrize("command", ["run", "fuzz"])
def test_a_bad_rulesets_value_is_a_usage_error(rulecheck, root, command):
    args = ["run", str(root / "scenarios" / "scythe")] if command == "run" else ["fuzz", "--engine", "true"]
    p = run(rulecheck, root, *args, "--rulesets", "some")
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert "--rulesets" in p.stderr and "some" in p.stderr


@pytest.mark.parametrize("command", ["run", "fuzz"])
def test_help_explains_rulesets(rulecheck, root, command):
    p = run(rulecheck, root, command, "--help")
    text = " ".join(p.stdout.split())
    assert "--rulesets" in text and "2/2/1" in text and "what-ifs" in text


@pytest.mark.parametrize("change, says", [
    (lambda g: g.__setitem__("combinations", [[2, 2, 1]]), "the defaults 1/1/1 are not among the combinations"),
    (lambda g: g.__setitem__("combinations", [[1, 1, 1], [2, 2]]), "a combination gives one value per key: 3 here"),
    (lambda g: g.__setitem__("keys", ["move_range.character", "move_range.mech", "move_range.horse"]),
     "\"move_range.horse\" is not a key of rules/scythe/ruleset.json"),
    (lambda g: g.__setitem__("combinations", [[1, 1, 1], [9, 2, 1]]), "the game's ruleset reader refuses it"),
])
def test_a_bad_table_of_the_games_rulesets_is_refused_naming_the_file(rulecheck, root, tmp_path, change, says):
    # Without the checks a table without the defaults would skip every scenario, and a bad key or
    # combination would be read as no combination at all.
    rules = tmp_path / "rules"
    subprocess.run(["cp", "-r", str(root / "rules"), str(rules)], check=True)
    doc_file = rules / "scythe" / "ruleset.doc.json"
    doc = json.loads(doc_file.read_text())
    change(doc["produced"][0])
    doc_file.write_text(json.dumps(doc))
    p = subprocess.run([rulecheck, "--rules", str(rules), "run", str(root / "scenarios" / "scythe" / "move")],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 3, (p.returncode, p.stderr)
    assert f"{doc_file}: " in p.stderr and says in p.stderr and "/produced/0/" in p.stderr, p.stderr
