"""Issue 34, the fuzz workflow: known deviations that tell the truth, failures on boards marked
unreachable, focus (--kinds, --keys), the unsupported share, coverage of answered cases only.

Run: pytest -p no:cacheprovider tests/test_i34_fuzzflow.py --rulecheck=BINARY --root=REPO_ROOT

Engines: examples/engines/faithful.py (follows the rules), examples/engines/bug_no_worker_retreat.py
(Scythe: an opponent's workers stay where a character or mech stops, scythe.move.workers-retreat),
tests/engines/variant.py --only controller (the faithful engine answering only Scythe's controller
query, "unsupported" to everything else).
"""
import json
import subprocess
import sys

import pytest

SEED = 3


def records(output):
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def summary_of(p):
    return [r for r in records(p.stdout) if r.get("type") == "summary"][-1]


def entries_of(p):
    return {e["pointer"]: e for e in summary_of(p)["known_entries"]}


@pytest.fixture(scope="module")
def engines(root):
    py = sys.executable
    return {"faithful": f"{py} {root / 'examples' / 'engines' / 'faithful.py'}",
            "retreat": f"{py} {root / 'examples' / 'engines' / 'bug_no_worker_retreat.py'}",
            "controller-only": f"{py} {root / 'tests' / 'engines' / 'variant.py'} --only controller"}


@pytest.fixture(scope="module")
def rc(rulecheck, root):
    def rc(*args, timeout=300):
        return subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], capture_output=True, text=True,
                              timeout=timeout)
    return rc


def fuzz(rc, engine, tmp_path, *args):
    return rc("fuzz", "--engine", engine, "--game", "scythe", "--seed", str(SEED), "--save-dir", str(tmp_path / "found"),
              *args)


def known(tmp_path, name, entries):
    path = tmp_path / name
    path.write_text(json.dumps({"known": entries}))
    return str(path)


# ---------------------------------------------------------------- 1. known deviations under fuzz

NEVER = "scythe action move | /state/nowhere | scythe.move.nothing"  # no failure has this signature


def test_an_entry_fuzz_did_not_reach_is_not_reached_not_stale(rc, engines, tmp_path):
    # Before: both entries were reported stale ("the engine was fixed") after any fuzz run that missed them.
    f = known(tmp_path, "k.json", [{"signature": NEVER, "reason": "never seen"},
                                   {"scenario": "scythe/move/*", "reason": "a corpus entry"}])
    p = fuzz(rc, engines["faithful"], tmp_path, "--cases", "150", "--known", f, "--format", "jsonl")
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr  # exit status as docs say: not reached is no failure
    s = summary_of(p)
    assert s["stale_known"] == []
    answered = s["cases"] - s["unsupported"] - s["errored"]
    for e in entries_of(p).values():
        assert e["status"] == "not reached" and e["matched"] == 0 and e["cases"] == answered, e
        assert e["why"].startswith(f"not reached in {answered} case(s)"), e
    console = fuzz(rc, engines["faithful"], tmp_path, "--cases", "150", "--known", f)
    assert f"known deviation {f} at /known/0 (signature \"{NEVER}\"): not reached in" in console.stdout
    assert "stale known deviation" not in console.stdout


def test_require_known_makes_an_unmatched_entry_stale_and_fails_the_run(rc, engines, tmp_path):
    # Before: there was no --require-known (exit 2, unknown option).
    f = known(tmp_path, "k.json", [{"signature": NEVER, "reason": "never seen"}])
    p = fuzz(rc, engines["faithful"], tmp_path, "--cases", "100", "--known", f, "--require-known", "--format", "jsonl")
    assert p.returncode == 1, p.stdout[-2000:] + p.stderr
    assert entries_of(p)["/known/0"]["status"] == "stale"
    assert len(summary_of(p)["stale_known"]) == 1
    alone = rc("fuzz", "--engine", engines["faithful"], "--cases", "1", "--require-known")
    assert alone.returncode == 2 and "--known" in alone.stderr  # it needs a file


