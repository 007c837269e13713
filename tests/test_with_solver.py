"""`rulecheck run --with-solver` (N-version mode): the whole scenario corpus with the solver checking the
oracle's outcome at every step. No case may be disputed (the solver forbidding the oracle's outcome is a
bug in rulecheck); the counts of steps checked, allowed, unknown and not encoded are printed, and most
steps must have been judged (not passed over as not encoded). The console, the JSON lines summary and an
engine run say the same; --no-oracle and --solver-rlimit 0 are usage errors beside it.

Run: pytest -p no:cacheprovider tests/test_with_solver.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import os
import re
import subprocess
import sys

import pytest


def run(rulecheck, root, *args):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", *args],
                          capture_output=True, text=True, timeout=900)


def summary_of(stdout):
    lines = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return lines, next(line for line in lines if line["type"] == "summary")


def test_the_whole_corpus_has_no_disputed_step(rulecheck, root):
    p = run(rulecheck, root, str(root / "scenarios"), "--with-solver", "--rulesets", "any", "--format", "jsonl")
    lines, summary = summary_of(p.stdout)
    counts = summary["with_solver"]
    print(f"with solver: {counts} in {summary['seconds']:.1f} s", file=sys.stderr)
    disputed = [line for line in lines if line.get("verdict") == "disputed"]
    assert not disputed, "\n".join(f"{d['id']}: {d['message']}" for d in disputed)
    assert p.returncode == 0, p.stderr
    assert counts["disputed"] == 0
    assert counts["checked"] == counts["allowed"] + counts["disputed"] + counts["unknown"] + counts["not_encoded"]
    # Every case's steps are counted, and the case lines add up to the summary.
    per_case = [line.get("solver_steps", {}) for line in lines if line["type"] == "case"]
    assert sum(n.get("checked", 0) for n in per_case) == counts["checked"]
    assert all(n.get("checked", 0) > 0 for n in per_case), "a case whose steps were not checked"
    # Both games' actions are encoded: the large majority of steps is judged, none left unknown.
    assert counts["unknown"] == 0
    assert counts["allowed"] > 0.8 * counts["checked"], counts
    # Both ways: every legal next state allowed is the only one the relation allows (a listed
    # convention deciding where the text is silent), none left undecided.
    both = counts["both_ways"]
    assert both["asked"] > 100 and both["other"] == 0 and both["unknown"] == 0, both
    assert both["only"] == both["asked"], both
    assert sum(n.get("both_ways", {}).get("asked", 0) for n in per_case) == both["asked"]


def test_a_silence_the_oracle_decides_is_counted_by_its_convention(rulecheck, root):
    # blue, holding T3 that green's worker and red's mech share with it, leaves: the text does not say
    # whether green or red holds T3 now; the oracle gives green (first by name), the relation alone
    # allows red too, and scythe.convention.holder-leaves-shared (rules/scythe/conventions.json) decides.
    case = root / "scenarios" / "scythe" / "move" / "holder-leaves-a-territory-three-factions-share.json"
    p = run(rulecheck, root, str(case), "--with-solver", "--format", "jsonl")
    lines, summary = summary_of(p.stdout)
    assert p.returncode == 0, p.stdout + p.stderr
    assert summary["with_solver"]["both_ways"] == {"asked": 1, "only": 1, "by_convention": 1, "other": 0,
                                                  "unknown": 0}, summary["with_solver"]


def test_the_console_prints_the_counts(rulecheck, root):
    p = run(rulecheck, root, str(root / "scenarios" / "scythe"), "--with-solver", "-q")
    assert p.returncode == 0, p.stdout + p.stderr
    m = re.search(r"with solver: (\d+) step\(s\) checked, (\d+) allowed, 0 disputed, (\d+) unknown.*, (\d+) not "
                  r"encoded", p.stdout)
    assert m, p.stdout
    checked, allowed, unknown, not_encoded = map(int, m.groups())
    assert checked == allowed + unknown + not_encoded > 0
    # Every Scythe step is judged: its moves and its three queries (solver/scythe/queries.cpp).
    assert not_encoded == 0 and allowed == checked


def test_without_the_flag_no_step_is_checked(rulecheck, root):
    p = run(rulecheck, root, str(root / "scenarios" / "scythe"), "--format", "jsonl")
    lines, summary = summary_of(p.stdout)
    assert summary["with_solver"] is None
    assert not any("solver_steps" in line for line in lines)
    assert "with solver" not in run(rulecheck, root, str(root / "scenarios" / "scythe"), "-q").stdout


def test_with_an_engine_the_oracle_row_is_checked(rulecheck, root):
    engine = f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}"
    # --rulesets any: the folder's what-ifs (rulesets no game produces) are run too, not skipped.
    p = run(rulecheck, root, str(root / "scenarios" / "messina" / "consumption"), "--with-solver", "--engine", engine,
            "--format", "jsonl", "--rulesets", "any")
    lines, summary = summary_of(p.stdout)
    assert p.returncode == 0, p.stderr
    oracle = [line for line in lines if line.get("target") == "oracle"]
    assert oracle and all(line["solver_steps"]["allowed"] > 0 for line in oracle)
    assert summary["with_solver"]["checked"] == sum(line["solver_steps"]["checked"] for line in oracle)


def test_usage_errors(rulecheck, root):
    engine = f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}"
    scythe = str(root / "scenarios" / "scythe")
    for extra in (["--no-oracle", "--engine", engine], ["--solver-rlimit", "0"]):
        p = run(rulecheck, root, scythe, "--with-solver", *extra)
        assert p.returncode == 2, p.stdout + p.stderr
        assert "--with-solver" in p.stderr


# ------------------------------------------------------------------ fuzz --with-solver (issue 32 item 2)
# Generated cases, both ways: the solver allows the oracle's outcome and, where it is a next state, no
# other. 2,000 cases per game in the default build (RULECHECK_NVERSION_CASES; the sanitizer preset sets
# fewer). Without --engine, the engine is rulecheck's own serve: only the oracle and the solver meet.

NVERSION_CASES = int(os.environ.get("RULECHECK_NVERSION_CASES", "2000"))


def fuzz(rulecheck, root, *args, timeout=1800):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), "fuzz", *args],
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("game", ["messina", "scythe"])
def test_generated_cases_agree_both_ways(rulecheck, root, game, tmp_path):
    p = fuzz(rulecheck, root, "--with-solver", "--game", game, "--cases", str(NVERSION_CASES), "--seed", "32",
             "--format", "jsonl", "--save-dir", str(tmp_path / "findings"))
    records = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    findings = [r for r in records if r["type"] == "finding"]
    assert not findings, "\n".join(f"{f['verdict']}: {f['signature']}" for f in findings)
    assert p.returncode == 0, p.stderr
    summary = records[-1]
    assert summary["type"] == "summary" and summary["cases"] == NVERSION_CASES
    counts = summary["with_solver"]
    print(f"{game}: {counts} in {summary['seconds']:.1f} s", file=sys.stderr)
    # Every case was run on the oracle and its step counted once; none out of budget.
    assert counts["checked"] == NVERSION_CASES
    assert counts["disputed"] == 0 and counts["unknown"] == 0
    # Every case judged, none passed over: the queries of both games are encoded (Scythe's in
    # solver/scythe/queries.cpp), so agreement is counted on every case.
    assert counts["not_encoded"] == 0, counts
    # Asked both ways where the oracle gave a next state: at least a fifth of the cases (the generators
    # draw legal and illegal requests and queries), and the solver allowed no other next state.
    both = counts["both_ways"]
    assert both["asked"] >= NVERSION_CASES // 5, both
    assert both["other"] == 0 and both["unknown"] == 0
    assert both["asked"] == both["only"]


def test_fuzz_needs_an_engine_or_the_solver(rulecheck, root):
    p = fuzz(rulecheck, root, "--cases", "1", timeout=60)
    assert p.returncode == 2
    assert "--engine" in p.stderr and "--with-solver" in p.stderr


def test_fuzz_with_solver_needs_a_budget(rulecheck, root):
    p = fuzz(rulecheck, root, "--with-solver", "--solver-rlimit", "0", "--cases", "1", timeout=60)
    assert p.returncode == 2
    assert "--solver-rlimit" in p.stderr
