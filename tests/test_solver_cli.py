"""The Z3 layer from the command line: `rulecheck prove` (and --strength), the solver's verdict on
engines' wrong answers in `rulecheck run`, questions on edited rulesets (a huge hand limit, a map limit of
6, a character range of 0). `rulecheck ambiguities`: test_solver_ambiguities_cli.py.

    pytest -p no:cacheprovider tests/test_solver_cli.py --rulecheck=PATH --root=PATH
"""
import json
import os
import sys

import pytest
from shared_runs import shared_run

from solver_cli_support import clause_ids, run


# Each bundled bug engine and the clause its docstring says it breaks (read by hand from each file's
# docstring; none of this comes from the solver). The solver must find every wrong answer of the
# engine forbidden, never an allowed alternative, and name this clause for at least one of them.
BUG_CLAUSES = {
    "bug_round_cost_down.py": "messina.consumption.cost",
    "bug_well_fed_die.py": "messina.consumption.shortfall.excess",
    "bug_recover_after_shortfall.py": "messina.consumption.recovery",
    "bug_ai_backs_military.py": "messina.muster.population",
    "bug_workers_stack.py": "messina.muster.stacking",
    "bug_hidden_card_hostile.py": "messina.cards.exposed.hostility",
    "bug_no_worker_retreat.py": "scythe.move.workers-retreat",
}
# Bugs whose wrong answers in the corpus are next states that contradict themselves (the Located
# count no longer backs the units): forbidden without a clause core, since no state was claimed.
BUG_INVALID_STATES = ["bug_ai_equip.py", "bug_step3_other_card.py"]

@pytest.fixture(scope="module")
def proofs(rulecheck, root, tmp_path_factory):
    # the same run as test_prove_vacuity.py's: made once under ctest (conftest.py)
    p = shared_run(rulecheck, root, "prove", ["--rules", str(root / "rules"), "prove", "--format", "json"],
                   tmp_path_factory.mktemp("prove"))
    return p.returncode, json.loads(p.stdout)


def test_every_invariant_is_proved_and_prove_exits_0(proofs):
    code, doc = proofs
    not_proved = [(r["id"], r["status"], r["detail"]) for r in doc["proofs"] if r["status"] != "proved"]
    assert not not_proved
    assert code == 0
    assert doc["proved"] == len(doc["proofs"]) >= 20


def test_each_proof_names_clauses_of_the_index_and_has_its_own_id(proofs, root):
    _, doc = proofs
    known = clause_ids(root)
    ids = [r["id"] for r in doc["proofs"]]
    assert len(ids) == len(set(ids))
    for r in doc["proofs"]:
        assert r["clauses"] and set(r["clauses"]) <= known, r["id"]


def test_every_proof_says_what_it_covers(proofs):
    """Issue 21: a proof says whether it holds for boards of any size or only over its bound, and what
    that bound is; the three constraints of the design are among the unbounded ones."""
    _, doc = proofs
    scopes = {r["id"]: r["scope"] for r in doc["proofs"]}
    assert set(scopes.values()) <= {"bounded", "unbounded"}
    assert doc["unbounded"] == sum(1 for v in scopes.values() if v == "unbounded")
    assert doc["bounded"] == sum(1 for v in scopes.values() if v == "bounded")
    for r in doc["proofs"]:
        assert r["covers"], r["id"]
        assert r["vacuity"], r["id"]  # premises checked satisfiable for every proved proof
        if r["scope"] == "unbounded":
            assert r["covers"].startswith("boards of any size"), r["id"]
        else:
            assert "any size" not in r["covers"], r["id"]
    for needed in ("messina.consumption.never-well-fed-to-dead", "messina.stacking.map-limit",
                   "messina.friendly.military-area-reached-avoiding-hostile"):
        assert scopes.get(needed) == "unbounded", needed
    # Scythe's movement invariants and states play can reach hold for maps of any size.
    scythe = [r for r in doc["proofs"] if r["game"] == "scythe"]
    # The 11 movement invariants and states play can reach, the six theorems written for the clauses
    # issue 32 names (stops, the worker's blocks into and out of, what a mech carries), and control after
    # a move as the controller query reads it (scythe.move.mover-controls-where-it-ends).
    assert len(scythe) == 18
    assert any(r["id"] == "scythe.move.mover-controls-where-it-ends" and r["status"] == "proved" for r in scythe)
    for r in scythe:
        assert r["scope"] == "unbounded", r["id"]


