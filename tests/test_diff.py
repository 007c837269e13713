"""`rulecheck diff`: what an edit of the rulebook changes, checked on the edits an editor would make.

Each expectation below is worked out from the rule texts, by hand, with the arithmetic beside it;
none is read back from rulecheck's own output. Every change's witness scenarios must replay through
`rulecheck run` against the project's own rules (they carry their side's numbers as overrides).
"""
import json
import os
import shutil
import subprocess

import pytest

STACKING_CLAUSES = {"messina.muster.stacking", "messina.muster.stacking.over-limit", "messina.cards.transfer",
                    "messina.cards.capacity"}
# The generated sample is kept small here (the default is 4000 cases per side); the corpus, the proofs,
# the ambiguity search and the solver's probes run in full, except in the tests of an edit that only the
# corpus and the sample are asked about: there --rlimit 0 leaves out the solver's questions (15 to 20 s
# a diff; the tests of points, readings and an edit that changes nothing ask them).
SAMPLE = "600"
CORPUS_AND_SAMPLE = ("--rlimit", "0")


def run_diff(rulecheck, tmp_path, edit, *extra, name="edited.json", flag="--edited"):
    edited = tmp_path / name
    edited.write_text(json.dumps(edit))
    out = tmp_path / "report"
    p = subprocess.run([rulecheck, "diff", flag, str(edited), "--sample", SAMPLE, "--output-dir", str(out), *extra],
                       capture_output=True, text=True, timeout=900)
    assert p.returncode in (0, 1), p.stderr
    report = json.loads((out / "diff.json").read_text())
    return p, report, out


def scenario_change(report, scenario_id):
    for c in report["scenarios"]["changes"]:
        if c["id"] == scenario_id:
            return c
    return None


def units_on(space):
    return sum(n for by_faction in space.get("units", {}).values() for n in by_faction.values())


