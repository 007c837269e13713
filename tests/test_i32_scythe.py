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


def test_the_path_theorems_are_proved_for_maps_of_any_size(proofs):
    """Fails before issue 32 (the six ids did not exist) or if one is refuted or vacuous."""
    _, doc = proofs
    by_id = {r["id"]: r for r in doc["proofs"]}
    for pid in PROTECTING:
        assert pid in by_id, pid
        assert by_id[pid]["status"] == "proved", (pid, by_id[pid]["detail"])
        assert by_id[pid]["scope"] == "unbounded", pid
        assert by_id[pid]["vacuity"], pid


# The strength test of these theorems runs on tests/test_solver_cli.py's one --strength run of both games.
