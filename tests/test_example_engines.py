"""The bundled example engines, side by side in one pass: the faithful engine passes every
scenario, and every seeded-bug variant is caught, with the clause its bug breaks among the
clauses of a failing case.

Run: pytest -p no:cacheprovider tests/test_example_engines.py --rulecheck=BINARY --root=REPO_ROOT
The corpus runs once (a module fixture) with the oracle and every engine of examples/engines/.
"""
import json
import subprocess

import pytest

# Each variant and the clause(s) its seeded bug breaks (examples/engines/README.md).
VARIANTS = {
    "bug_round_cost_down.py": {"messina.consumption.cost"},
    "bug_well_fed_die.py": {"messina.consumption.shortfall.step1", "messina.consumption.shortfall.excess"},
    "bug_workers_stack.py": {"messina.muster.stacking.workers"},
    "bug_ai_backs_military.py": {"messina.muster.population", "messina.population.backing"},
    "bug_hidden_card_hostile.py": {"messina.cards.exposed.hostility"},
    "bug_no_worker_retreat.py": {"scythe.move.workers-retreat"},
    "bug_ai_equip.py": {"messina.muster.equip.ai"},
    "bug_recover_after_shortfall.py": {"messina.consumption.recovery"},
}

ENGINES = ["faithful.py", *VARIANTS]


class Pass:
    """One run of the corpus with the oracle and every example engine (--strict, jsonl)."""

    def __init__(self, rulecheck, root):
        args = [rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"), "--rulesets", "any", "--format", "jsonl",
                "--strict"]
        for e in ENGINES:
            args += ["--engine", f"python3 {root / 'examples' / 'engines' / e}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=600)
        self.returncode = p.returncode
        lines = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
        self.header, self.cases = lines[0], [line for line in lines if line.get("type") == "case"]
        self.targets = self.header["targets"]
        self.by_target = {}
        for c in self.cases:
            self.by_target.setdefault(c["target"], []).append(c)
        self.n = len(self.by_target.get("oracle", []))

    def of_engine(self, name):
        """(hello name, cases) of an engine: targets are the oracle, then the engines in command order."""
        tname = self.targets[ENGINES.index(name) + 1]
        return tname, self.by_target.get(tname, [])


@pytest.fixture(scope="module")
def one_pass(rulecheck, root):
    return Pass(rulecheck, root)


def test_one_pass_makes_the_oracle_and_every_engine_a_target(one_pass):
    assert len(one_pass.targets) == 1 + len(ENGINES), one_pass.targets


def test_the_corpus_is_there(one_pass):
    assert one_pass.n >= 290, one_pass.n


def test_the_oracle_passes_every_scenario(one_pass):
    assert all(c["verdict"] == "pass" for c in one_pass.by_target["oracle"])


def test_the_faithful_engine_passes_every_scenario(one_pass):
    faithful = one_pass.by_target.get("faithful-python", [])
    bad = [c for c in faithful if c["verdict"] != "pass"]
    assert len(faithful) == one_pass.n and not bad, json.dumps(bad[:3])[:1000]


@pytest.fixture(params=list(VARIANTS))
def variant(request, one_pass):
    """(file name, hello name, cases, failed cases) of one seeded-bug variant."""
    name = request.param
    tname, got = one_pass.of_engine(name)
    return name, tname, got, [c for c in got if c["verdict"] == "fail"]


def test_a_seeded_bug_is_caught(variant):
    name, tname, got, failed = variant
    assert failed, f"{name} ({tname}): {len(got)} cases, none failed"


def test_a_seeded_bug_is_caught_naming_the_clause_it_breaks(variant):
    name, tname, got, failed = variant
    named = {cl for c in failed for cl in c.get("clauses", [])}
    assert VARIANTS[name] & named, f"{name} must be caught naming {sorted(VARIANTS[name])}; clauses named: {sorted(named)}"


def test_a_seeded_bug_causes_no_protocol_errors(variant):
    name, tname, got, failed = variant
    errored = [c for c in got if c["verdict"] == "errored"]
    assert not errored, json.dumps(errored[:2])[:600]


def test_each_failure_of_a_seeded_bug_has_a_reproduce_command(variant, rulecheck):
    name, tname, got, failed = variant
    assert all(c.get("reproduce", "").startswith(rulecheck + " run ") and "--engine" in c["reproduce"]
               for c in failed), failed[:1]


def test_the_run_exits_with_1_because_the_variants_fail(one_pass):
    assert one_pass.returncode == 1, one_pass.returncode
