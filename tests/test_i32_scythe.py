"""Issue 32, Scythe: `rulecheck prove` proves the theorems of the movement relation, and `prove
--strength` asks generic mutants of that relation (each tagged constraint dropped, each comparison one
off, a ruleset number one off, a reading swapped), not the hand-written catalogue it used to.

    pytest -p no:cacheprovider tests/test_i32_scythe.py --rulecheck=PATH --root=PATH
"""
import json
import subprocess

import pytest

# The theorems written for the clauses issue 32 names (solver/scythe/theorems_path.cpp) and a clause
# each must kill a mutant of.
PROTECTING = {
    "scythe.move.stops-at-combat-units": "scythe.move.combat-stop",
    "scythe.move.stops-at-workers": "scythe.move.workers-stop",
    "scythe.move.worker-not-into-combat-units": "scythe.move.worker-blocked-by-combat-units",
    "scythe.move.worker-not-out-of-combat-units": "scythe.move.worker-blocked-by-combat-units",
    "scythe.move.worker-not-into-workers": "scythe.move.worker-blocked-by-workers",
    "scythe.move.counts-stay-counts": "scythe.move.mech-carry",
}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


@pytest.fixture(scope="module")
def proofs(rulecheck, root):
    p = run([rulecheck, "--rules", str(root / "rules"), "prove", "--game", "scythe", "--format", "json"], timeout=300)
    return p.returncode, json.loads(p.stdout)


@pytest.fixture(scope="module")
def strength(rulecheck, root):
    p = run([rulecheck, "--rules", str(root / "rules"), "prove", "--game", "scythe", "--strength", "--format", "json"],
            timeout=1800)  # 283 s of CPU, 720 s on the shared machine (docs/solver.md Figures)
    return p.returncode, json.loads(p.stdout)


def test_the_path_theorems_are_proved_for_maps_of_any_size(proofs):
    """Fails before issue 32 (the six ids did not exist) or if one is refuted or vacuous."""
    _, doc = proofs
    by_id = {r["id"]: r for r in doc["proofs"]}
    for pid in PROTECTING:
        assert pid in by_id, pid
        assert by_id[pid]["status"] == "proved", (pid, by_id[pid]["detail"])
        assert by_id[pid]["scope"] == "unbounded", pid
        assert by_id[pid]["vacuity"], pid


def test_strength_asks_generic_mutants_of_the_clauses_and_the_named_clauses_are_protected(strength):
    """Each theorem above is killed by some mutant of its clause (the mutant's name starts with the clause
    id); the hand-written catalogue of misreadings (solver/scythe/unbounded.hpp misread::) is not what is
    asked any more. Fails before issue 32 with the catalogue's names (e.g. "scythe.move.home-base ignored
    (a move may enter any home base)") and without the six theorems."""
    _, doc = strength
    by_id = {r["id"]: r for r in doc["proofs"]}
    for pid, clause in PROTECTING.items():
        killers = by_id[pid]["killed_by"]
        assert any(k.startswith(clause + ":") for k in killers), (pid, killers)
    names = [m for r in doc["proofs"] for m in r.get("killed_by", [])]
    names += [s["mutant"] for r in doc["proofs"] for s in r.get("survived", [])]
    assert "scythe.move.home-base ignored (a move may enter any home base)" not in names
    assert all(":" in m for m in names)  # "<clause, convention, key or reading>: <the change>"