def test_nothing_says_for_all_states(rulecheck, root):
    """prove's --help, the README and docs/solver.md claim no more than the proofs cover."""
    help_text = run([rulecheck, "prove", "--help"]).stdout
    for text in (help_text, (root / "README.md").read_text(encoding="utf-8"),
                 (root / "docs" / "solver.md").read_text(encoding="utf-8")):
        assert "for all states" not in text.lower()


@pytest.fixture(scope="module")
def strength(rulecheck, root):
    # Four minutes of Z3 on the project's machine (README Performance): a long search, kept out of every
    # CI run (the mutation code is tested in rulecheck_solver_tests: Mutation, Theorems, *Theorems).
    if os.environ.get("RULECHECK_FULL") != "1":
        pytest.skip("prove --strength over both games takes minutes: RULECHECK_FULL=1 runs it")
    p = run([rulecheck, "--rules", str(root / "rules"), "prove", "--strength", "--format", "json"], timeout=2400)
    return p.returncode, json.loads(p.stdout)


def test_strength_says_which_proofs_are_hollow_and_exits_1_when_one_is(strength):
    """A proof no mutant breaks is hollow: listed as such (killed_by empty), counted, and the run exits 1
    then. Nothing requires every proof or every mutant to be killed: the figures say what holds."""
    code, doc = strength
    hollow = [r["id"] for r in doc["proofs"] if r.get("strength_checked", True) and r.get("hollow")]
    for r in doc["proofs"]:
        assert r["status"] == "proved", r["id"]
        assert r["hollow"] == (not r["killed_by"]), r["id"]
    assert doc["hollow"] == len(hollow)
    assert code == (1 if hollow else 0), (code, hollow)


def test_strength_reports_every_clause_of_the_relations_with_its_mutants(strength):
    """clauses[]: per clause of the relations, its mutants, which proofs kill them and which survive; the
    totals add up, and the clauses the design's three constraints (and Scythe's stops, blocks and carrying)
    rest on are protected: some generic mutant of each is killed."""
    doc = strength[1]
    by = {(c["game"], c["clause"]): c for c in doc["clauses"]}
    for c in doc["clauses"]:
        killed = c["mutants"] - len(c["survived"]) - len(c["undecided"])
        assert killed >= 0, c["clause"]
        assert c["protected"] == bool(c["killed_by"]), c["clause"]
        assert c["protected"] == (killed > 0), c["clause"]
    totals = doc["strength"]
    assert totals["clauses"] == len(doc["clauses"])
    assert totals["protected"] == sum(1 for c in doc["clauses"] if c["protected"])
    assert totals["mutants"] == totals["killed"] + totals["survived"] + totals["undecided"]
    for game, clause in (("messina", "messina.consumption.shortfall.step1"),
                         ("messina", "messina.consumption.shortfall.excess"),
                         ("messina", "messina.muster.stacking"),
                         ("messina", "messina.friendly.area"),
                         ("messina", "messina.friendly.hostile"),
                         ("scythe", "scythe.move.combat-stop"),
                         ("scythe", "scythe.move.workers-stop"),
                         ("scythe", "scythe.move.mech-carry")):
        assert by[(game, clause)]["protected"], (game, clause, by[(game, clause)]["survived"])
    assert "messina.consumption.never-well-fed-to-dead" in by[("messina", "messina.consumption.shortfall.excess")]["killed_by"]


# The theorems written for the clauses issue 32 names (solver/scythe/theorems_path.cpp) and a clause
# each must kill a mutant of.
SCYTHE_PROTECTING = {
    "scythe.move.stops-at-combat-units": "scythe.move.combat-stop",
    "scythe.move.stops-at-workers": "scythe.move.workers-stop",
    "scythe.move.worker-not-into-combat-units": "scythe.move.worker-blocked-by-combat-units",
    "scythe.move.worker-not-out-of-combat-units": "scythe.move.worker-blocked-by-combat-units",
    "scythe.move.worker-not-into-workers": "scythe.move.worker-blocked-by-workers",
    "scythe.move.counts-stay-counts": "scythe.move.mech-carry",
}


