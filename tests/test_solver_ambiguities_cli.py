"""The Z3 layer from the command line: `rulecheck ambiguities` (a witness per declared point, replayed on
the oracle; a starved search unknown, never none; the discovery search's records; the contradiction search
on today's texts). `rulecheck prove` and `run`'s solver verdicts: test_solver_cli.py.

    pytest -p no:cacheprovider tests/test_solver_ambiguities_cli.py --rulecheck=PATH --root=PATH
"""
import json
import shutil
from itertools import combinations

import pytest
from shared_runs import shared_run

from solver_cli_support import declared_points, run


@pytest.fixture(scope="module")
def witnesses(rulecheck, root, tmp_path_factory):
    out = tmp_path_factory.mktemp("ambiguities")
    # the same run as test_ambiguities_words.py's and test_designer_report.py's: made once under ctest (conftest.py)
    p = shared_run(rulecheck, root, "ambiguities", ["--rules", str(root / "rules"), "ambiguities", "--format", "json",
                                                    "--output-dir", "{out}"], out)
    assert p.returncode == 0, p.stderr
    return out, json.loads(p.stdout)


# The declared points whose readings part on no board a Move starts from in play (rules/scythe/move_start.json:
# red holds a territory beside blue's character or mechs only after blue came in, and that combat is fought
# before red moves): their question is reported none, with why, and has no witness.
PLAY_CANNOT_RAISE = {"scythe.worker-blocking"}


def test_the_search_finds_a_witness_for_every_declared_point(witnesses, root):
    _, doc = witnesses
    found = {f["point"] for f in doc["findings"] if not f["new"]}
    assert set(declared_points(root)) - PLAY_CANNOT_RAISE <= found
    assert not (PLAY_CANNOT_RAISE & found)
    assert set(doc["missed"]) == PLAY_CANNOT_RAISE


def test_every_question_of_a_normal_run_is_decided_and_every_declared_point_has_its_witness(witnesses, root):
    _, doc = witnesses
    status = {q["point"]: q for q in doc["questions"]}
    for point in declared_points(root):
        expected = "none" if point in PLAY_CANNOT_RAISE else "witness"
        assert status[point]["status"] == expected, status[point]
        if point in PLAY_CANNOT_RAISE:
            assert "play never raises the question" in status[point]["reason"], status[point]
    assert doc["counts"]["unknown"] == 0 and doc["counts"]["interrupted"] == 0 and doc["unknown"] == []
    # The searches for new findings each end with a finding or a proved none, its scope named.
    for q in doc["questions"]:
        assert q["status"] in ("witness", "none"), q
        assert q["scope"], q


@pytest.fixture(scope="module")
def starved(rulecheck, root, tmp_path_factory):
    """`ambiguities --rlimit 1`: one step of Z3's work per question, too little to decide any search."""
    out = tmp_path_factory.mktemp("starved")
    p = run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--rlimit", "1", "--format", "json",
             "--output-dir", str(out)], timeout=300)
    console = run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--rlimit", "1"], timeout=300)
    return p, json.loads(p.stdout), console, out


def test_a_starved_search_reports_each_point_unknown_saying_why_never_none(starved, root):
    p, doc, _, _ = starved
    assert p.returncode == 1, p.stderr  # a question not decided: as prove, never exit 0
    status = {q["point"]: q for q in doc["questions"]}
    for point in declared_points(root):
        assert status[point]["status"] == "unknown", status[point]
        assert "rlimit 1" in status[point]["reason"], status[point]
    assert doc["missed"] == [] and doc["findings"] == []
    assert doc["counts"]["unknown"] >= len(declared_points(root))
    assert {u["point"] for u in doc["unknown"]} >= set(declared_points(root))


def test_a_starved_search_says_unknown_on_the_console_and_in_the_report(starved, root):
    _, _, console, out = starved
    assert console.returncode == 1
    assert "no witness found" not in console.stdout and "NOT DECIDED" in console.stdout
    lines = console.stdout.splitlines()
    md = (out / "ambiguities.md").read_text(encoding="utf-8")
    html = (out / "ambiguities.html").read_text(encoding="utf-8")
    for point in declared_points(root):
        assert any(l.startswith("unknown") and f" {point}: " in l and "rlimit 1" in l for l in lines), point
        assert any(f"`{point}`" in l and "unknown" in l for l in md.splitlines()), point
        assert point in html


