"""Contradictions from the texts given, in every command that is given texts (issue 33, item 4):
`ambiguities --text DIR`, `ambiguities --edited`, `rules check --text DIR` and `diff --text DIR` read
the numbers the texts state (rules/<game>/numbers.json), name each contradiction on the console, in
the JSON and in the report, and exit 1; a paragraph whose words changed and whose numbers no entry
reads is listed to re-read with what cites it, never passed as "none". Edits are made by place (the
nth number of a paragraph; a word inserted after the first "may" of a paragraph), so no rule sentence
is written here. Needs the rule texts ($RULECHECK_RULE_TEXTS or ../shared/rules), else skips."""
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


def paragraph_lines(lines, paragraph):
    """The indexes of the lines of paragraph `paragraph` (from 1: runs of non-blank lines)."""
    number, in_paragraph, out = 0, False, []
    for i, line in enumerate(lines):
        blank = not line.strip()
        if not blank and not in_paragraph:
            number += 1
        in_paragraph = not blank
        if not blank and number == paragraph:
            out.append(i)
    return out


def set_number(file, paragraph, nth, value):
    """Replaces the nth number (from 1) of the paragraph of `file`; returns the number replaced."""
    lines = file.read_text(encoding="utf-8").split("\n")
    seen = 0
    for i in paragraph_lines(lines, paragraph):
        for m in NUMBER.finditer(lines[i]):
            seen += 1
            if seen == nth:
                lines[i] = lines[i][:m.start()] + str(value) + lines[i][m.end():]
                file.write_text("\n".join(lines), encoding="utf-8")
                return m.group(0)
    raise AssertionError(f"{file.name} paragraph {paragraph} has no number #{nth}")


def insert_after_first(file, paragraph, word, inserted):
    """Inserts `inserted` after the first whole `word` of the paragraph (an edit of words, no number)."""
    lines = file.read_text(encoding="utf-8").split("\n")
    for i in paragraph_lines(lines, paragraph):
        m = re.search(rf"\b{word}\b", lines[i])
        if m:
            lines[i] = lines[i][:m.end()] + " " + inserted + lines[i][m.end():]
            file.write_text("\n".join(lines), encoding="utf-8")
            return
    raise AssertionError(f"{file.name} paragraph {paragraph} has no word {word}")


def copy_texts(root, tmp_path, name):
    edited = tmp_path / name
    shutil.copytree(rule_texts(root), edited)
    return edited


def run(rulecheck, root, *args):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], capture_output=True, text=True,
                          timeout=600)


def ambiguities(rulecheck, root, *args):
    """Messina's ambiguities without the literal search for new findings (the contradiction search and the
    texts' checks still run): the console run, and the JSON run with the report written."""
    return run(rulecheck, root, "ambiguities", "--game", "messina", "--no-discovery", *args)


# ---- the seeded edit of the stacking limit: 6 per map space beside a location's total of 7 (5 + 2) ----