def test_strength_scythes_named_clauses_are_protected_by_their_theorems(strength):
    """Each theorem above is killed by some mutant of its clause (the mutant's name starts with the clause
    id); the hand-written catalogue of misreadings (solver/scythe/unbounded.hpp misread::) is not what is
    asked any more. Fails before issue 32 with the catalogue's names (e.g. "scythe.move.home-base ignored
    (a move may enter any home base)") and without the six theorems."""
    _, doc = strength
    by_id = {r["id"]: r for r in doc["proofs"]}
    for pid, clause in SCYTHE_PROTECTING.items():
        killers = by_id[pid]["killed_by"]
        assert any(k.startswith(clause + ":") for k in killers), (pid, killers)
    scythe = [r for r in doc["proofs"] if r["game"] == "scythe"]
    names = [m for r in scythe for m in r.get("killed_by", [])]
    names += [s["mutant"] for r in scythe for s in r.get("survived", [])]
    assert "scythe.move.home-base ignored (a move may enter any home base)" not in names
    assert all(":" in m for m in names)  # "<clause, convention, key or reading>: <the change>"


def test_a_budget_too_small_is_unknown_and_exit_1_never_a_pass(rulecheck, root):
    p = run([rulecheck, "--rules", str(root / "rules"), "prove", "--game", "messina", "--rlimit", "1", "--format",
             "json"])
    doc = json.loads(p.stdout)
    assert doc["unknown"] > 0 and doc["proved"] < len(doc["proofs"])
    assert p.returncode == 1

def bug_run(rulecheck, root, engine):
    p = run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"), "--rulesets", "any", "--no-oracle",
             "--format", "jsonl", "--engine", f"{sys.executable} {root / 'examples' / 'engines' / engine}"])
    return [json.loads(l) for l in p.stdout.splitlines() if json.loads(l).get("type") == "case"]


@pytest.mark.parametrize("engine", sorted(BUG_CLAUSES))
def test_the_solver_forbids_a_bug_engines_wrong_answers_naming_the_clause_it_breaks(engine, rulecheck, root):
    cases = bug_run(rulecheck, root, engine)
    wrong = [c for c in cases if c["verdict"] in ("fail", "alternative")]
    assert wrong, "the bug engine must fail somewhere"
    assert not [c["id"] for c in wrong if c["verdict"] == "alternative"], "a bug's answer is never allowed"
    assert all(c.get("solver", {}).get("membership") == "forbidden" for c in wrong), \
        [(c["id"], c.get("solver")) for c in wrong]
    assert any(BUG_CLAUSES[engine] in c["solver"]["clauses"] for c in wrong), [c["solver"] for c in wrong]


@pytest.mark.parametrize("engine", BUG_INVALID_STATES)
def test_a_bug_engines_self_contradicting_state_is_forbidden(engine, rulecheck, root):
    wrong = [c for c in bug_run(rulecheck, root, engine) if c["verdict"] in ("fail", "alternative")]
    assert wrong
    assert all(c["solver"]["membership"] == "forbidden" and "not a state" in c["solver"]["why"] for c in wrong)


def test_without_the_solver_a_wrong_answer_is_a_plain_failure(rulecheck, root):
    engine = f"{sys.executable} {root / 'examples' / 'engines' / 'bug_recover_after_shortfall.py'}"
    p = run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / "messina" / "consumption"),
             "--rulesets", "any", "--no-oracle", "--format", "jsonl", "--solver-rlimit", "0", "--engine", engine])
    cases = [json.loads(l) for l in p.stdout.splitlines() if json.loads(l).get("type") == "case"]
    failed = [c for c in cases if c["verdict"] == "fail"]
    assert failed and all("solver" not in c for c in failed)


