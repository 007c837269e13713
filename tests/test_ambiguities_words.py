"""`rulecheck ambiguities` in the rulebook's words: every witness board is one play can reach and
shows what its note says; each finding quotes its paragraphs from the rule texts (read here from the
texts at test time, never stored in the project) or, without them, gives the paraphrase and says how
to give the texts; the default reading is marked and each reading explained as interpretations.json
has it; outcomes are in game terms with before and after values; the HTML draws each board.

    pytest -p no:cacheprovider tests/test_ambiguities_words.py --rulecheck=PATH --root=PATH
"""
import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest
from shared_runs import shared_run


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)


def texts_dir(root):
    return (root / ".." / "shared" / "rules").resolve()


@pytest.fixture(scope="module")
def report(rulecheck, root, tmp_path_factory):
    out = tmp_path_factory.mktemp("words")
    env = dict(os.environ)
    env.pop("RULECHECK_RULE_TEXTS", None)
    # the same run as test_solver_ambiguities_cli.py's and test_designer_report.py's: made once under ctest (conftest.py)
    p = shared_run(rulecheck, root, "ambiguities", ["--rules", str(root / "rules"), "ambiguities", "--format", "json",
                                                    "--output-dir", "{out}"], out, env=env)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    return out, doc, {f["point"]: f for f in doc["findings"]}


def ruleset(root, game):
    return json.loads((root / "rules" / game / "ruleset.json").read_text(encoding="utf-8"))


def points(root, game):
    doc = json.loads((root / "rules" / game / "interpretations.json").read_text(encoding="utf-8"))
    return {p["id"]: p for p in doc["points"]}


def board(finding):
    s = finding["scenarios"][0]["scenario"]
    step = s["steps"][0]
    return s["state"], step.get("action") or step.get("query")


def units_at(space):
    return sum(n for per in space.get("units", {}).values() for n in per.values())


# ---------------------------------------------------------------------------------------------
# Every witness board is reachable in play, and says what its note says.

def test_every_witness_board_is_one_play_can_reach(report, rulecheck, root):
    out, doc, _ = report
    files = sorted(out.glob("*.json"))
    # a new finding of the literal search is written for the outcome the oracle gives today only
    written = [s for f in doc["findings"] for s in f["scenarios"]
               if not f["new"] or s["reading"] == f.get("oracle_today")]
    assert len(files) == len(written)
    p = run([rulecheck, "--rules", str(root / "rules"), "validate", "--reachable", *map(str, files)])
    assert p.returncode == 0, p.stdout + p.stderr
    assert "0 with a problem" in p.stdout and "0 marked unreachable" in p.stdout


def test_no_board_has_a_battle_unless_its_step_is_about_one(report):
    _, doc, _ = report
    for f in doc["findings"]:
        state, step = board(f)
        about_battle = step.get("when") == "home-defence" or step.get("type") == "tie-break"
        assert "battle" not in state or about_battle, f["point"]