def test_a_starved_diff_is_not_decided_and_exits_1_naming_each_question(rulecheck, root, tmp_path):
    edited = tmp_path / "scythe.json"
    edited.write_text(json.dumps({"game": "scythe"}))  # no change: every difference found would be a bug
    cmd = [rulecheck, "--rules", str(root / "rules"), "diff", "--edited", str(edited), "--sample", "0",
           "--scenarios", str(root / "scenarios" / "scythe"), "--rlimit", "1"]
    p = run(cmd + ["--format", "json"], timeout=300)
    assert p.returncode == 1, p.stderr  # nothing changed, but nothing could be decided either
    report = json.loads(p.stdout)
    assert report["changed"] is False and report["undecided"] > 0
    points = {q["id"]: q for q in report["questions"] if q["part"] == "point"}
    for point in [x for x in declared_points(root) if x.startswith("scythe.")]:
        assert (points[point]["base"], points[point]["edited"]) == ("unknown", "unknown"), points[point]
        assert "rlimit 1" in points[point]["why"]
    # Scythe's contradiction probe is starved too (its literal relation: solver/scythe/literal_contradictions.cpp).
    assert {q["part"] for q in report["questions"]} == {"proof", "point", "probe", "contradictions"}
    console = run(cmd, timeout=300)
    assert console.returncode == 1 and "NOT DECIDED" in console.stdout and "UNCHANGED" not in console.stdout
    # The same edit with the default budget decides every question and changes nothing.
    p = run(cmd[:-2] + ["--format", "json"], timeout=300)
    assert p.returncode == 0, p.stdout[-2000:]
    report = json.loads(p.stdout)
    assert report["undecided"] == 0 and all(q["decided"] for q in report["questions"])
    points = {q["id"]: q for q in report["questions"] if q["part"] == "point"}
    for point in [x for x in declared_points(root) if x.startswith("scythe.")]:
        expected = "none" if point in PLAY_CANNOT_RAISE else "witness"
        assert (points[point]["base"], points[point]["edited"]) == (expected, expected), points[point]


def test_each_witness_has_a_scenario_per_reading_and_the_readings_disagree(witnesses, root):
    _, doc = witnesses
    for f in doc["findings"]:
        expects = [json.dumps(s["scenario"]["steps"][0]["expect"], sort_keys=True) for s in f["scenarios"]]
        assert len(expects) >= 2, f["point"]
        # Every pair of readings that the point separates here gives a different outcome for at
        # least one pair (three readings may share an outcome two by two).
        assert any(a != b for a, b in combinations(expects, 2)), f["point"]


def test_every_witness_replays_on_the_oracle_under_its_reading(witnesses, rulecheck, root):
    out, _ = witnesses
    # --rulesets any: Scythe's stop-path witnesses run under move ranges 2/2/2, which no game produces.
    p = run([rulecheck, "--rules", str(root / "rules"), "run", str(out), "--rulesets", "any", "--format", "jsonl"])
    cases = [json.loads(l) for l in p.stdout.splitlines() if json.loads(l).get("type") == "case"]
    assert cases and all(c["verdict"] == "pass" for c in cases), [c for c in cases if c["verdict"] != "pass"][:3]
    assert p.returncode == 0


def test_the_designer_report_has_a_section_per_finding_with_its_clauses(witnesses, root):
    out, doc = witnesses
    md = (out / "ambiguities.md").read_text(encoding="utf-8")
    html = (out / "ambiguities.html").read_text(encoding="utf-8")
    for f in doc["findings"]:
        # Open: headed by the question with the id beside it; settled: one line each (issue 33).
        assert f"<small>`{f['point']}`</small>" in md or f"- SETTLED: {f['title']} `{f['point']}`" in md
        assert f["point"] in html
        for c in f["clauses"]:
            assert f"`{c}`" in md
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")

# ---- the literal encoding's discovery search (solver/messina/literal.hpp) ----


