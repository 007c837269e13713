"""Issue 34, items 3 and 8: causes first, and the five glitches.

- every differing field is listed, the cause (a piece's place) before the counter derived from it
  (popularity), and the signature names the cause, the same on a board where popularity moves and
  on one where it cannot;
- the signature of an illegal step is its forbidding clause, with entering and leaving told apart;
  of a legal step the engine refused, the engine's rule;
- a null answer shows as null; the refused-legal solver line says what is true; a case saved with only
  the clause keeps the oracle's reason on its wanted line; fuzz's "e.g." lines are each given once,
  with a count; explain quotes the words of the clause's paragraph, or says they are not at hand.

Engines: examples/engines/bug_no_worker_retreat.py (opponent workers are never sent home) and
tests/engines/answers_alike.py (every request answered alike: accept, refuse or unsupported).
"""
import json
import os
import subprocess
import sys

import pytest

RETREAT = "scythe action move | /state/territories/*/units/*/worker | scythe.move.workers-retreat"


def engine(root, name, *args):
    folder = "examples/engines" if name.startswith("bug_") else "tests/engines"
    return " ".join([sys.executable, str(root / folder / name), *args])


def records(output):
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def cases(output):
    return {r["id"]: r for r in records(output) if r.get("type") == "case"}


def rc(rulecheck, root, *args, env=None, timeout=120):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=str(root))  # the scenarios are named from the root


def scythe_case(case_id, title, note, factions, territories, action, expect):
    return {"id": case_id, "game": "scythe", "title": title, "note": note,
            "cites": ["scythe.move.workers-stop", "scythe.move.workers-retreat", "scythe.move.popularity-loss"],
            "interpretations": {}, "ruleset": {}, "state": {"factions": factions, "territories": territories},
            "steps": [{"action": action, "expect": expect}]}


# Two boards of the one bug (workers never sent home), with different names and counts.
# A: popularity already at its minimum, so the bug changes only where the worker stands.
BOARD_A = scythe_case(
    "i34/retreat-at-minimum",
    "blue mech HB-blue->T1 onto 1 red worker, blue popularity 0: the worker goes home, popularity stays 0",
    "The mech stops in T1 (workers only there) and the red worker goes to HB-red: HB-red red worker 0+1 = 1, "
    "T1 red worker 1-1 = 0. Blue loses 1 popularity per worker sent home, 0-1 = -1, floored at the minimum 0.",
    {"blue": {"home_base": "HB-blue", "popularity": 0}, "red": {"home_base": "HB-red", "popularity": 0}},
    {"HB-blue": {"adjacent": ["T1"], "home_base": "blue", "units": {"blue": {"mech": 1}}},
     "HB-red": {"adjacent": ["T1"], "home_base": "red"},
     "T1": {"adjacent": ["HB-blue", "HB-red"], "terrain": "farm", "units": {"red": {"worker": 1}}}},
    {"type": "move", "faction": "blue", "moves": [{"unit": "mech", "from": "HB-blue", "path": ["T1"]}]},
    {"legal": True, "state": {"factions": {"blue": {"popularity": 0}},
                              "territories": {"HB-red": {"units": {"red": {"worker": 1}}},
                                              "T1": {"units": {"blue": {"mech": 1}, "red": {"worker": 0}}}}}})

# B: other names, two workers, popularity that can fall: the bug also leaves popularity where it was.
BOARD_B = scythe_case(
    "i34/retreat-with-popularity",
    "purple mech Woods->Fields onto 2 yellow workers, purple popularity 6: both go home, popularity 6-2 = 4",
    "The mech stops in Fields (workers only there); both yellow workers go to Y-home: 0+2 = 2, Fields 2-2 = 0. "
    "Purple loses 1 popularity per worker sent home: 6 - 2*1 = 4 (minimum 0 not reached).",
    {"purple": {"home_base": "P-home", "popularity": 6}, "yellow": {"home_base": "Y-home", "popularity": 3}},
    {"P-home": {"adjacent": ["Woods"], "home_base": "purple"},
     "Woods": {"adjacent": ["P-home", "Fields"], "terrain": "forest", "units": {"purple": {"mech": 1}}},
     "Fields": {"adjacent": ["Woods", "Y-home"], "terrain": "farm", "units": {"yellow": {"worker": 2}}},
     "Y-home": {"adjacent": ["Fields"], "home_base": "yellow"}},
    {"type": "move", "faction": "purple", "moves": [{"unit": "mech", "from": "Woods", "path": ["Fields"]}]},
    {"legal": True, "state": {"factions": {"purple": {"popularity": 4}},
                              "territories": {"Y-home": {"units": {"yellow": {"worker": 2}}},
                                              "Fields": {"units": {"purple": {"mech": 1}, "yellow": {"worker": 0}}}}}})


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    folder = tmp_path_factory.mktemp("boards")
    for case in (BOARD_A, BOARD_B):
        (folder / (case["id"].split("/")[1] + ".json")).write_text(json.dumps(case, indent=1))
    return folder


