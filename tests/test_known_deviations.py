"""Known deviations (`--known FILE`, docs/known-deviations.md) on an engine rulecheck did not write.

tests/engines/one_deviation.py behaves like a real engine with one known deviation: a mech told to
carry more workers than stand with it carries those there are, silently (the rules make such a move
illegal: scythe.move.unit-present). `--second` seeds a second, new deviation: the Consumption cost
rounded down (messina.consumption.cost).

The signature of the known deviation is worked out from the rule text, not copied from a run: the
move is illegal and the engine calls it legal ("accepted illegal"), and an illegal step is decided by
the clause that forbids it, the workers the mech would carry not being there (scythe.move.unit-present).
"""
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from strict_json import load_json

KNOWN_SIGNATURE = "scythe action move | accepted illegal | scythe.move.unit-present"
SEED = 5
CASES = 6000


def engine(root, *flags):
    return " ".join([sys.executable, str(root / "tests" / "engines" / "one_deviation.py"), *flags])


def records(output):
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def summary_of(p):
    return [r for r in records(p.stdout) if r.get("type") == "summary"][-1]


def write_known(path, entries):
    path.write_text(json.dumps({"known": entries}, indent=2))
    return path


def fuzz(rulecheck, root, eng, tmp_path, *args):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), "fuzz", "--engine", eng, "--seed", str(SEED),
                           "--cases", str(CASES), "--keep-going", "--format", "jsonl",
                           "--save-dir", str(tmp_path / "found"), *args],
                          capture_output=True, text=True, timeout=1800)


def run(rulecheck, root, eng, *args):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"), "--rulesets", "any", "--no-oracle",
                           "--engine", eng, "--format", "jsonl", *args], capture_output=True, text=True, timeout=1800)


@pytest.fixture(scope="module")
def known_schema(root):
    return jsonschema.Draft202012Validator(load_json(root / "protocol" / "schema" / "known.schema.json"))


@pytest.fixture
def known_file(tmp_path, known_schema):
    """The engine's known-deviations file, as its authors would write it, checked against the schema."""
    entries = [{"signature": KNOWN_SIGNATURE, "reason": "a mech's carry count is clamped to the workers there",
                "link": "https://example.org/engine/issues/1"},
               # The corpus also catches the clamp where the carried workers had moved already (the same
               # deviation seen through other clauses): listed by scenario, for this engine only.
               {"scenario": "scythe/move/worker-moves-then-carried-*",
                "target": "one-deviation: mech carry clamped", "reason": "the same clamp, after a worker moved"}]
    path = write_known(tmp_path / "known.json", entries)
    assert not list(known_schema.iter_errors(load_json(path)))
    return path


def test_fuzz_keep_going_passes_with_the_deviation_known(rulecheck, root, tmp_path, known_file):
    p = fuzz(rulecheck, root, engine(root), tmp_path, "--known", str(known_file))
    s = summary_of(p)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr
    assert s["cases"] == CASES
    assert s["known"] > 0, s
    assert s["failed"] == 0 and s["groups"] == [], s["groups"]
    # The scenario entry matches no generated case (their ids are generated/...): not reached, never stale
    # (generated cases cover no entry: docs/known-deviations.md); the signature entry has its count.
    assert s["stale_known"] == [], s["stale_known"]
    entries = {e["pointer"]: e for e in s["known_entries"]}
    assert entries["/known/1"]["status"] == "not reached", entries
    assert entries["/known/0"]["status"] == "matched" and entries["/known/0"]["matched"] == s["known"], entries


def test_without_the_file_the_deviation_is_one_group_with_its_smallest_case(rulecheck, root, tmp_path):
    p = fuzz(rulecheck, root, engine(root), tmp_path)
    s = summary_of(p)
    assert p.returncode == 1
    assert [g["signature"] for g in s["groups"]] == [KNOWN_SIGNATURE]
    group = s["groups"][0]
    assert group["count"] == s["failed"] > 1  # every member counted, one saved
    assert Path(group["smallest"]["file"]).exists()
    assert len(list((tmp_path / "found").glob("*.json"))) == 1
    findings = [r for r in records(p.stdout) if r.get("type") == "finding"]
    assert len(findings) == 1 and findings[0]["signature"] == KNOWN_SIGNATURE