def test_found_by_search_is_on_every_record_and_the_shield_double_upgrade_is_a_new_finding(witnesses, root):
    _, doc = witnesses
    for record in doc["findings"] + doc["questions"]:
        assert isinstance(record["found_by_search"], bool), record["point"]
    fresh = [f for f in doc["findings"] if f["new"] and f["found_by_search"]]
    double = [f for f in fresh if f["signature"].startswith("muster-upgrade-then-rearm-upgrade|")]
    assert len(double) == 1, [f["signature"] for f in fresh]
    outcomes = sorted(s["outcome_in_words"] for s in double[0]["scenarios"])
    assert outcomes == ["allowed", "refused (messina.muster.shield.one-upgrade)"]
    # No words decide it (the texts never order a round's Muster and its Bonus Military Actions): a
    # convention decides it, and the finding stays open (issue 33, item 3).
    assert double[0]["convention"] == "messina.convention.rearm-after-muster-apart", double[0]
    assert "settled" not in double[0], double[0]["settled"]
    # A declared point the search re-found says so; one it did not says that too.
    declared = {q["point"]: q["found_by_search"] for q in doc["questions"] if not q["new"]}
    assert set(declared) >= set(declared_points(root))
    assert declared["messina.shield-per-space"] is True
    assert declared["messina.consumption-bill"] is True  # a Consumption step of the literal search
    assert declared["messina.tie-break-ally"] is True  # a query's answer: the literal query kinds
    d = doc["discovery"]
    assert d["declared_refound"] == sum(declared.values())
    assert d["declared_not_refound"] == len(declared) - d["declared_refound"]


def test_a_dismissed_finding_is_shown_settled_with_its_reason_after_the_open_ones(witnesses, root):
    out, doc = witnesses
    dismissed = {game: json.loads((root / "rules" / game / "dismissed.json").read_text(encoding="utf-8"))["dismissed"]
                 for game in ("messina", "scythe")}
    by_signature = {(f["game"], f.get("signature")): f for f in doc["findings"]}
    for game, d in [(game, d) for game, ds in dismissed.items() for d in ds]:
        f = by_signature[(game, d["signature"])]  # each dismissal still matches a finding of today's search
        assert f["settled"] == "dismissed: " + d["reason"], f["point"]
    ranks = [0 if f["new"] and "settled" not in f else 1 if f["new"] else 2 for f in doc["findings"]]
    assert ranks == sorted(ranks)
    assert doc["discovery"]["settled"] == sum(len(ds) for ds in dismissed.values())
    md = (out / "ambiguities.md").read_text(encoding="utf-8")
    # Grouped by the words that settle them, each settled finding one line under its group (issue 33).
    assert "- SETTLED: " in md
    for d in [d for ds in dismissed.values() for d in ds]:
        assert f"### {d['reason']}\n" in md, d["reason"]


def test_each_finding_a_convention_lists_is_shown_open_with_the_convention(witnesses, root):
    # Would fail without cli/convention_marks.cpp: the findings moved out of dismissed.json would
    # carry no convention (and before issue 33 they were shown settled by a dismissal).
    _, doc = witnesses
    by_signature = {(f["game"], f.get("signature")): f for f in doc["findings"]}
    listed = [(game, c, s) for game in ("messina", "scythe")
              for c in json.loads((root / "rules" / game / "conventions.json").read_text(encoding="utf-8"))["conventions"]
              for s in c.get("signatures", [])]
    assert len(listed) >= 11, listed
    for game, c, s in listed:
        f = by_signature[(game, s)]
        assert f["convention"] == c["id"] and f["convention_choice"] == c["choice"], f
        assert f["new"] and "settled" not in f, f


def test_a_dismissal_removed_from_the_rule_data_makes_its_finding_new_again(rulecheck, root, tmp_path):
    rules = tmp_path / "rules"
    shutil.copytree(root / "rules", rules)
    doc = json.loads((rules / "messina" / "dismissed.json").read_text(encoding="utf-8"))
    gone = doc["dismissed"].pop(0)
    (rules / "messina" / "dismissed.json").write_text(json.dumps(doc), encoding="utf-8")
    p = run([rulecheck, "--rules", str(rules), "ambiguities", "--game", "messina", "--format", "json"])
    assert p.returncode == 1, p.stderr  # an open new finding: exit 1 (issue 33)
    f = {x.get("signature"): x for x in json.loads(p.stdout)["findings"]}[gone["signature"]]
    assert f["new"] and "settled" not in f
    assert json.loads(p.stdout)["counts"]["open_findings"] == 1


def test_a_starved_literal_search_is_unknown_never_none(starved):
    p, doc, _, _ = starved
    assert p.returncode == 1
    literal = [q for q in doc["questions"] if q["point"].startswith("messina.literal.")]
    assert literal and all(q["status"] == "unknown" for q in literal), literal
    scythe = [q for q in doc["questions"] if q["point"].startswith("scythe.literal.")]
    assert scythe and all(q["status"] == "unknown" for q in scythe), scythe


