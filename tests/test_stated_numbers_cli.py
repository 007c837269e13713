"""The numbers the rule texts state (rules/<game>/numbers.json) through the CLI: `rules check` reads
every one against the texts; a text edit that changes one sentence's number and leaves a sentence
restating it is a contradiction naming both (`rules check`, `diff --text`); `diff --edited` lists the
sentences a ruleset edit changes. Edits are made by a number's place in its paragraph, so no rule
sentence is written here. Needs the rule texts ($RULECHECK_RULE_TEXTS or ../shared/rules), else skips."""
import json
import os
import re
import shutil
import subprocess

import pytest

NUMBER = re.compile(r"(?<![A-Za-z0-9])\d+(?:\.\d+)?")


def rule_texts(root):
    texts = os.environ.get("RULECHECK_RULE_TEXTS") or str(root.parent / "shared" / "rules")
    if not os.path.isdir(texts):
        pytest.skip(f"no rule texts at {texts} (set RULECHECK_RULE_TEXTS): the stated numbers are read from them")
    return texts


def set_number(file, paragraph, nth, value):
    """Replaces the nth number (from 1) of the paragraph (from 1: runs of non-blank lines) of `file`."""
    lines = file.read_text(encoding="utf-8").split("\n")
    number, in_paragraph = 0, False
    seen = 0
    for i, line in enumerate(lines):
        blank = not line.strip()
        if not blank and not in_paragraph:
            number += 1
        in_paragraph = not blank
        if blank or number != paragraph:
            continue
        for m in NUMBER.finditer(line):
            seen += 1
            if seen == nth:
                lines[i] = line[:m.start()] + str(value) + line[m.end():]
                file.write_text("\n".join(lines), encoding="utf-8")
                return m.group(0)
    raise AssertionError(f"{file.name} paragraph {paragraph} has no number #{nth}")


def entries(root, game="messina"):
    doc = json.loads((root / "rules" / game / "numbers.json").read_text())
    return [(p["clause"], n) for p in doc["paragraphs"] for n in p["numbers"]]


def run(rulecheck, *args):
    return subprocess.run([rulecheck, *args], capture_output=True, text=True, timeout=600)


def test_every_stated_number_is_read_and_only_the_fighters_total_contradicts(rulecheck, root):
    texts = rule_texts(root)
    p = run(rulecheck, "rules", "check", "--text", texts, "--format", "json")
    assert p.returncode == 0, p.stdout + p.stderr
    stated = json.loads(p.stdout)["fingerprints"]["stated_numbers"]
    assert stated["read"] == len(entries(root, "messina")) + len(entries(root, "scythe"))
    # The unit table's Fighter row: built for 3E, its ten-round Energy total reads 4E; nothing else
    # in the texts disagrees (worked by hand: every other row's totals are its cost and 2.5F/2.5W).
    assert stated["agree"] == stated["read"] - 1
    [known] = stated["known_contradictions"]
    assert "units.fighter.cost" in known and "states 4" in known


def edited_texts(root, tmp_path):
    edited = tmp_path / "texts"
    shutil.copytree(rule_texts(root), edited)
    # The Muster page's stacking paragraph (3), its first number: the map limit.
    assert set_number(edited / "messina-muster-phase.txt", 3, 1, 6) == "5"
    return edited


def test_a_new_map_limit_beside_the_old_location_total_is_a_contradiction(rulecheck, root, tmp_path):
    edited = edited_texts(root, tmp_path)
    p = run(rulecheck, "rules", "check", "--text", str(edited))
    assert p.returncode == 1
    lines = p.stdout.splitlines()
    # The Location Cards page still says 7 (and restates 5): 2 + 6 = 8 now.
    total = [l for l in lines if "messina.cards.seven-per-location" in l and "states 7" in l]
    assert total and "= 8" in total[0] and "messina.muster.stacking" in total[0], p.stdout
    assert any("stacking_map = 6" in l and "has 5" in l for l in lines), p.stdout


def test_diff_text_gives_the_ruleset_edit_and_the_contradiction(rulecheck, root, tmp_path):
    edited = edited_texts(root, tmp_path)
    p = run(rulecheck, "diff", "--text", str(edited), "--rlimit", "0", "--format", "json")
    assert p.returncode == 1, p.stderr
    [messina] = [n for n in json.loads(p.stdout)["numbers"] if n["game"] == "messina"]
    assert messina["edit"] == {"game": "messina", "stacking_map": 6}
    assert [k["key"] for k in messina["keys"]] == ["stacking_map"]
    assert any("states 7" in c and "= 8" in c for c in messina["contradictions"]), messina
    # Editing the location total to 8 as well leaves no contradiction.
    assert set_number(edited / "messina-location-cards.txt", 8, 2, 6) == "5"
    assert set_number(edited / "messina-location-cards.txt", 8, 3, 8) == "7"
    p = run(rulecheck, "diff", "--text", str(edited), "--rlimit", "0", "--format", "json")
    [messina] = [n for n in json.loads(p.stdout)["numbers"] if n["game"] == "messina"]
    assert messina["contradictions"] == [], messina


def test_diff_edited_lists_the_sentences_the_edit_changes(rulecheck, root, tmp_path):
    edit = tmp_path / "edit.json"
    edit.write_text(json.dumps({"game": "messina", "stacking_map": 6}))
    p = run(rulecheck, "diff", "--edited", str(edit), "--rlimit", "0", "--sample", "0", "--format", "json")
    assert p.returncode in (0, 1), p.stderr
    sentences = json.loads(p.stdout)["sentences"]
    total = [s for s in sentences if s["clause"] == "messina.cards.seven-per-location" and not s["states_a_key"]]
    assert [(s["before"], s["after"]) for s in total] == [(7, 8)]
    assert total[0]["rests_on"] == ["messina.muster.stacking"]
    # Every sentence listed reads stacking_map: no other number depends on it.
    assert all("stacking_map" in s["means"] for s in sentences)