# ---------------------------------------------------------------------------------------------
# Budgets: what rulecheck builds before it asks Z3 is bounded too. The witnesses' boards have a space
# per card (a hand over the limit needs hand_limit + 1 of them); the bound is 26 spaces (named A to Z).
# The hand-limit proof takes cards as a sort and the hand as a count: any limit (issue 21).

@pytest.fixture(scope="module")
def huge_hand_rules(root, tmp_path_factory):
    """A copy of rules/ whose Messina hand_limit is 1,000,000 (the largest count a ruleset may hold)."""
    import shutil
    rules = tmp_path_factory.mktemp("huge-hand") / "rules"
    shutil.copytree(root / "rules", rules)
    ruleset = rules / "messina" / "ruleset.json"
    doc = json.loads(ruleset.read_text(encoding="utf-8"))
    doc["hand_limit"] = 1_000_000
    ruleset.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return rules


def test_prove_with_a_huge_hand_limit_proves_the_hand_limit_for_any_hand(rulecheck, huge_hand_rules):
    p = run([rulecheck, "--rules", str(huge_hand_rules), "prove", "--game", "messina", "--format", "json"], timeout=120)
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    hand = next(r for r in report["proofs"] if r["id"] == "messina.cards.hand-limit-kept")
    assert hand["status"] == "proved" and hand["scope"] == "unbounded"
    assert "at most 1000000 cards" in hand["claim"]


def test_ambiguities_with_a_huge_hand_limit_is_quick_unknown_and_says_why(rulecheck, huge_hand_rules):
    p = run([rulecheck, "--rules", str(huge_hand_rules), "ambiguities", "--game", "messina", "--format", "json"],
            timeout=120)
    assert p.returncode == 1, p.stderr  # a point not decided: never exit 0, never "missed"
    report = json.loads(p.stdout)
    # The discard-emptying witness is searched with one card over the limit: hand_limit + 1 spaces.
    assert {"point": "messina.discard-emptying", "kind": "unknown",
            "reason": "the encoding would need 1000001 spaces; the bound is 26"} in report["unknown"]
    assert "messina.discard-emptying" not in report["missed"]


def test_diff_to_a_huge_hand_limit_is_quick_and_says_why(rulecheck, root, tmp_path):
    edited = tmp_path / "ruleset.json"
    edited.write_text(json.dumps({"game": "messina", "hand_limit": 1_000_000}), encoding="utf-8")
    # The corpus of the Location Cards only: the unknowns come from the questions, not the scenarios.
    p = run([rulecheck, "--rules", str(root / "rules"), "diff", "--edited", str(edited), "--sample", "50",
             "--scenarios", str(root / "scenarios" / "messina" / "cards"), "--format", "json"], timeout=300)
    assert p.returncode == 1, p.stderr
    report = json.loads(p.stdout)
    # The discard-emptying witness's board (one card over the limit); the proofs hold for any limit.
    why = "the encoding would need 1000001 spaces; the bound is 26"
    assert any(why in u for u in report["unknowns"]), report["unknowns"]
    assert not any("hand-limit-kept" in u for u in report["unknowns"]), report["unknowns"]