def test_the_literal_search_re_finds_every_scythe_point(witnesses, root):
    out, doc = witnesses
    scythe = json.loads((root / "rules" / "scythe" / "interpretations.json").read_text(encoding="utf-8"))["points"]
    declared = {q["point"]: q["found_by_search"] for q in doc["questions"] if q["game"] == "scythe" and not q["new"]}
    # All but scythe.worker-blocking, whose readings part only on a board no Move starts from in play
    # (a combat another faction made still waiting: rules/scythe/move_start.json): a question play
    # cannot raise, reported none with why, and listed under "missed".
    assert declared == {p["id"]: p["id"] != "scythe.worker-blocking" for p in scythe}
    blocking = [q for q in doc["questions"] if q["point"] == "scythe.worker-blocking"]
    assert [q["status"] for q in blocking] == ["none"], blocking
    assert "play never raises the question" in blocking[0]["reason"], blocking
    assert "move_start.json" in blocking[0]["scope"], blocking
    assert "scythe.worker-blocking" in doc["missed"]
    # The search's own records: one per step kind found no further board; every new finding (a silence
    # of the words the relation frees) is decided by a convention (rules/scythe/conventions.json) or settled by a
    # dismissal in rules/scythe/dismissed.json.
    literal = [q for q in doc["questions"] if q["point"].startswith("scythe.literal.")]
    assert literal and all(q["new"] and q["status"] in ("none", "witness") for q in literal), literal
    ended = [q for q in literal if q["status"] == "none"]
    assert len(ended) == len({q["point"].split(".")[2] for q in literal}), ended
    fresh = [f for f in doc["findings"] if f["point"].startswith("scythe.literal.")]
    assert fresh and all(f["new"] and (f.get("settled", "").startswith("dismissed: ") or f.get("convention"))
                         for f in fresh), fresh
    md = (out / "ambiguities.md").read_text(encoding="utf-8")
    for p in scythe:
        if p["id"] == "scythe.worker-blocking":
            continue
        section = md[md.index(f"<small>`{p['id']}`</small>"):]
        assert "Found by the literal search." in section[: section.index("\n### ")], p["id"]


# ---- the contradiction search over the literal encoding (solver/messina/literal_contradictions.cpp) ----


def test_on_todays_texts_the_contradiction_search_finds_none(witnesses):
    _, doc = witnesses
    by_game = {c["game"]: c for c in doc["contradictions"]}
    assert set(by_game) == {"messina", "scythe"}
    for c in by_game.values():
        assert c["status"] == "none" and c["found"] == [], c
        assert "board play can reach" in c["scope"]
    assert by_game["messina"]["probes"] >= 14
    assert by_game["scythe"]["probes"] == 10  # its 9 literal step kinds and the forced retreat
    c = by_game["messina"]
    # The designer's report says so in a section of its own, in both formats.
    out, _ = witnesses
    md = (out / "ambiguities.md").read_text()
    section = md[md.index("## Contradictions"):md.index("## Every question asked")]
    assert ("messina: no contradiction found. The stated numbers of the texts given" in section or
            "messina: no contradiction found. The stated numbers were not checked" in section), section
    assert f"the constraints of each of {c['probes']} probe(s) can all hold on some board, proved" in section
    assert "### CONTRADICTION" not in section  # only the Fighter's known one ("### known CONTRADICTION")
    assert "<h2>Contradictions</h2>" in (out / "ambiguities.html").read_text()


def test_the_default_run_leaves_musters_discovery_to_full_and_says_so(witnesses):
    # Would fail if the default run (which CI's tests repeat) ran the Muster and Re-arm discovery (about
    # 20 s of CPU), or if the JSON did not say which searches ran.
    _, report = witnesses
    assert report["discovery"]["run"] is True and report["discovery"]["full"] is False
    # Conventions only the Muster and Re-arm discovery finds (`ambiguities --game messina --full` reports them,
    # found by the search; the Consumption discovery and the literal search do not).
    points = {f["point"] for f in report["findings"]}
    assert not points & {"messina.convention.upgrade-own-shield", "messina.convention.high-tech-onto-card"}


def test_full_without_discovery_is_refused_naming_both_options(rulecheck, root):
    p = run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--full", "--no-discovery"])
    assert p.returncode == 2
    assert "--full" in p.stderr and "--no-discovery" in p.stderr