def test_a_matched_entry_shows_its_count(rc, engines, root, tmp_path):
    # Before: matches were counted only as a total ("known": N), never per entry.
    # The seeded bug's signatures, from the corpus (fast: no shrinking), each an entry; then a glob that takes
    # every generated case left, so that no finding is shrunk. A case takes the first entry that matches it.
    corpus = rc("run", str(root / "scenarios" / "scythe" / "move"), "--engine", engines["retreat"], "--no-oracle",
                "--format", "jsonl")  # the solver's default budget, as the fuzz runs below: the same signatures
    signatures = sorted({r["signature"] for r in records(corpus.stdout) if r.get("verdict") == "fail"})
    assert signatures, corpus.stdout[-2000:]
    entries = [{"signature": sig, "reason": "workers do not retreat"} for sig in signatures]
    entries.append({"scenario": "generated/*", "reason": "every other generated case"})
    f = known(tmp_path, "k.json", entries)
    args = ["--cases", "300", "--keep-going", "--known", f]
    p = fuzz(rc, engines["retreat"], tmp_path, *args, "--format", "jsonl")
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    s = summary_of(p)
    counts = {e["pointer"]: e["matched"] for e in s["known_entries"]}
    assert s["known"] > 0 and sum(counts.values()) == s["known"], (counts, s["known"])
    by_signature = [(f"/known/{i}", sig, counts[f"/known/{i}"]) for i, sig in enumerate(signatures)]
    assert any(n > 0 for _, _, n in by_signature), counts  # the bug shows in generated cases as in the corpus
    console = fuzz(rc, engines["retreat"], tmp_path, *args)
    for pointer, sig, n in by_signature:
        said = f"{pointer} (signature \"{sig}\"): " + (f"matched {n} case(s)" if n else "not reached in 300 case(s)")
        assert said in console.stdout, console.stdout[-3000:]


def test_a_corpus_run_calls_stale_only_an_entry_whose_scenarios_it_ran(rc, engines, root, tmp_path):
    # The faithful engine passes every scythe/move scenario: an entry naming them is stale (the engine answered
    # them and none failed). A signature entry, and a scenario entry whose scenarios did not run, are not
    # reached. Before: all three were stale.
    f = known(tmp_path, "k.json", [{"scenario": "scythe/move/*", "reason": "was broken once"},
                                   {"signature": NEVER, "reason": "never seen"},
                                   {"scenario": "messina/consumption/*", "reason": "not in this run"}])
    args = ["run", str(root / "scenarios" / "scythe" / "move"), "--engine", engines["faithful"], "--no-oracle",
            "--known", f, "--format", "jsonl"]
    p = rc(*args)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr  # stale is not a failure without --require-known
    e = entries_of(p)
    assert e["/known/0"]["status"] == "stale" and e["/known/0"]["covering"] > 0, e
    assert e["/known/1"]["status"] == "not reached" and e["/known/2"]["status"] == "not reached", e
    assert [line for line in summary_of(p)["stale_known"]] == [f"{f} at /known/0 (scenario \"scythe/move/*\"): "
                                                                 + e["/known/0"]["why"]]
    required = rc(*args, "--require-known")
    assert required.returncode == 1
    assert {k: v["status"] for k, v in entries_of(required).items()} == {
        "/known/0": "stale", "/known/1": "stale", "/known/2": "stale"}
    out = tmp_path / "out"
    rc(*args, "--output-dir", str(out))
    md = (out / "summary.md").read_text()
    assert "| Known deviation | Status | Matched |" in md and "not reached in" in md, md


# ---------------------------------------------------------------- 4. boards marked unreachable

def muster(sid, energy_after, **extra):
    # 1 Infantry mustered at 1 E from 1 E leaves energy 0 (messina.muster.energy); energy_after 1 is wrong on purpose.
    return dict({"id": sid, "game": "messina", "title": sid, "cites": ["messina.muster.energy"],
                 "state": {"round": 3, "phase": "muster",
                           "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"spare": 1, "located": 1},
                                               "resources": {"energy": 1}}},
                           "spaces": {"D1": {"adjacent": [], "units": {"UE": {"infantry": 1}}}}},
                 "steps": [{"action": {"type": "muster", "faction": "UE", "builds": [{"at": "D1", "unit": "infantry"}]},
                            "expect": {"legal": True,
                                       "state": {"factions": {"UE": {"resources": {"energy": energy_after}}}}}}]},
                **extra)


