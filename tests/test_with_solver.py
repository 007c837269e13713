"""`rulecheck run --with-solver` (N-version mode): the whole scenario corpus with the solver checking the
oracle's outcome at every step. No case may be disputed (the solver forbidding the oracle's outcome is a
bug in rulecheck); the counts of steps checked, allowed, unknown and not encoded are printed, and most
steps must have been judged (not passed over as not encoded). The console, the JSON lines summary and an
engine run say the same; --no-oracle and --solver-rlimit 0 are usage errors beside it.

Run: pytest -p no:cacheprovider tests/test_with_solver.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import re
import subprocess
import sys


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
    assert not_encoded > 0  # Scythe's queries are not encoded: counted, not taken for agreement


def test_without_the_flag_no_step_is_checked(rulecheck, root):
    p = run(rulecheck, root, str(root / "scenarios" / "scythe"), "--format", "jsonl")
    lines, summary = summary_of(p.stdout)
    assert summary["with_solver"] is None
    assert not any("solver_steps" in line for line in lines)
    assert "with solver" not in run(rulecheck, root, str(root / "scenarios" / "scythe"), "-q").stdout


def test_with_an_engine_the_oracle_row_is_checked(rulecheck, root):
    engine = f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}"
    p = run(rulecheck, root, str(root / "scenarios" / "messina" / "consumption"), "--with-solver", "--engine", engine,
            "--format", "jsonl")
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