# Each point's note, its claims checked against the board (read by hand from the note's words; the
# numbers from the ruleset). A check returns nothing; it asserts.
def messina_checks(rs):
    def consumption_bill(s, a):
        red = s["factions"]["Red"]
        assert red["population"].get("disaffected", 0) >= 1
        assert red.get("resources", {}).get("food", 0) == 0 and red.get("resources", {}).get("water", 0) == 0

    def step3_card_units(s, a):
        red = s["factions"]["Red"]
        assert red["population"].get("located", 0) == 1  # the only Located token ...
        card = a["disband"][0]["card"]
        assert s["cards"][card]["holder"] == "Red" and sum(s["cards"][card]["units"].values()) == 1  # ... on its card
        assert not any(s["spaces"][x].get("units", {}).get("Red") for x in s["spaces"])

    def stacking_scope(s, a):
        at = a["builds"][0]["at"]
        assert a["builds"][0]["unit"] == "infantry" and at in s["factions"]["Red"]["home"]
        units = s["spaces"][at]["units"]
        assert units_at(s["spaces"][at]) == rs["stacking_map"]  # the limit is full ...
        assert any(f != "Red" and sum(u.values()) > 0 for f, u in units.items())  # ... with other factions' units
        assert sum(units.get("Red", {}).values()) < rs["stacking_map"]

    def shield_high_tech(s, a):
        at = a["shields"][0]["at"]
        assert rs["shield_build_cost"] >= rs["high_tech_min_cost"]
        homes_of_allies = [f for f, x in s["factions"].items() if at in x["home"] and
                           (f == "Red" or "muster" in x.get("consents", {}).get("Red", []))]
        assert homes_of_allies == [] and not s["spaces"][at].get("utilities")

    def build_disband(s, a):
        at = a["equip"][0]["at"]
        assert a["equip"][0]["count"] == 1 and a["disband"][0] == {"at": at, "count": 1, "unit": "civilian"}
        assert s["spaces"][at]["units"]["Red"]["civilian"] >= 2
        assert s["factions"]["Red"]["resources"]["energy"] >= rs["equip_cost"]

    def equip_built_civilians(s, a):
        # "Red builds one Civilian at A, where it has no Civilian yet, and equips one Civilian there (1E)"
        at = a["builds"][0]["at"]
        assert a["builds"] == [{"at": at, "unit": "civilian", "count": 1}] or a["builds"] == [{"at": at, "unit": "civilian"}]
        assert a["equip"] == [{"at": at, "count": 1}]
        assert s["spaces"][at].get("units", {}).get("Red", {}).get("civilian", 0) == 0
        assert s["factions"]["Red"]["resources"]["energy"] >= rs["units"]["civilian"]["cost"] + rs["equip_cost"]

    def disband_built_units(s, a):
        # "Red builds one Civilian at A, where it has no Civilian yet, and disbands one Civilian there"
        at = a["builds"][0]["at"]
        assert a["builds"] in ([{"at": at, "unit": "civilian", "count": 1}], [{"at": at, "unit": "civilian"}])
        assert a["disband"] in ([{"at": at, "unit": "civilian", "count": 1}], [{"at": at, "unit": "civilian"}])
        assert s["spaces"][at].get("units", {}).get("Red", {}).get("civilian", 0) == 0
        assert s["factions"]["Red"].get("resources", {}).get("energy", 0) >= rs["units"]["civilian"]["cost"]

    def shield_upgrade_area(s, a):
        # Red upgrades its own Shield in a space outside its Friendly Area (cut off, or hostile).
        at = a["shields"][0]["at"]
        assert a["shields"][0]["op"] == "upgrade"
        assert s["spaces"][at]["shield"]["owner"] == "Red"
        assert at not in s["factions"]["Red"]["home"]
        assert s["factions"]["Red"]["resources"]["energy"] >= rs["shield_upgrade_cost"]

    def over_limit_card(s, a):
        card = a["builds"][0]["card"]
        assert units_at(s["spaces"][card]) == rs["stacking_map"] + 1
        assert s["cards"][card]["holder"] == "Red"
        assert rs["stacking_card"] - sum(s["cards"][card].get("units", {}).values()) == 2

    def shield_consent(s, a):
        at = a["shields"][0]["at"]
        blue = s["factions"]["Blue"]
        consents = set(blue.get("consents", {}).get("Red", []))
        assert len(consents & {"muster", "build"}) == 1  # one of the two, not both
        assert not s["spaces"][at].get("units", {}).get("Red") and at not in s["factions"]["Red"]["home"]

    def high_tech_home(s, a):
        at = a["builds"][0]["at"]
        unit = a["builds"][0]["unit"]
        assert rs["units"][unit]["cost"] >= rs["high_tech_min_cost"]
        assert at in s["factions"]["Blue"]["home"] and at not in s["factions"]["Red"]["home"]
        assert "muster" in s["factions"]["Blue"]["consents"]["Red"] and not s["spaces"][at].get("utilities")

    def shield_per_space(s, a):
        at = a["shields"][0]["at"]
        assert at in s["factions"]["Red"]["home"]
        assert s["spaces"][at]["shield"] == {"level": 1, "owner": "Blue"}

    def card_hostility(s, q):
        at = q["at"]
        assert s["cards"][at] == {"exposed": False, "holder": "Blue"}
        assert not s["spaces"][at].get("units", {}).get("Blue") and not s["spaces"][at].get("utilities")

    def friendly_area_extent(s, q):
        home = s["factions"]["Red"]["home"]
        assert len(home) == 1
        nxt = s["spaces"][home[0]]["adjacent"]
        assert any(units_at(s["spaces"][x]) == 0 and not s["spaces"][x].get("utilities") for x in nxt)

    def home_space_anchor(s, q):
        home = s["factions"]["Red"]["home"]
        assert len(home) == 1 and not s["spaces"][home[0]].get("units") and not s["spaces"][home[0]].get("utilities")

    def hostile_workers(s, q):
        space = s["spaces"][q["at"]]
        assert space["utilities"] == [{"owner": "Blue", "workers": 1}] and not space.get("units")

    def civilian_consent(s, a):
        at = a["placements"][0]["at"]
        assert a["when"] == "before-orders" and a["placements"][0]["unit"] == "civilian"
        assert s["spaces"][at]["units"].get("Blue") and not s["spaces"][at]["units"].get("Red")
        assert len(set(s["factions"]["Blue"]["consents"]["Red"]) & {"muster", "civilians"}) == 1

    def card_in_area(s, a):
        card = a["placements"][0]["card"]
        assert s["cards"][card]["holder"] == "Red" and a["when"] == "before-orders"
        # Outside the Friendly Area: no chain of spaces where Red stands joins it to a Red home.
        homes = set(s["factions"]["Red"]["home"])
        reach, todo = set(homes), list(homes)
        while todo:
            for n in s["spaces"][todo.pop()].get("adjacent", []):
                if n not in reach and s["spaces"][n].get("units", {}).get("Red"):
                    reach.add(n)
                    todo.append(n)
        assert card not in reach

    def worker_utility(s, a):
        pl = a["placements"][0]
        assert a["when"] == "industry" and pl["unit"] == "worker" and pl["utility"] == "Blue" and pl["from"] == "spare"
        assert "workers" in s["factions"]["Blue"]["consents"]["Red"]

    def home_defence_spare(s, a):
        at = a["placements"][0]["at"]
        assert s["battle"] == at and at in s["factions"]["Red"]["home"]
        assert s["factions"]["Red"]["population"].get("spare", 0) == 0
        assert s["factions"]["Red"]["population"]["disaffected"] == 1

    def civilian_stacking(s, a):
        at = a["placements"][0]["at"]
        assert units_at(s["spaces"][at]) == rs["stacking_map"] and a["when"] == "before-orders"

    def hand_limit_discard(s, a):
        held = [c for c, x in s["cards"].items() if x.get("holder") == "Red"]
        assert held == a["discard"] and len(held) == 1 < rs["hand_limit"]

    def discard_emptying(s, a):
        held = [c for c, x in s["cards"].items() if x.get("holder") == "Red"]
        assert len(held) == rs["hand_limit"] + 1
        card = a["discard"][0]
        assert sum(s["cards"][card]["units"].values()) >= 1 and units_at(s["spaces"][card]) == rs["stacking_map"]

    def tie_break_ally(s, q):
        holder = s["cards"][q["at"]]["holder"]
        assert holder not in q["sides"]
        military = [side for side in q["sides"]
                    if "military" in s["factions"][holder].get("consents", {}).get(side, [])]
        assert len(military) == 1

    def action_moments(s, a):
        card = s["cards"][a["card"]]
        assert card["holder"] == "Red" and card["exposed"] is True and not card.get("units")
        assert a["type"] == "hide" and s["phase"] in ("industry", "exploration-end")

    return {k.replace("_", "-"): v for k, v in locals().items() if callable(v)}