def test_a_map_limit_edited_to_6_contradicts_the_location_total_of_7(rulecheck, root, tmp_path):
    """The Muster page edited to 6 units per map space while the Location Card page still says a
    location holds 7 in all (5 + 2): filled to 6 on the map and 2 on the card, a location holds 8."""
    edited = tmp_path / "map6.json"
    edited.write_text(json.dumps({"game": "messina", "stacking_map": 6}))
    # --no-discovery: the contradiction search runs without the literal search for new findings, and says so.
    cmd = [rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "messina", "--no-discovery", "--edited",
           str(edited)]
    p = run(cmd + ["--format", "json"], timeout=300)
    assert p.returncode == 1, p.stderr  # a contradiction: exit 1 (issue 33)
    doc = json.loads(p.stdout)
    assert doc["discovery"] == {"run": False}
    assert not any(f["new"] or f.get("found_by_search") for f in doc["findings"])
    assert not any(q["point"].startswith("messina.literal.") for q in doc["questions"])
    (c,) = doc["contradictions"]
    assert c["status"] == "found", c
    (found,) = c["found"]
    assert found["probe"] == "fill-location"
    assert found["clauses"] == ["messina.cards.capacity", "messina.cards.seven-per-location", "messina.muster.stacking"]
    assert "limit of 6" in found["note"] and "hold 8 units" in found["note"] and "holds 7 in all" in found["note"]
    # Each sentence is named where it stands: one quote per clause, each in its own paragraph.
    assert [(q["clauses"], q["file"]) for q in found["quotes"]] == [
        (["messina.cards.capacity"], "messina-location-cards.txt"),
        (["messina.cards.seven-per-location"], "messina-location-cards.txt"),
        (["messina.muster.stacking"], "messina-muster-phase.txt")]
    assert all(q["paragraph"] > 0 and ("words" in q or "not_quoted" in q) for q in found["quotes"])
    out = tmp_path / "report"
    console = run(cmd + ["--output-dir", str(out)], timeout=300)
    assert console.returncode == 1, console.stderr
    assert ("CONTRADICTION messina fill-location: messina.cards.capacity + messina.cards.seven-per-location + "
            "messina.muster.stacking cannot all hold") in console.stdout
    assert "messina-muster-phase.txt paragraph" in console.stdout
    assert "literal search: not run (--no-discovery)" in console.stdout
    # The designer's report: the contradiction under its own heading, its three sentences placed.
    md = (out / "ambiguities.md").read_text()
    section = md[md.index("## Contradictions"):md.index("## Every question asked")]
    assert "messina: contradictions found" in section and "the literal search found 1, below" in section
    assert ("### CONTRADICTION: `messina.cards.capacity` + `messina.cards.seven-per-location` + "
            "`messina.muster.stacking` cannot all hold") in section
    for q in found["quotes"]:
        assert f"{q['file']}, paragraph {q['paragraph']}" in section
    html = (out / "ambiguities.html").read_text()
    assert "<span class=\"alarm\">Contradiction</span>" in html
    assert "messina.cards.capacity + messina.cards.seven-per-location + messina.muster.stacking cannot all hold" in html
    # The same limit with the location's total stated to match (an edit of both sentences) is no contradiction:
    # the texts state today's numbers, so only the encoding's numbers change here; 5 is today's.
    edited.write_text(json.dumps({"game": "messina", "stacking_map": 5}))
    p = run(cmd + ["--format", "json"], timeout=300)
    assert json.loads(p.stdout)["contradictions"][0]["status"] == "none"


def test_an_edited_ruleset_that_is_not_an_object_is_refused_naming_the_option(rulecheck, root, tmp_path):
    edited = tmp_path / "bad.json"
    edited.write_text("[1]")
    p = run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "messina", "--edited", str(edited)])
    assert p.returncode == 2 and "--edited" in p.stderr and "expected a JSON object" in p.stderr, p.stderr


def test_a_scythe_character_range_edited_to_0_contradicts_every_one_step_character_move(rulecheck, root, tmp_path):
    """Scythe's contradiction probe (solver/scythe/literal_contradictions.cpp): with a character's range
    of 0, a path of 1 step (1 > 0) can never hold the range clause, so the character's one-step kind and
    the forced retreat (a character's step) break on scythe.move.range alone; the two-step kind runs
    under its own range of 2 and every other kind moves no character."""
    edited = tmp_path / "range0.json"
    edited.write_text(json.dumps({"game": "scythe", "move_range": {"character": 0, "mech": 1, "worker": 1}}))
    cmd = [rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "scythe", "--no-discovery", "--edited",
           str(edited), "--format", "json"]
    p = run(cmd, timeout=300)
    assert p.returncode == 1, p.stderr  # a contradiction: exit 1 (issue 33)
    (c,) = json.loads(p.stdout)["contradictions"]
    assert c["game"] == "scythe" and c["status"] == "found", c
    assert {x["probe"]: x["clauses"] for x in c["found"]} == {
        "character-one-step": ["scythe.move.range"], "forced-retreat": ["scythe.move.range"]}
