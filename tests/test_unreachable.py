"""`rulecheck run --skip-unreachable`: a scenario marked "unreachable" (its starting board is one play
cannot reach) is skipped on every target, the oracle too, with the reason and the scenario's text; the
summary counts it; without the flag it runs like any other; `--list` shows the mark.

Run: pytest -p no:cacheprovider tests/test_unreachable.py --rulecheck=BINARY --root=REPO_ROOT
The scenarios are written here. The marked one expects the wrong outcome on purpose, so that running it
(instead of skipping it) shows as a failure: 1 Infantry at 1 E from 1 E leaves energy 0, not 1.
"""
import json
import subprocess
import sys

import pytest

WHY = "made up for this test: it names no invariant of rules/<game>/invariants.json"


def muster_scenario(sid, energy_after):
    return {"id": sid, "game": "messina", "title": sid, "cites": ["messina.muster.energy"],
            "state": {"round": 3, "phase": "muster",
                      "factions": {"UE": {"kind": "human", "home": ["D1"], "population": {"spare": 1, "located": 1},
                                          "resources": {"energy": 1}}},
                      "spaces": {"D1": {"adjacent": [], "units": {"UE": {"infantry": 1}}}}},
            "steps": [{"action": {"type": "muster", "faction": "UE", "builds": [{"at": "D1", "unit": "infantry"}]},
                       "expect": {"legal": True, "state": {"factions": {"UE": {"resources": {"energy": energy_after}}}}}}]}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("unreachable")
    (tmp / "plain.json").write_text(json.dumps(muster_scenario("t/plain", 0)))       # 1 - 1 = 0: passes
    marked = dict(muster_scenario("t/marked", 1), unreachable=WHY)                    # wrong on purpose
    (tmp / "marked.json").write_text(json.dumps(marked))
    return tmp


@pytest.fixture(scope="module")
def run(rulecheck, root):
    def run(*args):
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", *args],
                           capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout, p.stderr
    return run


def faithful(root):
    return f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}"


def lines(stdout):
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def test_a_marked_scenario_is_skipped_on_every_target_with_its_reason_and_counted(run, folder, root):
    code, out, err = run(str(folder), "--skip-unreachable", "--engine", faithful(root), "--format", "jsonl")
    assert code == 0, out + err
    cases = [c for c in lines(out) if c["type"] == "case"]
    marked = [c for c in cases if c["id"] == "t/marked"]
    assert [c["target"] for c in marked] == ["oracle", "faithful-python"]
    for c in marked:
        assert c["verdict"] == "skipped"
        assert c["message"] == f"the starting board is one play cannot reach: {WHY}"
    assert all(c["verdict"] == "pass" for c in cases if c["id"] == "t/plain")
    summary = lines(out)[-1]
    assert summary["type"] == "summary" and summary["skipped"] == 2 and summary["pass"] == 2
    assert summary["skips"] == {"oracle": {"the starting board is one play cannot reach": 1},
                                "faithful-python": {"the starting board is one play cannot reach": 1}}


def test_the_console_summary_counts_them_under_one_reason(run, folder):
    code, out, err = run(str(folder), "--skip-unreachable")
    assert code == 0, out + err
    assert "skipped on oracle, by reason:\n       1  the starting board is one play cannot reach\n" in out, out
    assert "1 passed, 0 failed, 1 skipped, 0 errored" in out, out


def test_without_the_flag_a_marked_scenario_runs_like_any_other(run, folder):
    code, out, err = run(str(folder), "--format", "jsonl")
    assert code == 1, out + err
    marked = [c for c in lines(out) if c.get("id") == "t/marked"]
    assert [c["verdict"] for c in marked] == ["fail"]  # energy 1 - 1 = 0, and the file expects 1
    assert "/state/factions/UE/resources/energy" in marked[0]["message"]


def test_list_shows_the_mark(run, folder):
    code, out, err = run(str(folder), "--list")
    assert code == 0, out + err
    assert f"t/marked  t/marked  [unreachable: {WHY}]" in out.splitlines(), out
    assert "t/plain  t/plain" in out.splitlines(), out
    code, out, err = run(str(folder), "--list", "--format", "jsonl")
    listed = {c["id"]: c for c in lines(out)}
    assert listed["t/marked"]["unreachable"] == WHY
    assert "unreachable" not in listed["t/plain"]