def scythe_checks(rs):
    def vacated_workers(s, a):
        mech, worker = a["moves"]
        assert mech["unit"] == "mech" and worker["unit"] == "worker" and mech["path"] == worker["path"]
        assert s["territories"][mech["path"][-1]]["units"] == {"blue": {"worker": 1}}

    def stop_path(s, a):
        path = a["moves"][0]["path"]
        assert len(path) == 2 and s["territories"][path[0]].get("encounter")  # a stop before the path ends

    def carried_workers(s, a):
        ride, walk = a["moves"]
        assert ride["carry"] == {"worker": 1} and walk["unit"] == "worker" and walk["from"] == ride["path"][-1]
        assert not s["territories"][walk["from"]].get("units")  # only the rider will be there

    def units_per_move(s, a):
        assert len(a["moves"]) == 3 and rs["units_per_move"] == 2

    def worker_blocking(s, a):
        frm = a["moves"][0]["from"]
        t = s["territories"][frm]
        assert t["held_by"] == "red" and frm in s["pending"]["combats"]
        assert t["units"]["red"] == {"worker": 1}
        assert t["units"]["blue"].get("mech", 0) + t["units"]["blue"].get("character", 0) >= 1

    return {k.replace("_", "-"): v for k, v in locals().items() if callable(v)}