def test_a_failure_on_a_board_marked_unreachable_says_so_and_is_counted_apart(rc, engines, tmp_path):
    # Before: the marked failure read like any other, and the summary said "2 failed" only.
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "plain.json").write_text(json.dumps(muster("t/plain", 1)))
    (folder / "marked.json").write_text(json.dumps(muster("t/marked", 1, unreachable="made up for this test")))
    console = rc("run", str(folder), "--engine", engines["faithful"], "--no-oracle")
    assert console.returncode == 1
    lines = console.stdout.splitlines()
    assert "FAIL t/marked [faithful-python] (on a board the scenario marks unreachable)" in lines, console.stdout
    assert "FAIL t/plain [faithful-python]" in lines
    assert "2 failed (1 on boards marked unreachable: --skip-unreachable skips them)" in console.stdout
    p = rc("run", str(folder), "--engine", engines["faithful"], "--no-oracle", "--format", "jsonl")
    cases = {r["id"]: r for r in records(p.stdout) if r.get("type") == "case"}
    assert cases["t/marked"]["unreachable"] == "made up for this test" and "unreachable" not in cases["t/plain"]
    assert summary_of(p)["fail"] == 2 and summary_of(p)["fail_unreachable"] == 1


# ---------------------------------------------------------------- 5. focus, unsupported share, coverage

def test_kinds_and_keys_are_checked_against_the_game(rc, engines, tmp_path):
    bad_kind = fuzz(rc, engines["faithful"], tmp_path, "--cases", "5", "--kinds", "action:moov")
    assert bad_kind.returncode == 2
    assert "\"action:moov\" is no request kind" in bad_kind.stderr and "action:move" in bad_kind.stderr, bad_kind.stderr
    assert "query:controller" in bad_kind.stderr
    bad_key = fuzz(rc, engines["faithful"], tmp_path, "--cases", "5", "--keys", "popularity")
    assert bad_key.returncode == 2
    assert "\"popularity\" is no ruleset key" in bad_key.stderr and "popularity_min" in bad_key.stderr, bad_key.stderr
    both = fuzz(rc, engines["faithful"], tmp_path, "--cases", "5", "--keys", "popularity_min", "--default-ruleset")
    assert both.returncode == 2, both.stderr


def test_kinds_and_keys_focus_the_cases(rc, engines, tmp_path):
    # Without --kinds, about 7 scythe cases in 10 are moves; without --keys, every key is sampled.
    p = fuzz(rc, engines["faithful"], tmp_path, "--cases", "120", "--kinds", "query:controller,action:move",
             "--keys", "popularity_min", "--format", "jsonl")
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    s = summary_of(p)
    assert set(s["kinds"]) <= {"scythe move", "scythe controller"} and s["kinds"].get("scythe controller"), s["kinds"]
    assert sum(s["kinds"].values()) == 120
    sampled = {k: n for k, n in s["coverage"]["ruleset_keys"].items() if n}
    assert set(sampled) <= {"scythe popularity_min"}, sampled
    assert s["focus"]["set_aside"] > 0


def test_the_unsupported_share_and_coverage_of_answered_cases_only(rc, engines, tmp_path):
    # The engine answers only the controller query (1 case in 10): over a third is "unsupported".
    p = fuzz(rc, engines["controller-only"], tmp_path, "--cases", "100", "--format", "jsonl")
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    s = summary_of(p)
    # Coverage counts only what the engine answered: the moves were generated (and the oracle judged them)
    # but the engine answered none. Before: every generated move counted as reached (29 legal, 43 illegal).
    types = s["coverage"]["types"]
    assert s["kinds"]["scythe move"] > 0
    assert types["scythe action move legal"] == 0 and types["scythe action move illegal"] == 0, types
    assert types["scythe query controller answered"] == s["kinds"]["scythe controller"], (types, s["kinds"])
    assert all(n == 0 for n in s["coverage"]["require_clauses"].values())
    # The share, and the suggestion (before: neither was given).
    assert s["unsupported"] > s["cases"] / 3 and s["unsupported_share"] == s["unsupported"] / s["cases"]
    assert s["suggested_kinds"] == "query:controller", s
    console = fuzz(rc, engines["controller-only"], tmp_path, "--cases", "100")
    share = f"{s['unsupported']} of 100 case(s) ({round(100 * s['unsupported_share'])} %) were answered \"unsupported\""
    assert share in console.stdout and "--kinds query:controller" in console.stdout, console.stdout[-3000:]
    few = fuzz(rc, engines["faithful"], tmp_path, "--cases", "50")
    assert "0 of 50 case(s) (0 %) were answered \"unsupported\"\n" in few.stdout  # no suggestion at a third or less