def test_a_second_deviation_is_reported_as_a_new_group_and_fails(rulecheck, root, tmp_path, known_file):
    p = fuzz(rulecheck, root, engine(root, "--second"), tmp_path, "--known", str(known_file))
    s = summary_of(p)
    assert p.returncode == 1, p.stdout[-3000:]
    assert s["known"] > 0
    new = [g for g in s["groups"] if g["signature"] != KNOWN_SIGNATURE]
    assert new and all(g["signature"].startswith("messina action consume | ") for g in new), s["groups"]
    assert sum(g["count"] for g in s["groups"]) == s["failed"]
    for g in new:  # each group's smallest case is saved and replays the disagreement through run
        saved = g["smallest"]["file"]
        again = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", saved, "--no-oracle", "--engine",
                                engine(root, "--second"), "--format", "jsonl"], capture_output=True, text=True,
                               timeout=120)
        case = next(r for r in records(again.stdout) if "verdict" in r)
        assert case["verdict"] == "fail" and case["signature"] == g["signature"], case


def test_run_takes_the_same_file(rulecheck, root, known_file):
    p = run(rulecheck, root, engine(root), "--known", str(known_file))
    s = summary_of(p)
    cases = [r for r in records(p.stdout) if "verdict" in r]
    known = [c for c in cases if c["verdict"] == "known"]
    assert p.returncode == 0, [c for c in cases if c["verdict"] == "fail"]
    assert {c["id"] for c in known} >= {"scythe/move/carry-more-workers-than-present"}
    assert all(c["known_reason"] for c in known)
    assert s["known"] == len(known) and s["fail"] == 0
    assert s["stale_known"] == []

    seeded = run(rulecheck, root, engine(root, "--second"), "--known", str(known_file))
    failed = {r["id"] for r in records(seeded.stdout) if r.get("verdict") == "fail"}
    assert seeded.returncode == 1
    # The scenario entry is for the first engine's name only: under the second's, its cases fail again
    # and the entry matched nothing; the signature entry still holds. Everything else that fails is new.
    again = {i for i in failed if i.startswith("scythe/move/worker-moves-then-carried-")}
    assert len(again) == 2
    assert failed - again and all(i.startswith("messina/consumption/") for i in failed - again), failed
    # No case ran on the entry's target, so the run does not cover it: not reached, not stale.
    entries = {e["pointer"]: e for e in summary_of(seeded)["known_entries"]}
    assert entries["/known/1"]["status"] == "not reached" and entries["/known/1"]["cases"] == 0, entries


def test_a_stale_entry_is_reported_in_run(rulecheck, root, tmp_path, known_file):
    entries = json.loads(known_file.read_text())["known"]
    entries.append({"signature": "messina action consume | /state/factions/*/dead | messina.consumption.cost",
                    "reason": "fixed long ago"})
    path = write_known(tmp_path / "stale.json", entries)
    # A signature entry no case matched: no run proves it gone, so it is not reached (exit 0)...
    p = run(rulecheck, root, engine(root), "--known", str(path))
    assert p.returncode == 0
    assert not [line for line in summary_of(p)["stale_known"] if "/known/2" in line]
    assert {e["pointer"]: e["status"] for e in summary_of(p)["known_entries"]}["/known/2"] == "not reached"
    # ... unless the user asserts the run shows it (--require-known): then stale, and the run exits 1.
    p = run(rulecheck, root, engine(root), "--known", str(path), "--require-known")
    assert p.returncode == 1
    assert [line for line in summary_of(p)["stale_known"] if "/known/2" in line]
    console = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / "scythe"),
                              "--no-oracle", "--engine", engine(root), "--known", str(path), "--require-known", "-q"],
                             capture_output=True, text=True, timeout=600)
    assert "stale known deviation:" in console.stdout and "/known/2" in console.stdout


BAD_FILES = {
    "no list": ({"entries": []}, "/entries"),
    "both keys": ({"known": [{"signature": "x", "scenario": "y", "reason": "r"}]}, "/known/0"),
    "no reason": ({"known": [{"signature": "x"}]}, "/known/0"),
    "unknown field": ({"known": [{"signature": "x", "reason": "r", "why": "?"}]}, "/known/0/why"),
    "not a string": ({"known": [{"scenario": 3, "reason": "r"}]}, "/known/0/scenario"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_is_refused_naming_the_file_and_the_pointer(rulecheck, root, tmp_path, known_schema, name):
    doc, pointer = BAD_FILES[name]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert list(known_schema.iter_errors(doc)), "the schema accepts it too"
    for command in (["run", str(root / "scenarios" / "scythe" / "move")],
                    ["fuzz", "--engine", engine(root), "--cases", "10"]):
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), *command, "--known", str(path)],
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 2, p.stdout + p.stderr
        assert str(path) in p.stderr and f"at {pointer}:" in p.stderr, p.stderr