def test_every_witness_board_shows_what_its_note_says(report, root):
    _, doc, by_point = report
    checks = {f"messina.{k}": v for k, v in messina_checks(ruleset(root, "messina")).items()}
    checks.update({f"scythe.{k}": v for k, v in scythe_checks(ruleset(root, "scythe")).items()})
    declared = set(points(root, "messina")) | set(points(root, "scythe"))
    assert declared <= set(checks), sorted(declared - set(checks))
    # A point play cannot raise (its readings part on no board a Move starts from) has no witness to check.
    assert set(doc["missed"]) == {"scythe.worker-blocking"}
    for point, check in checks.items():
        if point in doc["missed"]:
            assert point not in by_point
            continue
        state, step = board(by_point[point])
        check(state, step)


# ---------------------------------------------------------------------------------------------
# The rulebook's words.

def paragraphs(path):
    """Paragraphs as rulebook/text.hpp reads them: runs of non-blank lines, each line stripped."""
    out, run_ = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            run_.append(line.strip())
        elif run_:
            out.append(" ".join(run_))
            run_ = []
    if run_:
        out.append(" ".join(run_))
    return out


def clause_index(root, game):
    doc = json.loads((root / "rules" / game / "clauses.json").read_text(encoding="utf-8"))
    return doc["sources"], {c["id"]: c for c in doc["clauses"]}


def test_each_finding_quotes_the_paragraphs_of_its_clauses_from_the_rule_texts(report, root):
    texts = texts_dir(root)
    if not texts.is_dir():
        pytest.skip(f"no rule texts at {texts} (../shared/rules): nothing to compare the quotes with")
    _, doc, _ = report
    assert doc["rule_texts"]["found"] is True
    for f in doc["findings"]:
        sources, clauses = clause_index(root, f["game"])
        quoted = [c for q in f["quotes"] for c in q["clauses"]]
        assert sorted(quoted) == sorted(f["clauses"]), f["point"]
        for q in f["quotes"]:
            for c in q["clauses"]:
                entry = clauses[c]
                assert q["file"] == sources[entry["section"]] and q["paragraph"] == entry["paragraph"]
            assert q["words"] == paragraphs(texts / q["file"])[q["paragraph"] - 1], (f["point"], q["clauses"])
            assert "changed" not in q


def test_without_the_texts_each_clause_is_its_paraphrase_and_the_report_says_how_to_give_them(
        rulecheck, root, tmp_path):
    env = dict(os.environ, RULECHECK_RULE_TEXTS=str(tmp_path / "nowhere"))
    p = run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "scythe", "--format", "json",
             "--output-dir", str(tmp_path)], env=env)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["rule_texts"]["found"] is False and "RULECHECK_RULE_TEXTS" in doc["rule_texts"]["why"]
    sources, clauses = clause_index(root, "scythe")
    for f in doc["findings"]:
        for q in f["quotes"]:
            assert "words" not in q and q["not_quoted"]
            first = clauses[q["clauses"][0]]
            assert q["paraphrase"] == first["paraphrase"] and q["paragraph"] == first["paragraph"]
    md = (tmp_path / "ambiguities.md").read_text(encoding="utf-8")
    assert "rule texts were not found" in md and "--text DIR" in md and "RULECHECK_RULE_TEXTS" in md
    console = run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "scythe"], env=env)
    assert "rule texts not found" in console.stdout and "in our words:" in console.stdout
    missing = run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "scythe", "--text",
                   str(tmp_path / "nowhere")])
    assert missing.returncode == 2 and "--text" in missing.stderr


def test_the_default_reading_is_marked_and_each_reading_explained_as_interpretations_json_has_it(report, root):
    _, doc, _ = report
    for f in doc["findings"]:
        if f["new"]:
            continue
        point = points(root, f["game"])[f["point"]]
        assert f["default_reading"] == point["default"] and f["question"] == point["question"]
        for s in f["scenarios"]:
            assert s["default"] == (s["reading"] == point["default"])
            assert s["reading_says"] == point["readings"][s["reading"]]


