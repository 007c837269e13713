"""Running past one engine process: `run --shard K/N` (or GoogleTest's GTEST_TOTAL_SHARDS /
GTEST_SHARD_INDEX) runs every N-th scenario file, and `report merge` joins the parts' results into the
report of the whole run, with no case lost or counted twice; `run --jobs N` runs N instances of each
engine side by side, with the results of one, in the same order.

Run: pytest -p no:cacheprovider tests/test_shards.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import os
import subprocess

import pytest

SHARDS = 3


def run(rulecheck, root, *args, env=None, cwd=None):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], capture_output=True, text=True,
                          timeout=600, env=env, cwd=cwd)


def records(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def comparable(cases):
    """What a case says, without the time it took."""
    return sorted((c["target"], c["id"], c["verdict"], c.get("message", "")) for c in cases)


@pytest.fixture(scope="module")
def runs(rulecheck, root, tmp_path_factory):
    """The whole corpus against the oracle and a bug engine: once whole, and as 3 shards run side
    by side as local processes, each writing its results.jsonl."""
    out = tmp_path_factory.mktemp("shards")
    engine = f"python3 {root / 'examples' / 'engines' / 'bug_well_fed_die.py'}"
    base = [rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"), "--engine", engine]
    whole = subprocess.run([*base, "--format", "jsonl"], capture_output=True, text=True, timeout=600)
    parts = [subprocess.Popen([*base, "--shard", f"{k}/{SHARDS}", "--output-dir", str(out / f"part{k}"), "-q"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for k in range(1, SHARDS + 1)]
    codes = [p.wait(timeout=600) for p in parts]
    return whole, codes, [out / f"part{k}" / "results.jsonl" for k in range(1, SHARDS + 1)], out


def test_each_shard_runs_a_third_of_the_files_and_none_twice(runs):
    whole, codes, files, out = runs
    ids = [[c["id"] for c in records(f.read_text()) if c.get("type") == "case" and c["target"] == "oracle"]
           for f in files]
    everything = [c["id"] for c in records(whole.stdout) if c.get("type") == "case" and c["target"] == "oracle"]
    assert sorted(sum(ids, [])) == sorted(everything)
    assert all(abs(len(part) - len(everything) / SHARDS) <= 1 for part in ids), [len(p) for p in ids]
    assert [records(f.read_text())[0]["shard"] for f in files] == [f"{k}/{SHARDS}" for k in range(1, SHARDS + 1)]


def test_the_merge_of_the_shards_is_the_whole_run(rulecheck, root, runs):
    whole, codes, files, out = runs
    merged = run(rulecheck, root, "report", "merge", *map(str, reversed(files)), "--format", "jsonl",
                 "--output-dir", str(out / "merged"))
    assert merged.returncode == whole.returncode == 1, merged.stderr  # the bug engine fails some cases
    assert merged.stderr == ""
    a, b = records(whole.stdout), records(merged.stdout)
    assert comparable([c for c in a if c["type"] == "case"]) == comparable([c for c in b if c["type"] == "case"])
    counts = ("total", "pass", "fail", "skipped", "errored", "bad_input")
    assert {k: a[-1][k] for k in counts} == {k: b[-1][k] for k in counts}
    assert a[0]["cases"] == b[0]["cases"] and a[0]["targets"] == b[0]["targets"]
    assert sorted(p.name for p in (out / "merged").iterdir()) == ["junit.xml", "report.html", "results.jsonl",
                                                                  "summary.md"]


def test_a_missing_shard_and_a_shard_given_twice_are_said_and_exit_2(rulecheck, root, runs):
    whole, codes, files, out = runs
    p = run(rulecheck, root, "report", "merge", str(files[0]), str(files[1]), str(files[1]), "-q")
    assert p.returncode == 2
    assert "3/3 are missing" in p.stderr and "2/3 are given twice" in p.stderr, p.stderr
    # Each case of the repeated part is counted once.
    assert records(run(rulecheck, root, "report", "merge", str(files[1]), str(files[1]), "--format",
                       "jsonl").stdout)[-1]["total"] == records(files[1].read_text())[-1]["total"]


def test_a_part_cut_short_is_said(rulecheck, root, runs, tmp_path):
    whole, codes, files, out = runs
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(files[2].read_text().splitlines()[:-5]) + "\n")  # no summary, 4 cases fewer
    p = run(rulecheck, root, "report", "merge", str(files[0]), str(files[1]), str(cut), "-q")
    assert p.returncode == 2 and "no summary line" in p.stderr, p.stderr


def test_googletest_sharding_variables_pick_the_same_files_as_the_flag(rulecheck, root, tmp_path):
    status = tmp_path / "status"
    env = dict(os.environ, GTEST_TOTAL_SHARDS="4", GTEST_SHARD_INDEX="1", GTEST_SHARD_STATUS_FILE=str(status))
    by_env = run(rulecheck, root, "run", str(root / "scenarios"), "--format", "jsonl", env=env)
    by_flag = run(rulecheck, root, "run", str(root / "scenarios"), "--format", "jsonl", "--shard", "2/4")
    assert by_env.returncode == by_flag.returncode == 0
    assert comparable([c for c in records(by_env.stdout) if c["type"] == "case"]) == \
        comparable([c for c in records(by_flag.stdout) if c["type"] == "case"])
    assert status.exists()  # GoogleTest's sign that the program shards


@pytest.mark.parametrize("total,index", [("-1", "0"), ("2", "1x"), ("2", " 1"), ("+2", "1"), ("0x2", "1"),
                                         ("18446744073709551616", "1"), ("2", "")])
def test_googletest_sharding_variables_are_read_strictly(rulecheck, root, total, index):
    # -1 was read as 18446744073709551615 and 1x as 1: neither is a count.
    env = dict(os.environ, GTEST_TOTAL_SHARDS=total, GTEST_SHARD_INDEX=index)
    p = run(rulecheck, root, "run", str(root / "scenarios" / "messina" / "consumption"), env=env)
    assert p.returncode == 2 and f"GTEST_TOTAL_SHARDS={total} and GTEST_SHARD_INDEX={index}" in p.stderr, p.stderr


@pytest.mark.parametrize("shard", ["0/3", "4/3", "2", "a/b", "1/0", " 1/3", "+1/3", "1/-3", "1/3x", "-1/3"])
def test_a_shard_that_is_no_part_is_a_usage_error(rulecheck, root, shard):
    p = run(rulecheck, root, "run", str(root / "scenarios"), "--shard", shard)
    assert p.returncode == 2 and "--shard" in p.stderr, p.stderr


def test_the_kubernetes_manifest_runs_one_shard_per_completion_index(root):
    # The manifest's shape, read as text (no YAML library is needed to run the tests).
    text = (root / "deploy" / "kubernetes" / "rulecheck-shards.yaml").read_text()
    assert "completionMode: Indexed" in text
    completions = int(text.split("completions:")[1].split()[0])
    shards = int(text.split('name: SHARDS\n              value: "')[1].split('"')[0])
    assert completions == shards and f"parallelism: {completions}" in text
    assert '--shard "$((JOB_COMPLETION_INDEX + 1))/$SHARDS"' in text
    assert "part-$JOB_COMPLETION_INDEX" in text


# ---------------------------------------------------------------- --jobs: engine instances side by side


def without_times(lines):
    return [{k: v for k, v in r.items() if k not in ("millis", "seconds")} for r in lines]


def test_three_jobs_give_the_results_of_one_in_the_same_order(rulecheck, root):
    engine = f"python3 {root / 'examples' / 'engines' / 'bug_workers_stack.py'}"
    one, three = (run(rulecheck, root, "run", str(root / "scenarios"), "--engine", engine, "--format", "jsonl",
                      "--jobs", jobs) for jobs in ("1", "3"))
    assert one.returncode == three.returncode == 1  # the bug engine fails some cases
    assert without_times(records(one.stdout)) == without_times(records(three.stdout))


def test_with_three_jobs_a_crash_errors_one_case_and_loses_none(rulecheck, root, tmp_path):
    engine = f"python3 {root / 'tests' / 'engines' / 'faulty.py'} crash 5 {tmp_path / 'fired'}"
    p = run(rulecheck, root, "run", str(root / "scenarios"), "--engine", engine, "--format", "jsonl", "--jobs", "3",
            "--no-oracle")
    lines = records(p.stdout)
    cases = [c for c in lines if c["type"] == "case"]
    files = [f for f in (root / "scenarios").rglob("*.json") if "schema" not in f.parts]
    assert len(cases) == len(files) == len({c["id"] for c in cases})
    assert [c["verdict"] for c in cases].count("errored") == 1 and lines[-1]["type"] == "summary"
    assert "restarted 1 time(s)" in p.stderr, p.stderr


@pytest.mark.parametrize("jobs", ["0", "65", "x"])
def test_a_number_of_jobs_outside_1_to_64_is_a_usage_error(rulecheck, root, jobs):
    p = run(rulecheck, root, "run", str(root / "scenarios"), "--jobs", jobs)
    assert p.returncode == 2 and "--jobs" in p.stderr, p.stderr


# ---------------------------------------------------------------------------------------------
# report merge refuses (exit 2, naming the part and what differs) parts that do not make one run.

@pytest.fixture(scope="module")
def small_parts(rulecheck, root, tmp_path_factory):
    """Two shards of scenarios/messina/consumption against the oracle, and other parts to mix in:
    the second shard with an engine too, and a shard of another corpus."""
    out = tmp_path_factory.mktemp("small-parts")
    corpus = str(root / "scenarios" / "messina" / "consumption")
    engine = f"python3 {root / 'examples' / 'engines' / 'faithful.py'}"

    def part(name, *args):
        p = run(rulecheck, root, "run", *args, "--format", "jsonl")
        assert p.returncode == 0, p.stderr
        path = out / f"{name}.jsonl"
        path.write_text(p.stdout)
        return path
    return {
        "one": part("one", corpus, "--shard", "1/2"),
        "two": part("two", corpus, "--shard", "2/2"),
        "two-engine": part("two-engine", corpus, "--shard", "2/2", "--engine", engine),
        "two-other-corpus": part("two-other", str(root / "scenarios" / "messina" / "muster"), "--shard", "2/2"),
        "two-strict": part("two-strict", corpus, "--shard", "2/2", "--strict"),
        "two-rlimit": part("two-rlimit", corpus, "--shard", "2/2", "--solver-rlimit", "0"),
    }


def merge(rulecheck, root, *files):
    return run(rulecheck, root, "report", "merge", *map(str, files), "-q")


def test_two_parts_of_one_run_merge(rulecheck, root, small_parts):
    p = merge(rulecheck, root, small_parts["one"], small_parts["two"])
    assert p.returncode == 0 and p.stderr == "", p.stderr


def test_a_part_missing_a_case_line_is_refused(rulecheck, root, small_parts, tmp_path):
    lines = small_parts["two"].read_text().splitlines()
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(lines[:3] + lines[4:]) + "\n")  # the third case line dropped; summary kept
    p = merge(rulecheck, root, small_parts["one"], short)
    announced = json.loads(lines[0])["cases"]
    assert p.returncode == 2, p.stderr
    assert f"short.jsonl: {announced - 1} case line(s), while its header announces {announced}" in p.stderr


def test_parts_of_different_corpora_are_refused(rulecheck, root, small_parts):
    p = merge(rulecheck, root, small_parts["one"], small_parts["two-other-corpus"])
    assert p.returncode == 2 and "two-other.jsonl: not a part of the same run" in p.stderr
    assert "its corpus" in p.stderr, p.stderr


def test_an_oracle_only_part_and_a_part_with_an_engine_are_refused(rulecheck, root, small_parts):
    p = merge(rulecheck, root, small_parts["one"], small_parts["two-engine"])
    assert p.returncode == 2 and "two-engine.jsonl: not a part of the same run" in p.stderr
    assert "its targets" in p.stderr, p.stderr


def test_a_case_of_a_target_no_header_names_is_refused(rulecheck, root, small_parts, tmp_path):
    lines = small_parts["two"].read_text().splitlines()
    case = json.loads(lines[1])
    case["target"] = "ghost"
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join([lines[0], json.dumps(case)] + lines[2:]) + "\n")
    p = merge(rulecheck, root, small_parts["one"], forged)
    assert p.returncode == 2 and 'forged.jsonl line 2: at /target: the target "ghost" is not one the header names' \
        in p.stderr, p.stderr


def test_a_header_of_another_version_is_refused(rulecheck, root, small_parts, tmp_path):
    lines = small_parts["two"].read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = "0.0.1"
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    p = merge(rulecheck, root, small_parts["one"], old)
    assert p.returncode == 2 and "old.jsonl: written by rulecheck 0.0.1, not this rulecheck" in p.stderr, p.stderr


def test_the_header_carries_the_settings_that_change_verdicts(small_parts):
    header = json.loads(small_parts["one"].read_text().splitlines()[0])
    assert header["settings"]["strict"] == "false" and header["settings"]["oracle"] == "true"
    assert {"solver_rlimit", "with_solver", "filters", "rule_maps", "known", "timeout_ms", "rules"} <= set(header["settings"])
    strict = json.loads(small_parts["two-strict"].read_text().splitlines()[0])
    assert strict["settings"]["strict"] == "true"


@pytest.mark.parametrize("part,setting", [("two-strict", "strict"), ("two-rlimit", "solver_rlimit")])
def test_parts_run_with_other_settings_are_refused_naming_the_part_and_the_setting(rulecheck, root, small_parts,
                                                                                  part, setting):
    p = merge(rulecheck, root, small_parts["one"], small_parts[part])
    assert p.returncode == 2, p.stderr
    assert f'{part}.jsonl: not a part of the same run as' in p.stderr and f'its setting "{setting}"' in p.stderr, \
        p.stderr


def test_a_part_whose_header_lost_a_setting_is_refused(rulecheck, root, small_parts, tmp_path):
    lines = small_parts["two"].read_text().splitlines()
    header = json.loads(lines[0])
    del header["settings"]["strict"]
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    p = merge(rulecheck, root, small_parts["one"], edited)
    assert p.returncode == 2 and 'its setting "strict" is not set, there false' in p.stderr, p.stderr
