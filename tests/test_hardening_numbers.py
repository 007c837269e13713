"""Strict numbers, rulesets checked, merge checked (issue 35, the "numbers" batch):

- every numeric option is read within its type's range: a value past it is refused naming the
  option, the value and the range (exit 2), never clamped to the largest value;
- a ruleset's keys are checked against each other when it is loaded (popularity_min above
  popularity_max), and the numbers that size the solver's and the generators' work have a stated
  top (move_range, units_per_move): diff --edited and ambiguities --edited refuse such an edit,
  naming the key, before building anything (exit 2, in seconds);
- `report merge` checks each part's case lines verdict by verdict against its summary, and each
  case against the corpus its header lists and the part's shard.

Run: pytest -p no:cacheprovider tests/test_hardening_numbers.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import shutil
import subprocess

import pytest

U64_PAST = "18446744073709551616"  # 2^64


def run(rulecheck, root, *args, timeout=60):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], capture_output=True, text=True,
                          timeout=timeout)


# ---------------------------------------------------------------- numbers past their type's range

# Before: CLI11 clamped past 2^64-1 (--seed ran as 18446744073709551615, --cases 2^64 ran unbounded,
# explain --step named another number) and said only "Could not convert" past 2^32-1 for --rlimit.
@pytest.mark.parametrize("args,option,value,most", [
    (("diff", "--edited", "x.json", "--seed"), "--seed", "99999999999999999999999", "18446744073709551615"),
    (("fuzz", "--engine", "true", "--cases"), "--cases", U64_PAST, "18446744073709551615"),
    (("fuzz", "--engine", "true", "--seed"), "--seed", U64_PAST, "18446744073709551615"),
    (("explain", "x.json", "--step"), "--step", U64_PAST, "18446744073709551615"),
    (("prove", "--rlimit"), "--rlimit", "4294967296", "4294967295"),
    (("run", "x.json", "--solver-rlimit"), "--solver-rlimit", "4294967296", "4294967295"),
    (("run", "x.json", "--jobs"), "--jobs", "65", "64"),
    (("run", "x.json", "--timeout"), "--timeout", "2147483648", "3600000"),
])
def test_a_number_past_its_range_is_refused_naming_the_option_the_value_and_the_range(run_args, args, option,
                                                                                      value, most):
    code, err = run_args(*args, value)
    assert code == 2, err
    assert option in err and f'"{value}" is not' in err and f"to {most}" in err, err


@pytest.fixture
def run_args(rulecheck, root):
    def go(*args):
        p = run(rulecheck, root, *args)
        return p.returncode, p.stderr
    return go


# ---------------------------------------------------------------- rulesets checked when loaded

def edited(tmp_path, keys):
    f = tmp_path / "edited.json"
    f.write_text(json.dumps({"game": "scythe", **keys}))
    return str(f)


# Before: diff died in the generator ("internal error: Invalid range [0, -7)", exit 3, no report)
# and ambiguities exited 0 on it.
def test_a_popularity_min_above_the_max_is_refused_naming_both_keys(rulecheck, root, tmp_path):
    f = edited(tmp_path, {"popularity_min": 25})
    for args in (("diff", "--edited", f, "--sample", "10", "--rlimit", "0"), ("ambiguities", "--edited", f)):
        p = run(rulecheck, root, *args)
        assert p.returncode == 2, p.stdout + p.stderr
        assert "popularity_min 25 is above popularity_max 18" in p.stderr, p.stderr
        assert "searching" not in p.stderr  # refused before any search


def test_a_scenario_whose_ruleset_puts_the_floor_above_the_top_is_bad_input(rulecheck, root, tmp_path):
    scenario = json.loads((root / "scenarios/scythe/move/ruleset-popularity-floor-two.json").read_text())
    scenario["ruleset"] = {"popularity_min": 19}
    f = tmp_path / "floor.json"
    f.write_text(json.dumps(scenario))
    p = run(rulecheck, root, "validate", str(f))
    assert p.returncode == 2 and "popularity_min 19 is above popularity_max 18" in p.stdout + p.stderr, \
        p.stdout + p.stderr


# Before: move_range.character 30 built Z3 terms for minutes, units_per_move or a move_range of
# 1,000,000 passed 1 GB within seconds (the generator's and the proofs' paths were built first).
@pytest.mark.parametrize("keys,named,most", [
    ({"move_range": {"character": 30, "mech": 1, "worker": 1}}, "/move_range/character", "4"),
    ({"move_range": {"character": 1, "mech": 1, "worker": 5}}, "/move_range/worker", "4"),
    ({"move_range": {"character": 1, "mech": 1000000, "worker": 1}}, "/move_range/mech", "4"),
    ({"units_per_move": 1000000}, "/units_per_move", "13"),
])
def test_an_edit_past_a_stated_top_is_refused_before_anything_is_built(rulecheck, root, tmp_path, keys, named, most):
    p = run(rulecheck, root, "diff", "--edited", edited(tmp_path, keys), timeout=20)
    assert p.returncode == 2, p.stdout + p.stderr
    assert named in p.stderr and f"the most rulecheck accepts here ({most} " in p.stderr, p.stderr
    assert "generated cases" not in p.stderr  # no part of the comparison started


# ---------------------------------------------------------------- report merge checked case by case

@pytest.fixture(scope="module")
def parts(rulecheck, root, tmp_path_factory):
    """Two shards of a small corpus against a bug engine that fails some of its cases."""
    out = tmp_path_factory.mktemp("merge")
    corpus = out / "corpus"
    shutil.copytree(root / "scenarios" / "messina" / "consumption", corpus,
                    ignore=shutil.ignore_patterns("README.md"))
    engine = f"python3 {root / 'examples' / 'engines' / 'bug_well_fed_die.py'}"
    files = []
    for k in (1, 2):
        p = run(rulecheck, root, "run", str(corpus), "--engine", engine, "--shard", f"{k}/2", "--output-dir",
                str(out / f"part{k}"), "-q", timeout=300)
        assert p.returncode in (0, 1), p.stderr
        files.append(out / f"part{k}" / "results.jsonl")
    fails = sum(1 for f in files for line in f.read_text().splitlines() if '"verdict":"fail"' in line.replace(" ", ""))
    assert fails > 0  # the bug engine fails some: what a tamperer would hide
    return files


def rewritten(path, tmp_path, change):
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    out = tmp_path / path.parent.name / "results.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(change(j)) + "\n" for j in lines))
    return str(out)


def test_the_untouched_parts_merge_silently(rulecheck, root, parts):
    p = run(rulecheck, root, "report", "merge", *map(str, parts), "-q")
    assert p.returncode == 1 and p.stderr == "", p.stderr


# Before: the fail lines rewritten pass merged to "0 failed", exit 0, nothing said.
def test_fail_lines_rewritten_as_pass_are_said_and_exit_2(rulecheck, root, parts, tmp_path):
    def to_pass(j):
        if j.get("type") == "case" and j["verdict"] == "fail":
            j["verdict"] = "pass"
        return j
    p = run(rulecheck, root, "report", "merge", *(rewritten(f, tmp_path, to_pass) for f in parts), "-q")
    assert p.returncode == 2, p.stdout + p.stderr
    assert "say fail, while its summary counts" in p.stderr and "case lines were changed" in p.stderr, p.stderr


# Before: a case of a file the corpus does not hold was merged like any other.
def test_a_case_outside_the_corpus_or_its_shard_is_said_and_exit_2(rulecheck, root, parts, tmp_path):
    first = {"done": False}

    def elsewhere(j):
        if j.get("type") == "case" and not first["done"]:
            first["done"] = True
            j["id"], j["file"] = "made/up", "/nowhere/made-up.json"
        return j
    p = run(rulecheck, root, "report", "merge", rewritten(parts[0], tmp_path, elsewhere), str(parts[1]), "-q")
    assert p.returncode == 2 and "not in the corpus its header lists" in p.stderr, p.stderr

    other_shard = [json.loads(line) for line in parts[1].read_text().splitlines()
                   if '"type": "case"' in line or '"type":"case"' in line][0]
    first["done"] = False

    def moved(j):
        if j.get("type") == "case" and not first["done"]:
            first["done"] = True
            j["id"], j["file"] = other_shard["id"], other_shard["file"]
        return j
    p = run(rulecheck, root, "report", "merge", rewritten(parts[0], tmp_path / "b", moved), "-q")
    assert p.returncode == 2 and "is not one its shard 1/2 runs" in p.stderr, p.stderr
