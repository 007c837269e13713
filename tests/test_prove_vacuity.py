"""Issue 32 item 6: every proof of `rulecheck prove`, for both games, carries a vacuity check in three
parts (a reachable board where its premises hold, the action legal there, the claim's antecedent on
some board), each reported in JSON (`vacuity_check`) and on the console; a proof whose check fails is
`vacuous`, never `proved`. Which proofs are vacuous is not fixed here (no list of ids copied from the
output): only that every record has the three parts and that its status agrees with them.

    pytest -p no:cacheprovider tests/test_prove_vacuity.py --rulecheck=PATH --root=PATH
"""
import json
import subprocess

import pytest
from shared_runs import shared_run

PARTS = ("reachable_board", "guard", "antecedent")


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def both_games(rulecheck, root, tmp_path_factory):
    # the same run as test_solver_cli.py's: made once under ctest (conftest.py)
    p = shared_run(rulecheck, root, "prove", ["--rules", str(root / "rules"), "prove", "--format", "json"],
                   tmp_path_factory.mktemp("prove"))
    return p.returncode, json.loads(p.stdout)


def test_every_proof_of_both_games_has_the_three_parts(both_games):
    """Fails before item 6 (no `vacuity_check` in the records), or if a game's proofs lack a part."""
    _, doc = both_games
    games = {r["game"] for r in doc["proofs"]}
    assert games == {"messina", "scythe"}, games
    for r in doc["proofs"]:
        if r["status"] not in ("proved", "vacuous"):
            continue  # refuted or unknown: the claim itself was not proved, vacuity not asked
        v = r["vacuity_check"]
        assert v is not None, r["id"]
        for part in PARTS:
            assert v[part]["checked"], (r["id"], part, v[part]["says"])
            assert v[part]["questions"] >= 1, (r["id"], part)
            assert 0 <= v[part]["satisfiable"] <= v[part]["questions"], (r["id"], part)
            assert v[part]["holds"] == (v[part]["satisfiable"] == v[part]["questions"]), (r["id"], part)
        assert v["invariants"], r["id"]  # what a reachable board states there is named


def test_a_status_agrees_with_its_vacuity_check(both_games):
    """Fails if a proof whose vacuity check failed is reported proved (or a vacuous one has no failed
    part), or if the summary does not count the vacuous ones and exit 1 on them."""
    code, doc = both_games
    for r in doc["proofs"]:
        v = r["vacuity_check"]
        if r["status"] == "proved":
            assert v["failed"] == [], (r["id"], v["failed"])
            assert "vacuous" not in r["detail"], r["id"]
            assert v["reachable_board"]["witness"], r["id"]  # the board's sorts in the first model
        elif r["status"] == "vacuous":
            assert v["failed"], r["id"]
            assert r["detail"].startswith("vacuous:"), r["detail"]
    vacuous = sum(r["status"] == "vacuous" for r in doc["proofs"])
    assert doc["vacuous"] == vacuous
    if vacuous:
        assert code == 1


def test_the_console_says_non_vacuous_or_which_part_failed(rulecheck, root, both_games):
    """Fails if the console does not print, per proof, its vacuity line."""
    _, doc = both_games
    p = run([rulecheck, "--rules", str(root / "rules"), "prove", "--game", "scythe"])
    scythe = [r for r in doc["proofs"] if r["game"] == "scythe"]
    lines = p.stdout.splitlines()
    said = [l for l in lines if l.strip().startswith(("non-vacuous: reachable board, guard, antecedent", "VACUITY:"))]
    assert len(said) == sum(r["status"] in ("proved", "vacuous") for r in scythe), p.stdout[-2000:]
    assert "vacuous in" in lines[-1], lines[-1]