@pytest.fixture(scope="module")
def stacking(rulecheck, root, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("stacking")
    edited = copy_texts(root, tmp, "texts")
    # The Muster page's stacking paragraph (3), its first number: the map limit.
    assert set_number(edited / "messina-muster-phase.txt", 3, 1, 6) == "5"
    out = tmp / "report"
    console = ambiguities(rulecheck, root, "--text", str(edited))
    js = ambiguities(rulecheck, root, "--text", str(edited), "--format", "json", "--output-dir", str(out))
    return edited, console, js, json.loads(js.stdout), out


def stated(doc):
    (c,) = doc["contradictions"]
    return c["stated_numbers"]


def test_ambiguities_text_finds_the_stacking_contradiction_and_exits_1(stacking):
    # Before: "none ... contradictions ... (proved)" and exit 0 on this copy.
    _, console, js, doc, _ = stacking
    assert console.returncode == 1 and js.returncode == 1, console.stderr + js.stderr
    numbers = stated(doc)
    assert numbers["checked"] and numbers["open"] == 3, numbers
    # The location total (5 + 2 = 7 stated) against the new map limit: 2 + 6 = 8.
    total = [x for x in numbers["contradictions"]
             if x["clause"] == "messina.cards.seven-per-location" and x["stated"] == 7]
    assert total and total[0]["expected"] == 8 and total[0]["between"] == "sentences", numbers
    assert total[0]["clauses"] == ["messina.cards.seven-per-location", "messina.muster.stacking"]
    # The stacking sentence against the ruleset the search read (5).
    assert any(x["clause"] == "messina.muster.stacking" and x["between"] == "ruleset" and x["stated"] == 6
               and x["expected"] == 5 for x in numbers["contradictions"]), numbers
    assert doc["counts"]["contradictions"] == 3 and doc["counts"]["stated_number_contradictions"] == 3
    lines = console.stdout.splitlines()
    assert any(l.startswith("CONTRADICTION messina stated numbers") and "states 7" in l and "= 8" in l for l in lines)
    # The literal search's line never says "none" when the stated numbers found one.
    assert not any(l.startswith("none") and "contradictions" in l for l in lines), console.stdout
    assert any(l.startswith("contradictions: 3 (3 of the stated numbers") for l in lines), console.stdout


def test_the_stacking_contradiction_is_in_the_designers_report_with_both_sentences(stacking):
    _, _, _, doc, out = stacking
    md = (out / "ambiguities.md").read_text(encoding="utf-8")
    html = (out / "ambiguities.html").read_text(encoding="utf-8")
    for report, paragraph in ((md, ", paragraph "), (html, " ¶")):
        assert "messina: contradictions found" in report
        assert "states 7; stacking_card + stacking_map = 8" in report
        for where in ("messina-location-cards.txt" + paragraph + "8", "messina-muster-phase.txt" + paragraph + "3"):
            assert where in report, where


def test_the_fighters_known_contradiction_is_in_every_report(stacking):
    # Before: only `rules check` listed it; the designer's report and ambiguities' JSON did not.
    _, console, _, doc, out = stacking
    (known,) = [x for x in stated(doc)["contradictions"] if x["known"]]
    assert known["clause"] == "messina.muster.unit-table.derived" and known["stated"] == 4 and known["expected"] == 3
    assert "units.fighter.cost" in known["means"] and known["known_why"]
    assert any(l.startswith("known") and "units.fighter.cost = 3" in l for l in console.stdout.splitlines())
    for name in ("ambiguities.md", "ambiguities.html"):
        assert "states 4; units.fighter.cost = 3" in (out / name).read_text(encoding="utf-8"), name


def test_rules_check_and_diff_text_name_the_same_contradiction_and_exit_1(rulecheck, root, stacking):
    edited = stacking[0]
    p = run(rulecheck, root, "rules", "check", "--text", str(edited), "--format", "json")
    assert p.returncode == 1
    found = json.loads(p.stdout)["fingerprints"]["stated_numbers"]["contradictions"]
    assert any("states 7; stacking_card + stacking_map = 8" in c for c in found), found
    p = run(rulecheck, root, "diff", "--text", str(edited), "--rlimit", "0", "--format", "json")
    assert p.returncode == 1
    [messina] = [n for n in json.loads(p.stdout)["numbers"] if n["game"] == "messina"]
    assert any("states 7; stacking_card + stacking_map = 8" in c for c in messina["contradictions"]), messina
    # Before: diff --text did not list the Fighter's known contradiction.
    assert any("units.fighter.cost = 3" in c for c in messina["known_contradictions"]), messina


# ---- the seeded edit of the bill: 1 F per 3 tokens beside the worked examples at 2 per F ----


def test_a_bill_per_3_tokens_contradicts_the_worked_examples_in_ambiguities(rulecheck, root, tmp_path):
    edited = copy_texts(root, tmp_path, "texts")
    # The Consumption page's cost paragraph (2), its third number: the tokens per Food and Water.
    assert set_number(edited / "messina-consumption-phase.txt", 2, 3, 3) == "2"
    p = ambiguities(rulecheck, root, "--text", str(edited), "--format", "json")
    assert p.returncode == 1, p.stderr
    numbers = stated(json.loads(p.stdout))
    # The example's 7 tokens cost 4 F at 2 per F; at 3 per F, ceil(7 / 3) = 3.
    example = [x for x in numbers["contradictions"] if x["clause"] == "messina.consumption.cost" and x["stated"] == 4]
    assert example and all(x["expected"] == 3 for x in example), numbers
    # The shortfall example's full bill: 20 tokens at 2 per F is 10; at 3, ceil(20 / 3) = 7.
    assert any(x["clause"] == "messina.consumption.shortfall" and x["stated"] == 10 and x["expected"] == 7
               for x in numbers["contradictions"]), numbers


# ---- a ruleset edit the texts do not follow ----


def test_ambiguities_edited_names_each_sentence_the_edit_contradicts_and_exits_1(rulecheck, root, tmp_path):
    # Before: the literal search's contradiction was printed, and the exit status was 0.
    rule_texts(root)  # the sentences the edit contradicts are read from them
    edit = tmp_path / "map6.json"
    edit.write_text(json.dumps({"game": "messina", "stacking_map": 6}))
    p = ambiguities(rulecheck, root, "--edited", str(edit), "--format", "json")
    assert p.returncode == 1, p.stderr
    doc = json.loads(p.stdout)
    against = {(x["clause"], x["stated"], x["expected"]) for x in stated(doc)["contradictions"]
               if x["between"] == "ruleset"}
    # The Muster page states 5 (the edit has 6), the location total restates 5 and states 7 (6 + 2 = 8).
    assert against == {("messina.muster.stacking", 5, 6), ("messina.cards.seven-per-location", 5, 6),
                       ("messina.cards.seven-per-location", 7, 8)}, against
    assert doc["counts"]["literal_contradictions"] == 1  # fill-location: 6 + 2 units at a location said to hold 7


# ---- a contradiction in words only: no number changes ----


@pytest.fixture(scope="module")
def in_words(rulecheck, root, tmp_path_factory):
    """The Location Card page's transfer paragraph (5) made to forbid what the discard paragraph (20)
    still allows (moving a card's units to the map): "never" after its first "may"."""
    tmp = tmp_path_factory.mktemp("words")
    edited = copy_texts(root, tmp, "texts")
    insert_after_first(edited / "messina-location-cards.txt", 5, "may", "never")
    out = tmp / "report"
    console = ambiguities(rulecheck, root, "--text", str(edited))
    js = ambiguities(rulecheck, root, "--text", str(edited), "--format", "json", "--output-dir", str(out))
    return edited, console, js, json.loads(js.stdout), out


def test_words_changed_are_listed_to_re_read_with_what_cites_them_and_exit_1(in_words):
    # Before: exit 0 and "none ... contradictions ... (proved)", the change visible only as a marked quote.
    _, console, js, doc, out = in_words
    assert console.returncode == 1 and js.returncode == 1
    (c,) = doc["contradictions"]
    reread = {r["clause"]: r for r in c["reread"]}
    assert set(reread) == {"messina.cards.transfer", "messina.cards.transfer.orders"}, reread
    transfer = reread["messina.cards.transfer"]
    assert transfer["drift"] == "CHANGED" and transfer["file"] == "messina-location-cards.txt"
    assert transfer["paragraph"] == 5
    assert any(p.startswith("messina.discard-emptying") for p in transfer["points"]), transfer
    assert "messina.cards.transfer-conserves" in transfer["proofs"], transfer
    assert "scenarios/messina/cards/transfer-over-stacking.json" in transfer["scenarios"], transfer
    assert doc["counts"]["clauses_to_reread"] == 2 and doc["counts"]["contradictions"] == 0
    # A witness resting on the changed clause says it was found from the old words.
    marked = [f for f in doc["findings"] if "messina.cards.transfer" in f.get("words_changed", [])]
    assert marked and all("messina.cards.transfer" in f["clauses"] for f in marked)
    lines = console.stdout.splitlines()
    assert any(l.startswith("RE-READ  CHANGED messina.cards.transfer (") for l in lines), console.stdout
    assert not any(l.startswith("none") and "contradictions" in l for l in lines), console.stdout
    for name in ("ambiguities.md", "ambiguities.html"):
        report = (out / name).read_text(encoding="utf-8")
        assert "not decided for the texts given (words changed)" in report and "messina.cards.transfer" in report


def test_diff_text_gives_no_ruleset_hint_for_a_change_of_words_only(rulecheck, root, in_words):
    # Before: "could be said by the ruleset key stacking_map ... the new words give no single new value".
    edited = in_words[0]
    p = run(rulecheck, root, "diff", "--text", str(edited), "--rlimit", "0", "--format", "json")
    assert p.returncode == 1
    by_id = {c["id"]: c for c in json.loads(p.stdout)["clauses"]}
    transfer = by_id["messina.cards.transfer"]
    assert [e for e in transfer["expressions"] if e["kind"] == "ruleset"] == [], transfer["expressions"]
    assert rules_check_exit(rulecheck, root, edited) == 1


def rules_check_exit(rulecheck, root, edited):
    return run(rulecheck, root, "rules", "check", "--text", str(edited)).returncode


def test_each_command_says_in_its_help_that_a_contradiction_exits_1(rulecheck, root):
    said = {("ambiguities",): "a contradiction was found", ("rules", "check"): "1 a problem (a contradiction included)",
            ("diff",): "contradicts the sentences it restates"}
    for cmd, words in said.items():
        p = run(rulecheck, root, *cmd, "--help")
        assert p.returncode == 0 and words in " ".join(p.stdout.split()), (cmd, p.stdout)