def assert_witnesses_replay(rulecheck, out):
    witnesses = out / "witnesses"
    files = list(witnesses.glob("*.json"))
    assert files, "a change without a witness"
    # --rulesets any: a witness runs under its side's ruleset, and an edited one is a what-if (docs/rulesets.md).
    p = subprocess.run([rulecheck, "run", str(witnesses), "--rulesets", "any", "--quiet"], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    # Each side's scenario carries that side's numbers: the edited ones differ from the base ones.
    return [json.loads(f.read_text()) for f in files]


def test_map_stacking_limit_5_to_6_makes_a_sixth_unit_legal_and_nothing_else(rulecheck, tmp_path):
    p, report, out = run_diff(rulecheck, tmp_path, {"game": "messina", "stacking_map": 6})
    assert p.returncode == 1
    assert report["edit"]["ruleset"] == [{"key": "/stacking_map", "before": 5, "after": 6}]
    # stacking-six-on-map: 2 civilians + 2 infantry on D1, + 2 infantry = 6: above 5, not above 6.
    c = scenario_change(report, "messina/muster/stacking-six-on-map")
    assert c and c["before"] == {"legal": False, "rule": "messina.muster.stacking"} and c["after"]["legal"]
    # Only the stacking sentence moved: every changed scenario cites a stacking clause on one side.
    for c in report["scenarios"]["changes"]:
        rules = {c["before"].get("rule"), c["after"].get("rule")}
        assert rules & STACKING_CLAUSES, c["id"]
    # The limit is a number in every invariant: none stops or starts holding.
    assert report["proofs"]["changes"] == [] and report["proofs"]["compared"] > 0
    # The solver's smallest muster where the sides differ ends with exactly 6 units on one space.
    musters = [c for c in report["probes"]["changes"] if c["probe"].startswith("muster")]
    assert musters, report["probes"]
    for m in musters:
        base, edited = m["witness"]["base"], m["witness"]["edited"]
        assert base["steps"][0]["expect"]["legal"] is False
        if edited["steps"][0]["expect"]["legal"]:
            after = edited["steps"][0]["expect"]["state"]
            assert max(units_on(s) for s in after["spaces"].values()) == 6
    scenarios = assert_witnesses_replay(rulecheck, out)
    edited_sides = [s for s in scenarios if s["id"].endswith("/edited")]
    assert edited_sides and all(s["ruleset"].get("stacking_map") == 6 for s in edited_sides)
    # over-limit-no-builds: 6 units on a space, a build there. Under 5 the space is over its limit (refused by
    # the over-limit clause); under 6 it is at the limit and a 7th unit breaks the limit itself: refused on
    # both sides, by another clause, so it is kept apart from the changes of legality.
    refused = scenario_change(report, "messina/muster/over-limit-no-builds")
    assert refused["before"]["legal"] is False and refused["after"]["legal"] is False
    assert refused["refusing_clause_only"] is True
    assert scenario_change(report, "messina/muster/stacking-six-on-map")["refusing_clause_only"] is False
    md = (out / "diff.md").read_text(encoding="utf-8")
    outcome = [c for c in report["scenarios"]["changes"] if not c["refusing_clause_only"]]
    assert f"## Scenarios whose legality or outcome changes: {len(outcome)} of " in md
    assert "## Scenarios refused by another clause: " in md
    # No invariant changes: its section says so.
    assert "## Invariants that stop or start holding" in md
    assert md.split("## Invariants that stop or start holding")[1].split("\n\n")[1] == "None."
    html = (out / "diff.html").read_text(encoding="utf-8")
    assert "`messina." not in html  # clause ids as <code>, not Markdown backticks
    # The contradiction search over the literal encoding: 6 on the map and 2 on the card make 8 at one
    # location, against the Location Card page's total of 7 (5 + 2), which the edit leaves as written.
    # None under the base (5 + 2 = 7), found under the edited rules: one change.
    (c,) = report["contradictions"]["changes"]
    assert (c["before"], c["after"]) == ("none", "found")
    assert set(c["clauses"]) == {"messina.cards.capacity", "messina.cards.seven-per-location",
                                 "messina.muster.stacking"}
    assert "limit of 6" in c["note"] and "holds 7 in all" in c["note"]
    (q,) = [q for q in report["questions"] if q["part"] == "contradictions"]
    assert (q["base"], q["edited"], q["decided"]) == ("none", "found", True)
    assert "## Sentences that cannot all hold" in md and "found under the edited rules only" in md
    assert "<code>messina.cards.seven-per-location</code>" in html
    # Without --discovery, the points compared are the declared ones, and the report says so.
    assert report["points"]["literal_search"] is False
    assert not any(q["id"].startswith("messina.literal.") for q in report["questions"])
    assert "--discovery adds the literal search" in p.stdout


def test_card_stacking_limit_2_to_3_makes_a_third_unit_on_a_card_legal(rulecheck, tmp_path):
    p, report, out = run_diff(rulecheck, tmp_path, {"game": "messina", "stacking_card": 3}, *CORPUS_AND_SAMPLE)
    assert p.returncode == 1
    # muster-onto-card-third-unit: a card holding 2, one more built: 3 > 2 but not > 3.
    c = scenario_change(report, "messina/cards/muster-onto-card-third-unit")
    assert c and c["before"]["legal"] is False and c["before"]["rule"] in STACKING_CLAUSES and c["after"]["legal"]
    for c in report["scenarios"]["changes"]:
        assert {c["before"].get("rule"), c["after"].get("rule")} & STACKING_CLAUSES, c["id"]
    # A card with 3 units is not a state under the base rules (a card holds at most 2): the sample finds
    # such states, as one change.
    admitted = [c for c in report["sample"]["changes"] if c["before"] == "not a state"]
    assert len(admitted) == 1 and admitted[0]["after"] == "a state"
    assert_witnesses_replay(rulecheck, out)


def test_consumption_per_token_instead_of_per_two_tokens_doubles_the_bill(rulecheck, tmp_path):
    p, report, out = run_diff(rulecheck, tmp_path, {"game": "messina", "tokens_per_food_and_water": 1}, *CORPUS_AND_SAMPLE)
    assert p.returncode == 1
    # odd-count-5-tokens: P = 5; per 2 tokens the bill is ceil(5/2) = 3 F and 3 W (food 3 -> 0, water
    # 4 -> 1); per token it is 5 F and 5 W, more than the 3 food there is, so that outcome is gone.
    c = scenario_change(report, "messina/consumption/odd-count-5-tokens")
    assert c
    before = c["before"]["state"]["factions"]["UE"]["resources"]
    assert (before.get("food", 0), before.get("water", 0)) == (0, 1)
    if c["after"].get("legal"):
        after = c["after"]["state"]["factions"]["UE"]
        assert after.get("resources", {}).get("food", 0) == 0
        assert after["population"] != {"disaffected": 0, "spare": 2, "located": 3}
    # The bill is the consumption page's arithmetic: nothing outside it changes.
    for c in report["scenarios"]["changes"]:
        assert c["id"].startswith("messina/consumption/") or "consume" in json.dumps(c["witness"]["base"]), c["id"]
    assert_witnesses_replay(rulecheck, out)


def test_a_hand_limit_of_4_changes_which_discards_are_right(rulecheck, tmp_path):
    p, report, out = run_diff(rulecheck, tmp_path, {"game": "messina", "hand_limit": 4}, *CORPUS_AND_SAMPLE)
    assert p.returncode == 1
    # hand-limit-five-discard-one: 5 held; excess max(0, 5 - 5) = 0, so no discard (illegal); under 4
    # the excess is 5 - 4 = 1: discarding one is right.
    c = scenario_change(report, "messina/cards/hand-limit-five-discard-one")
    assert c and c["before"] == {"legal": False, "rule": "messina.cards.hand-limit"} and c["after"]["legal"]
    # hand-limit-six-discard-one: excess 6 - 5 = 1 (legal); under 4 it is 2, one discard is too few.
    c = scenario_change(report, "messina/cards/hand-limit-six-discard-one")
    assert c and c["before"]["legal"] and c["after"] == {"legal": False, "rule": "messina.cards.hand-limit"}
    for c in report["scenarios"]["changes"]:
        assert "end-exploration" in json.dumps(c["witness"]["base"] or c["witness"]["edited"]), c["id"]
    assert_witnesses_replay(rulecheck, out)


def test_scythe_popularity_loss_of_2_per_worker_doubles_the_loss(rulecheck, tmp_path):
    p, report, out = run_diff(rulecheck, tmp_path, {"game": "scythe", "popularity_loss_per_worker": 2}, *CORPUS_AND_SAMPLE)
    assert p.returncode == 1
    # mech-forces-one-worker-out: red at 5 forces 1 blue worker out: 5 - 1 = 4, or 5 - 2 = 3.
    c = scenario_change(report, "scythe/move/mech-forces-one-worker-out")
    assert c and c["before"]["state"]["factions"]["red"]["popularity"] == 4
    assert c["after"]["state"]["factions"]["red"]["popularity"] == 3
    # character-forces-three-workers-out: red at 10, 3 workers: 10 - 3 = 7, or 10 - 6 = 4.
    c = scenario_change(report, "scythe/move/character-forces-three-workers-out")
    assert c and c["before"]["state"]["factions"]["red"]["popularity"] == 7
    assert c["after"]["state"]["factions"]["red"]["popularity"] == 4
    # Only popularity moves: the next states differ in a popularity and nothing else.
    for c in report["scenarios"]["changes"]:
        assert c["before"]["legal"] and c["after"]["legal"], c["id"]
        before, after = c["before"]["state"], c["after"]["state"]
        assert {k: v for k, v in before.items() if k != "factions"} == {k: v for k, v in after.items() if k != "factions"}
        for f in before["factions"]:
            b, a = dict(before["factions"][f]), dict(after["factions"][f])
            b.pop("popularity", None)
            a.pop("popularity", None)
            assert a == b, c["id"]
    assert_witnesses_replay(rulecheck, out)


def test_points_a_high_tech_threshold_of_4_stops_the_shield_reading_mattering_and_3_starts_it(rulecheck, tmp_path):
    # messina.shield-high-tech asks whether the high-tech placement rule (builds of high_tech_min_cost
    # E or more) binds Shields. A Shield costs 3 E to build and 3 E to upgrade: at a threshold of 4 no
    # Shield operation reaches it, so both readings give the same outcome everywhere (the point stops
    # mattering); back at 3 a 3 E Shield is at the threshold and they differ again (it starts).
    # messina.high-tech-home (may a consenting ally's Home Space take a high-tech build) keeps
    # mattering at 4: a Mech costs 5 E, still at least 4. Fighters and Bombers (3 E) stop being high
    # tech, so building one away from a Home Space or Utility becomes legal.
    p, report, out = run_diff(rulecheck, tmp_path, {"game": "messina", "high_tech_min_cost": 4})
    assert p.returncode == 1
    points = {c["point"]: c for c in report["points"]["changes"]}
    assert set(points) == {"messina.shield-high-tech"}, points.keys()
    assert points["messina.shield-high-tech"]["before"] == "matters"
    assert points["messina.shield-high-tech"]["after"] == "no witness"
    # The witness is the base side's: one scenario per reading, with different outcomes.
    outcomes = [s["scenario"]["steps"][0]["expect"] for s in points["messina.shield-high-tech"]["scenarios"]]
    assert len(outcomes) == 2 and outcomes[0] != outcomes[1]
    c = scenario_change(report, "messina/muster/fighter-at-plain-friendly-space")
    assert c and c["before"] == {"legal": False, "rule": "messina.muster.high-tech"} and c["after"]["legal"]
    probes = {c["probe"]: c for c in report["probes"]["changes"]}
    for unit in ("fighter", "bomber"):
        witness = probes[f"muster.build-{unit}"]["witness"]
        assert witness["base"]["steps"][0]["expect"] == {"legal": False, "rule": "messina.muster.high-tech"}
        assert witness["edited"]["steps"][0]["expect"]["legal"] is True
    assert "muster.build-mech" not in probes  # 5 E: high tech under both thresholds
    assert report["proofs"]["changes"] == []
    assert_witnesses_replay(rulecheck, out)

    back = tmp_path / "back"
    back.mkdir()
    base = back / "threshold-4.json"
    base.write_text(json.dumps({"game": "messina", "high_tech_min_cost": 4}))
    p, report, out = run_diff(rulecheck, back, {"game": "messina", "high_tech_min_cost": 3}, "--base", str(base))
    assert p.returncode == 1
    assert report["edit"]["ruleset"] == [{"key": "/high_tech_min_cost", "before": 4, "after": 3}]
    points = {c["point"]: c for c in report["points"]["changes"]}
    assert set(points) == {"messina.shield-high-tech"}
    assert (points["messina.shield-high-tech"]["before"], points["messina.shield-high-tech"]["after"]) == \
        ("no witness", "matters")
    assert_witnesses_replay(rulecheck, out)


@pytest.mark.parametrize("edit", [{"game": "messina", "stacking_map": 5}, {"game": "scythe"}])
def test_an_edit_that_changes_nothing_reports_nothing(rulecheck, tmp_path, edit):
    # With --discovery the literal search for new findings runs on both sides too (Messina has one).
    p, report, out = run_diff(rulecheck, tmp_path, edit, "--discovery")
    assert p.returncode == 0, p.stdout
    assert "UNCHANGED" in p.stdout
    assert report["changed"] is False and report["changes"] == 0
    assert report["scenarios"]["compared"] > 0 and report["proofs"]["compared"] > 0
    for part in ("scenarios", "sample", "proofs", "points", "probes", "contradictions"):
        assert report[part]["changes"] == [], part
    assert not list((out / "witnesses").glob("*.json"))
    assert report["points"]["literal_search"] is True
    literal = [q for q in report["questions"] if q["id"].startswith(edit["game"] + ".literal.")]
    contradictions = [q for q in report["questions"] if q["part"] == "contradictions"]
    assert literal and all(q["base"] == q["edited"] for q in literal), literal  # both games have a discovery search
    assert [(q["base"], q["edited"]) for q in contradictions] == [("none", "none")]
    # Messina's literal step kinds and the filled location; Scythe's 9 step kinds and the forced retreat.
    assert report["contradictions"]["probes"] >= (14 if edit["game"] == "messina" else 10)


def test_a_change_of_default_reading_is_witnessed_under_that_reading(rulecheck, tmp_path):
    # messina.card-hostility: by default only an exposed card held by an opponent makes its space
    # hostile; under "held" a hidden one does too, so some hostility answer changes. The solver's
    # hostility probe finds the smallest such board: a face-down card an opponent holds, nothing else
    # opposing there (600 generated cases seldom hold one, so the sample is not asked to).
    p, report, out = run_diff(rulecheck, tmp_path, {"game": "messina", "readings": {"messina.card-hostility": "held"}},
                              name="readings.json", flag="--readings")
    assert p.returncode == 1
    assert report["edit"]["readings"] == [{"point": "messina.card-hostility", "before": "exposed-only", "after": "held"}]
    assert report["edit"]["ruleset"] == []
    (hostile,) = [c for c in report["probes"]["changes"] if c["probe"] == "query.hostile"]
    base, edited = hostile["witness"]["base"], hostile["witness"]["edited"]
    assert base["steps"][0]["expect"]["result"] is False and edited["steps"][0]["expect"]["result"] is True
    assert edited["interpretations"] == {"messina.card-hostility": "held"} and base["interpretations"] == {}
    at = edited["steps"][0]["query"]["at"]
    card = edited["state"]["cards"][at]
    assert card["exposed"] is False and card["holder"] != edited["steps"][0]["query"]["faction"]
    scenarios = assert_witnesses_replay(rulecheck, out)
    assert any(s["id"] == edited["id"] for s in scenarios)


def test_an_unknown_number_is_refused_naming_the_file_and_the_key(rulecheck, tmp_path):
    edited = tmp_path / "typo.json"
    edited.write_text(json.dumps({"game": "messina", "stacking_mapp": 6}))
    p = subprocess.run([rulecheck, "diff", "--edited", str(edited)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert "typo.json" in p.stderr and "stacking_mapp" in p.stderr


def rule_texts(root):
    """The rule texts ($RULECHECK_RULE_TEXTS, else ../shared/rules beside the project), or a skip."""
    texts = os.environ.get("RULECHECK_RULE_TEXTS") or str(root.parent / "shared" / "rules")
    if not os.path.isdir(texts):
        pytest.skip(f"no rule texts at {texts} (set RULECHECK_RULE_TEXTS): the text edits need them")
    return texts


def test_a_text_edit_lists_what_rests_on_the_changed_clause_and_whether_it_passes(rulecheck, root, tmp_path):
    edited = tmp_path / "texts"
    shutil.copytree(rule_texts(root), edited)
    muster = edited / "messina-muster-phase.txt"
    words = muster.read_text(encoding="utf-8")
    # The stacking sentence's map limit, 5 -> 6 (one number in one paragraph).
    assert words.count("(5 Units per map-space") == 1
    muster.write_text(words.replace("(5 Units per map-space", "(6 Units per map-space"), encoding="utf-8")
    p = subprocess.run([rulecheck, "diff", "--text", str(edited), "--format", "json"], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 1, p.stderr
    report = json.loads(p.stdout)
    by_id = {c["id"]: c for c in report["clauses"]}
    # That paragraph holds the stacking clauses and nothing else changed.
    assert "messina.muster.stacking" in by_id
    assert {c["text_file"] for c in report["clauses"]} == {"messina-muster-phase.txt"}
    assert all(c["drift"] == "CHANGED" for c in report["clauses"])
    stacking = by_id["messina.muster.stacking"]
    scenarios = {s["name"]: s for s in stacking["scenarios"]}
    # The scenario that rests on the old limit (4 + 2 = 6 > 5) is listed, and still passes the code.
    six = scenarios["scenarios/messina/muster/stacking-six-on-map.json"]
    assert six["verdict"] == "pass" and "allowed" in six["detail"]
    assert any(p["name"] == "messina.stacking.map-limit" for p in stacking["proofs"])
    assert any(s["name"].startswith("solver/messina/muster.cpp:") for s in stacking["solver_code"])
    assert any(s["name"].startswith("oracle/messina/muster.cpp:") for s in stacking["oracle_code"])
    # The words before and after, whole: they differ exactly where the edit is.
    before, after = stacking["old_text"], stacking["new_text"]
    assert "(5 Units per map-space" in before and before.replace("(5 Units", "(6 Units") == after
    # The ruleset key that says the new words, with the value they give (5 -> 6) and the command to try.
    keys = {e["name"]: e for e in stacking["expressions"] if e["kind"] == "ruleset"}
    assert keys["stacking_map"]["now"] == "5" and keys["stacking_map"]["to"] == "6"
    assert json.loads(keys["stacking_map"]["file"]) == {"game": "messina", "stacking_map": 6}
    assert "rulecheck diff --edited" in keys["stacking_map"]["command"]
    for c in report["clauses"]:
        assert c["encoding_must_change"] == (c["expressions"] == [])
    out = tmp_path / "out"
    p = subprocess.run([rulecheck, "diff", "--text", str(edited), "--output-dir", str(out), "--rlimit", "0"],
                       capture_output=True, text=True, timeout=600)
    html = (out / "diff-text.html").read_text(encoding="utf-8")
    assert "<del>(5</del>" in html and "<ins>(6</ins>" in html
    assert "could be said by" in p.stdout and '"stacking_map":6' in p.stdout


def test_an_untouched_copy_of_the_texts_reports_nothing(rulecheck, root, tmp_path):
    edited = tmp_path / "texts"
    shutil.copytree(rule_texts(root), edited)
    p = subprocess.run([rulecheck, "diff", "--text", str(edited)], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout
    assert "UNCHANGED" in p.stdout