def test_the_boards_are_right_on_the_oracle(rulecheck, root, boards):
    # The hand-worked expectations above hold on the oracle (else the tests below would prove nothing).
    p = rc(rulecheck, root, "run", str(boards), "--format", "jsonl")
    assert p.returncode == 0, p.stdout[-2000:]


def test_one_bug_one_signature_cause_first(rulecheck, root, boards):
    p = rc(rulecheck, root, "run", str(boards), "--no-oracle", "--engine", engine(root, "bug_no_worker_retreat.py"),
           "--format", "jsonl")
    got = cases(p.stdout)
    a, b = got["i34/retreat-at-minimum"], got["i34/retreat-with-popularity"]
    # Before: B's first difference was /state/factions/purple/popularity (document order), so the two
    # boards had two signatures (popularity-loss vs workers-retreat).
    assert a["signature"] == b["signature"] == RETREAT, (a["signature"], b["signature"])
    # Every differing field, the worker's place before the popularity derived from it.
    assert [d["path"] for d in b["differences"]] == [
        "/state/territories/Fields/units/yellow/worker", "/state/territories/Y-home/units/yellow/worker",
        "/state/factions/purple/popularity"]
    assert b["differences"][1] == {"path": "/state/territories/Y-home/units/yellow/worker", "wanted": 2}  # got: absent
    assert b["differences"][2] == {"path": "/state/factions/purple/popularity", "wanted": 4, "got": 6}
    assert b["patch"][0]["path"] == "/state/territories/Fields/units/yellow/worker"
    assert "(and 2 more differing field(s))" in b["message"]
    console = rc(rulecheck, root, "run", str(boards / "retreat-with-popularity.json"), "--no-oracle", "--engine",
                 engine(root, "bug_no_worker_retreat.py"))
    assert "  differs: /state/factions/purple/popularity: wanted 4, got 6\n" in console.stdout
    assert "  differs: /state/territories/Y-home/units/yellow/worker: wanted 2, got (absent)\n" in console.stdout


MOVES = "scenarios/scythe/move/"


def test_accepted_illegal_entering_and_leaving_differ(rulecheck, root):
    p = rc(rulecheck, root, "run", MOVES + "worker-out-of-opponent-mech-territory.json",
           MOVES + "worker-into-opponent-mech.json", MOVES + "worker-into-opponent-character.json", "--no-oracle",
           "--engine", engine(root, "answers_alike.py", "accept"), "--format", "jsonl")
    got = cases(p.stdout)
    clause = "scythe action move | accepted illegal | scythe.move.worker-blocked-by-combat-units"
    # Before: all three were "scythe action move | /legal | scythe.move.worker-blocked-by-combat-units".
    assert got["scythe/move/worker-out-of-opponent-mech-territory"]["signature"] == clause + " (leaving)"
    assert got["scythe/move/worker-into-opponent-mech"]["signature"] == clause + " (entering)"
    assert got["scythe/move/worker-into-opponent-character"]["signature"] == clause + " (entering)"
    # Glitch (c): the scenario names the clause only; the oracle forbids the step by it, so its reason is
    # the reason wanted (before: no expected_reason, and a wanted line with the clause alone).
    assert "out of T2" in got["scythe/move/worker-out-of-opponent-mech-territory"]["expected_reason"]