def test_outcomes_are_in_game_terms_with_before_and_after_values(report):
    _, _, by_point = report
    bill = {s["reading"]: s for s in by_point["messina.consumption-bill"]["scenarios"]}
    # 1 Disaffected token and no Food or Water (the note): on the bill it dies in step 1; off it, it
    # recovers to Spare.
    assert "1 token of Red's goes to the Death Zone (dead 0 -> 1)" in bill["all-tokens"]["changes_in_words"]
    assert "Red's Disaffected tokens 1 -> 0" in bill["excluding-disaffected"]["changes_in_words"]
    assert "Red's Spare tokens 0 -> 1" in bill["excluding-disaffected"]["changes_in_words"]
    stacking = {s["reading"]: s for s in by_point["messina.stacking-scope"]["scenarios"]}
    assert stacking["all-factions"]["outcome_in_words"] == "refused (messina.muster.stacking)"
    assert "Red's Infantry at A: 0 -> 1" in stacking["per-faction"]["changes_in_words"]
    assert by_point["messina.stacking-scope"]["step_in_words"] == "Red musters: builds 1 Infantry at A"
    # A mech, then a worker into the territory it vacated: red's mech T1 -> T2 sends blue's lone worker home
    # (popularity 5 - 1 = 4), then red's worker follows.
    vacated = by_point["scythe.vacated-workers"]
    assert vacated["step_in_words"] == "red moves its mech T1 -> T2, then its worker T1 -> T2"
    any_unit = {s["reading"]: s for s in vacated["scenarios"]}["any-unit"]
    assert "red's popularity 5 -> 4" in any_unit["changes_in_words"]
    assert "red's workers on T2: 0 -> 1" in any_unit["changes_in_words"]


def test_each_legal_outcome_lists_a_change_exactly_when_the_state_changes(report):
    _, doc, _ = report
    for f in doc["findings"]:
        assert f["step_in_words"] and not f["step_in_words"].startswith("{"), f["point"]
        for s in f["scenarios"]:
            expect = s["scenario"]["steps"][0]["expect"]
            if expect.get("legal") is True:
                assert s["outcome_in_words"] == "allowed"
                assert bool(s["changes_in_words"]) == (expect["state"] != s["scenario"]["state"]), f["point"]
                for c in s["changes_in_words"]:
                    assert "->" in c, c  # a before and an after value
            elif "result" not in expect:
                assert s["outcome_in_words"] == f"refused ({expect['rule']})"


def test_the_html_draws_each_board_with_the_places_that_matter_marked(report):
    out, doc, _ = report
    html = (out / "ambiguities.html").read_text(encoding="utf-8")
    # Each open question is an article of its own (issue 33); a settled finding, and a finding a listed
    # convention decides, is one collapsed line with its step and outcomes, its board in its scenario files.
    articles = dict(re.findall(r'<article id="q-([^"]*)">(.*?)</article>', html, re.S))
    collapsed = dict(re.findall(r'<details id="q-([^"]*)">(.*?)</details>', html, re.S))
    by_convention = [f for f in doc["findings"] if "settled" not in f and f.get("convention")]
    for f in by_convention:
        for s in f["scenarios"]:
            assert s["outcome_in_words"].replace("'", "&#39;") in collapsed[f["point"]] or \
                s["outcome_in_words"] in collapsed[f["point"]] or "the same as under" in collapsed[f["point"]]
    open_findings = [f for f in doc["findings"] if "settled" not in f and not f.get("convention")]
    assert open_findings and len(articles) == len(open_findings)
    for f in open_findings:
        section = articles[f["point"]]
        svg = re.search(r"<svg.*?</svg>", section, re.S)
        assert svg, f["point"]
        drawn = ET.fromstring(svg.group(0))
        ns = "{http://www.w3.org/2000/svg}"
        marked = [g.find(f"{ns}text").text for g in drawn.iter(f"{ns}g") if g.get("class") == "matters"]
        state, _ = board(f)
        places = state.get("spaces") or state.get("territories")
        assert sorted(marked) == sorted(p for p in f["places"] if p in places), f["point"]
        assert len(list(drawn.iter(f"{ns}g"))) == len(places)
        assert "(default)" in section or f["new"]
        for s in f["scenarios"]:
            assert s["outcome_in_words"].replace("'", "&#39;") in section or s["outcome_in_words"] in section