def test_refused_legal_is_the_engines_rule_and_the_solver_says_so(rulecheck, root):
    # A legal move (the scenario says so) refused by scythe.move.path.
    p = rc(rulecheck, root, "run", MOVES + "character-takes-opponent-armory.json", "--no-oracle", "--engine",
           engine(root, "answers_alike.py", "refuse"), "--format", "jsonl")
    (case,) = cases(p.stdout).values()
    assert case["signature"] == "scythe action move | refused legal | scythe.move.path", case["signature"]
    # Glitch (b): before, "forbidden: every rule of the movement section allows this move".
    assert case["solver"]["why"].startswith("the engine refused a step the solver agrees is legal ("), case["solver"]


def test_a_null_answer_shows_as_null(rulecheck, root):
    # Glitch (a): a query answered null; before, "got (absent)".
    p = rc(rulecheck, root, "run", MOVES + "blue-mech-forces-red-worker-off-red-mill.json", "--no-oracle",
           "--engine", engine(root, "answers_alike.py", "accept"))
    assert "at /result expected true, got null" in p.stdout, p.stdout


def test_saved_fuzz_case_keeps_the_oracles_reason(rulecheck, root, tmp_path):
    # Glitch (c), as fuzz saves a case: the expectation holds the oracle's clause, never its reason.
    case = json.loads((root / MOVES / "worker-out-of-opponent-mech-territory.json").read_text())
    case["id"] = "generated/saved"
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(case))
    p = rc(rulecheck, root, "run", str(saved), "--no-oracle", "--engine", engine(root, "answers_alike.py", "accept"))
    line = next(l for l in p.stdout.splitlines() if l.startswith("  wanted:"))
    assert line.startswith("  wanted:  illegal (scythe.move.worker-blocked-by-combat-units: a worker cannot"), line


def test_fuzz_examples_are_each_given_once(rulecheck, root):
    # Glitch (d): every case answered "unsupported" with one reason: before, up to five equal e.g. lines.
    p = rc(rulecheck, root, "fuzz", "--engine", engine(root, "answers_alike.py", "unsupported"), "--game", "scythe",
           "--cases", "40", "--seed", "3")
    examples = [l for l in p.stdout.splitlines() if l.startswith("  e.g. ")]
    assert examples and len(examples) == len(set(examples)), examples
    assert any(l.endswith(" cases)") for l in examples), examples
    j = rc(rulecheck, root, "fuzz", "--engine", engine(root, "answers_alike.py", "unsupported"), "--game", "scythe",
           "--cases", "40", "--seed", "3", "--format", "jsonl")
    summary = [r for r in records(j.stdout) if r.get("type") == "summary"][-1]
    assert sum(e["cases"] for e in summary["errors"]) == 40, summary["errors"]


EXPLAINED = "scythe/move/worker-out-of-opponent-mech-territory"


def test_explain_quotes_the_paragraph_when_the_texts_are_at_hand(rulecheck, root, tmp_path):
    # Glitch (e). A stand-in text folder (the real texts are not copied into tests): the paragraph the
    # index names for the clause is quoted, flagged as changed since its fingerprint is not the index's.
    index = json.loads((root / "rules" / "scythe" / "clauses.json").read_text())
    entry = next(c for c in index["clauses"] if c["id"] == "scythe.move.worker-blocked-by-combat-units")
    texts = tmp_path / "texts"
    texts.mkdir()
    paragraphs = [f"stand-in paragraph {n}" for n in range(1, entry["paragraph"] + 2)]
    (texts / index["sources"][entry["section"]]).write_text("\n\n".join(paragraphs) + "\n")
    p = rc(rulecheck, root, "explain", EXPLAINED, "--text", str(texts))
    assert p.returncode == 0, p.stderr
    assert f"paragraph {entry['paragraph']}, changed since the clause index was written): stand-in paragraph " \
           f"{entry['paragraph']}\n" in p.stdout, p.stdout
    assert "      rule: " not in p.stdout  # before: the paraphrase, unlabelled


def test_explain_without_texts_labels_the_paraphrase(rulecheck, root, tmp_path):
    env = dict(os.environ, RULECHECK_RULE_TEXTS=str(tmp_path / "none"))
    p = rc(rulecheck, root, "explain", EXPLAINED, env=env)
    assert p.returncode == 0, p.stderr
    assert "      rule, paraphrased (the rule's words are not at hand: " in p.stdout, p.stdout
    missing = rc(rulecheck, root, "explain", EXPLAINED, "--text", str(tmp_path / "none"))
    assert missing.returncode == 2 and "--text" in missing.stderr
