"""Every decision names its source, checked by `rulecheck rules check` (issue 33, item 1).

    pytest tests/test_decision_sources.py --rulecheck=build/cli/rulecheck --root=.

A clause states its rule through a span of its paragraph's words, stored by position (first word,
count, hash: rulebook/spans.hpp), never as copied words. `rules check` fails (exit 1) on a span not
in its paragraph or whose words hash otherwise (with the texts), on a decision of the oracle or a
constraint tag of the solver naming neither a clause nor a listed convention, and on a clause the
code cites that has no span (texts or not). Dismissals' `settled_by` take the same form. Each test
edits a scratch copy of the project (rules/, scenarios/, oracle/, solver/); the texts, when a test
needs them, are $RULECHECK_RULE_TEXTS or ../shared/rules beside the project (skipped without).
"""
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest


def text_folder(root):
    given = os.environ.get("RULECHECK_RULE_TEXTS")
    folder = Path(given) if given else Path(root).resolve().parent / "shared" / "rules"
    return folder if folder.is_dir() else None


def needs_texts(root):
    folder = text_folder(root)
    if folder is None:
        pytest.skip("no rule texts: set RULECHECK_RULE_TEXTS or put them in ../shared/rules")
    return folder


def copy_project(root, tmp_path):
    for folder in ("rules", "scenarios", "oracle", "solver"):
        shutil.copytree(Path(root) / folder, tmp_path / folder)
    return tmp_path


def rules_check(rulecheck, project, texts=None, fmt="json"):
    env = {k: v for k, v in os.environ.items() if k != "RULECHECK_RULE_TEXTS"}
    if texts is None:
        env["RULECHECK_RULE_TEXTS"] = "/nonexistent"
    args = [rulecheck, "--rules", str(project / "rules"), "rules", "check", "--format", fmt]
    if texts is not None:
        args += ["--text", str(texts)]
    p = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    return p.returncode, (json.loads(p.stdout) if fmt == "json" else p.stdout)


def all_problems(report):
    return report["problems"] + report["fingerprints"].get("problems", [])


def clause_index(project, game):
    return json.loads((project / "rules" / game / "clauses.json").read_text())


def edit_clauses(project, game, change):
    path = project / "rules" / game / "clauses.json"
    document = json.loads(path.read_text())
    change(document["clauses"])
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False))


def position_of(clauses, cid):
    return next(i for i, c in enumerate(clauses) if c["id"] == cid)


# ---------------------------------------------------------------- today's tree


def test_todays_tree_passes_without_the_texts_and_says_the_spans_were_skipped(rulecheck, root, tmp_path):
    # Would fail without the spans in clauses.json (every cited clause without one is a problem), or
    # with a decision of the oracle naming nothing listed.
    code, report = rules_check(rulecheck, copy_project(root, tmp_path))
    assert (code, all_problems(report)) == (0, []), all_problems(report)
    sources = report["sources"]
    assert "no rule texts" in sources["spans_skipped"]
    assert sources["decisions"] > 100 and sources["tags"] > 50, sources
    assert sources["citing_clause"] > 0 and sources["citing_convention"] > 0, sources
    for g in sources["games"]:
        assert g["with_spans"] >= g["cited"] > 0, g


def test_todays_tree_passes_with_the_texts_and_every_span_is_checked(rulecheck, root, tmp_path):
    # Would fail on a span whose words are not at its place in the paragraph.
    texts = needs_texts(root)
    project = copy_project(root, tmp_path)
    code, report = rules_check(rulecheck, project, texts)
    assert (code, all_problems(report)) == (0, []), all_problems(report)
    spans = sum(len(c.get("spans", [])) for g in ("messina", "scythe") for c in clause_index(project, g)["clauses"])
    settled = sum(len(d["settled_by"]) for g in ("messina", "scythe")
                  for d in json.loads((project / "rules" / g / "dismissed.json").read_text())["dismissed"])
    assert report["sources"]["spans_checked"] == spans + settled
    assert "spans_skipped" not in report["sources"]


# ---------------------------------------------------------------- spans against the texts


def test_a_span_whose_words_hash_otherwise_fails_naming_clause_and_pointer(rulecheck, root, tmp_path):
    # Would fail (exit 0) without the span check of rulebook/sources.cpp.
    texts = needs_texts(root)
    project = copy_project(root, tmp_path)
    cid = "messina.muster.stacking"
    edit_clauses(project, "messina", lambda cs: cs[position_of(cs, cid)]["spans"][0].update(hash="0123456789abcdef"))
    code, report = rules_check(rulecheck, project, texts)
    found = [(p["file"], p["pointer"], p["subject"]) for p in all_problems(report)]
    at = position_of(clause_index(project, "messina")["clauses"], cid)
    assert code == 1
    assert found == [("rules/messina/clauses.json", f"/clauses/{at}/spans/0", cid)]
    assert "not 0123456789abcdef" in all_problems(report)[0]["message"]


def test_a_span_moved_by_one_word_says_where_its_words_are(rulecheck, root, tmp_path):
    # Would fail without the search for the hash elsewhere in the paragraph (span_mismatch).
    texts = needs_texts(root)
    project = copy_project(root, tmp_path)
    cid = "messina.consumption.when"
    first = next(c for c in clause_index(project, "messina")["clauses"] if c["id"] == cid)["spans"][0]["first"]
    edit_clauses(project, "messina", lambda cs: cs[position_of(cs, cid)]["spans"][0].update(first=first + 1))
    code, report = rules_check(rulecheck, project, texts)
    assert code == 1
    [problem] = all_problems(report)
    assert problem["subject"] == cid and f'"first": {first}' in problem["message"], problem


def test_a_span_past_the_paragraphs_end_fails(rulecheck, root, tmp_path):
    # Would fail (exit 0, or a crash) without the range check of span_mismatch.
    texts = needs_texts(root)
    project = copy_project(root, tmp_path)
    cid = "scythe.move.no-limit"
    edit_clauses(project, "scythe", lambda cs: cs[position_of(cs, cid)]["spans"][0].update(first=500))
    code, report = rules_check(rulecheck, project, texts)
    assert code == 1
    [problem] = all_problems(report)
    assert problem["subject"] == cid and "are not in the paragraph" in problem["message"], problem


# ---------------------------------------------------------------- decisions with no source (no texts needed)


def test_a_require_citing_an_id_neither_clause_nor_convention_fails(rulecheck, root, tmp_path):
    # Would fail (exit 0) without the decisions' scan: an oracle require naming a made-up id.
    project = copy_project(root, tmp_path)
    source = project / "oracle" / "messina" / "consumption.cpp"
    text = source.read_text()
    assert 'require(state.round % 2 == numbers.round_parity_consumption, "messina.consumption.when"' in text
    source.write_text(text.replace('numbers.round_parity_consumption, "messina.consumption.when"',
                                   'numbers.round_parity_consumption, "messina.consumption.made-up"', 1))
    code, report = rules_check(rulecheck, project)
    assert code == 1
    found = [(p["file"], p["subject"]) for p in report["problems"]]
    assert found == [("oracle/messina/consumption.cpp", "messina.consumption.made-up")], found
    assert "a decision names messina.consumption.made-up" in report["problems"][0]["message"]


def test_a_constraint_tag_naming_nothing_listed_fails(rulecheck, root, tmp_path):
    # Would fail (exit 0) without the tags' scan of solver/: {ID, formula} with an unlisted ID.
    project = copy_project(root, tmp_path)
    source = project / "solver" / "messina" / "consumption.cpp"
    text = source.read_text()
    tag = '{"messina.consumption.shortfall.step3", removal.card_workers[s] == 0}'
    assert tag in text
    source.write_text(text.replace(tag, tag.replace("shortfall.step3", "step-four")))
    code, report = rules_check(rulecheck, project)
    assert code == 1
    assert [(p["file"], p["subject"]) for p in report["problems"]] == [
        ("solver/messina/consumption.cpp", "messina.consumption.step-four")]
    assert "a constraint tag names" in report["problems"][0]["message"]


def test_a_comment_or_a_theorem_name_is_not_a_decision(rulecheck, root, tmp_path):
    # Would fail if every id written in solver/ were read as a constraint's source: a theorem's name
    # (followed by its claim) and a comment name no rule.
    project = copy_project(root, tmp_path)
    source = project / "solver" / "messina" / "consumption.cpp"
    source.write_text(source.read_text() + '\n// messina.consumption.not-a-clause is only mentioned here\n'
                      'static const char* const kNames[][2] = {{"messina.consumption.named-claim", "a claim"}};\n')
    code, report = rules_check(rulecheck, project)
    assert (code, report["problems"]) == (0, [])


def test_a_clause_the_code_cites_without_a_span_fails(rulecheck, root, tmp_path):
    # Would fail (exit 0) without the cited-clause check: the clause loses its spans.
    project = copy_project(root, tmp_path)
    cid = "messina.consumption.cost"
    edit_clauses(project, "messina", lambda cs: cs[position_of(cs, cid)].pop("spans"))
    code, report = rules_check(rulecheck, project)
    at = position_of(clause_index(project, "messina")["clauses"], cid)
    assert code == 1
    assert [(p["file"], p["pointer"], p["subject"]) for p in report["problems"]] == [
        ("rules/messina/clauses.json", f"/clauses/{at}", cid)]
    assert "cited by the code (oracle/" in report["problems"][0]["message"]
    text = rules_check(rulecheck, project, fmt="text")[1]
    assert f"rules/messina/clauses.json: /clauses/{at} ({cid}): {cid} is cited by the code" in text


def test_a_malformed_span_is_refused(rulecheck, root, tmp_path):
    # Would fail (exit 0) without the index's span reader: a span given as words.
    project = copy_project(root, tmp_path)
    cid = "scythe.move.home-base"
    edit_clauses(project, "scythe", lambda cs: cs[position_of(cs, cid)].update(spans=[{"words": "x y"}]))
    code, report = rules_check(rulecheck, project)
    assert code == 1
    pointers = [p["pointer"] for p in report["problems"] if p["subject"] == cid]
    assert pointers[0].endswith("/spans/0"), report["problems"]


# ---------------------------------------------------------------- settled_by


def test_a_settled_by_with_copied_words_is_refused(rulecheck, root, tmp_path):
    # Would fail (exit 0) without the settled_by check: the old form, words of the text.
    project = copy_project(root, tmp_path)
    path = project / "rules" / "messina" / "dismissed.json"
    document = json.loads(path.read_text())
    document["dismissed"][0]["settled_by"][0] = {"text_file": "messina-muster-phase.txt", "paragraph": 7,
                                                 "span": "some words"}
    path.write_text(json.dumps(document, indent=2))
    code, report = rules_check(rulecheck, project)
    assert code == 1
    assert [(p["file"], p["pointer"]) for p in report["problems"]] == [
        ("rules/messina/dismissed.json", "/dismissed/0/settled_by/0")]


def test_a_settled_by_whose_words_changed_fails_with_the_texts(rulecheck, root, tmp_path):
    # Would fail (exit 0) without checking settled_by's spans against the texts.
    texts = needs_texts(root)
    project = copy_project(root, tmp_path)
    path = project / "rules" / "messina" / "dismissed.json"
    document = json.loads(path.read_text())
    document["dismissed"][0]["settled_by"][0]["count"] += 1
    path.write_text(json.dumps(document, indent=2))
    code, report = rules_check(rulecheck, project, texts)
    assert code == 1
    assert [(p["file"], p["pointer"]) for p in all_problems(report)] == [
        ("rules/messina/dismissed.json", "/dismissed/0/settled_by/0")]


# ---------------------------------------------------------------- rules span


def test_rules_span_prints_the_stored_span_of_typed_words(rulecheck, root, tmp_path):
    # Would fail without `rules span` (exit 109 from the CLI parser) or with another hash than
    # the one `rules check` checks. The words are the paragraph's own first words, read here from
    # the texts at run time (no words stored in this test).
    texts = needs_texts(root)
    index = clause_index(Path(root), "scythe")
    clause = next(c for c in index["clauses"] if c["id"] == "scythe.move.no-limit")
    lines, run, n = [], [], 0
    for line in (texts / index["sources"][clause["section"]]).read_text(encoding="utf-8").splitlines():
        if line.strip():
            run.append(line.strip())
        elif run:
            n += 1
            if n == clause["paragraph"]:
                break
            run = []
    words = re.split(r"[ \t\n\r\f\v\u00a0]+", " ".join(run).strip())
    span = clause["spans"][0]
    typed = " ".join(words[span["first"]:span["first"] + span["count"]])
    assert hashlib.sha256(typed.encode()).hexdigest()[:16] == span["hash"]
    p = subprocess.run([rulecheck, "--rules", str(Path(root) / "rules"), "rules", "span", "--text", str(texts),
                        "scythe.move.no-limit", typed], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == span
    p = subprocess.run([rulecheck, "--rules", str(Path(root) / "rules"), "rules", "span", "--text", str(texts),
                        "scythe.move.no-limit", typed + " zzz-not-there"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "not in paragraph" in p.stderr, p.stderr


# ---------------------------------------------------------------- quoting through the spans


def test_explain_quotes_the_words_that_state_each_decision_through_its_spans(rulecheck, root):
    # Would fail without the spans in ClauseQuoter: each decision's "stating" words (read from the
    # texts at run time) are exactly its clause's spans, found by their hash.
    texts = needs_texts(root)
    spans = {c["id"]: {s["hash"] for s in c.get("spans", [])}
             for g in ("messina", "scythe") for c in clause_index(Path(root), g)["clauses"]}
    scenario = Path(root) / "scenarios" / "messina" / "consumption" / "bill-all-tokens.json"
    p = subprocess.run([rulecheck, "--rules", str(Path(root) / "rules"), "explain", str(scenario), "--text",
                        str(texts), "--format", "json"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    decisions = [d for step in json.loads(p.stdout)["steps"] for d in step["decisions"] if "words" in d]
    assert decisions
    for d in decisions:
        stating = d["words"]["stating"]
        assert stating, d["clause"]
        assert {hashlib.sha256(w.encode()).hexdigest()[:16] for w in stating} <= spans[d["clause"]], d
        assert all(w in d["words"]["text"] for w in stating)


def paragraph_words(texts, file, number):
    run, n = [], 0
    for line in (texts / file).read_text(encoding="utf-8").splitlines() + [""]:
        if line.strip():
            run.append(line.strip())
        elif run:
            n += 1
            if n == number:
                return [w for w in re.split(r"[ \t\n\r\f\v\u00a0]+", " ".join(run)) if w]
            run = []
    return []


def quotes_in(record):
    if isinstance(record, dict):
        if "words" in record and "clauses" in record and "file" in record:
            yield record
        for v in record.values():
            yield from quotes_in(v)
    elif isinstance(record, list):
        for v in record:
            yield from quotes_in(v)


def test_the_designers_report_marks_the_spans_words(rulecheck, root, tmp_path):
    # Would fail without the spans in the quotes (the page marked the sentence sharing most words with
    # the paraphrase, a guess): each quote marks every span of its clauses, and nothing else.
    texts = needs_texts(root)
    p = subprocess.run([rulecheck, "--rules", str(Path(root) / "rules"), "ambiguities", "--game", "scythe", "--text",
                        str(texts), "--format", "json", "--output-dir", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode in (0, 1), p.stderr
    clauses = {c["id"]: c for c in clause_index(Path(root), "scythe")["clauses"]}
    checked, all_spans = 0, set()
    for q in quotes_in(json.loads(p.stdout)):
        words = paragraph_words(texts, q["file"], q["paragraph"])
        spans = [" ".join(words[s["first"]:s["first"] + s["count"]]) for c in q["clauses"] for s in clauses[c]["spans"]]
        marked = [q["words"].encode()[a:b].decode() for a, b in q["operative"]]  # byte offsets (UTF-8)
        all_spans.update(spans)
        assert all(any(s in m for m in marked) for s in spans), (q["clauses"], marked)
        assert all(any(s in m for s in spans) for m in marked), (q["clauses"], marked)
        checked += 1
    assert checked > 0
    html_marks = [html.unescape(m) for m in re.findall(r"<mark>(.*?)</mark>",
                                                          (tmp_path / "ambiguities.html").read_text(encoding="utf-8"))]
    assert html_marks and all(any(s in m for s in all_spans) for m in html_marks), html_marks


# ---------------------------------------------------------------- no copied runs of words


def tokens(text):
    return re.findall(r"[a-z0-9]+", text.replace("\u2019", "'").lower())


RUN = 6  # words in a row shared with a rule text that count as copied

# Files holding runs of RUN words of a text still to reword, with how many runs each: exact, so a new
# run fails the test and a file reworded must leave this list (the test fails until it is taken out).
STILL_TO_REWORD = {}  # none left (files still holding a run would be listed here, with their counts)


def copied_runs(path, grams):
    words = tokens(path.read_text(encoding="utf-8", errors="replace"))
    runs, i = 0, 0
    while i + RUN <= len(words):
        if tuple(words[i:i + RUN]) in grams:
            runs += 1
            i += RUN
        else:
            i += 1
    return runs


def test_no_run_of_six_words_of_a_text_stands_in_rules_docs_or_code(root):
    # Would fail on a sentence of the texts copied into a paraphrase, a note, a doc or a comment.
    folder = needs_texts(root)
    grams = set()
    for text in sorted(folder.glob("*.txt")):
        words = tokens(text.read_text(encoding="utf-8"))
        grams.update(tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1))
    base = Path(root)
    files = sorted(base.glob("rules/**/*.json")) + sorted(p for p in base.glob("docs/**/*") if p.is_file())
    for folder_name in ("oracle", "solver", "rulebook", "cli", "harness", "games", "reports", "common", "diff",
                        "properties"):
        files += sorted(p for p in (base / folder_name).rglob("*") if p.suffix in (".cpp", ".hpp", ".py"))
    found = {}
    for path in files:
        runs = copied_runs(path, grams)
        if runs:
            found[path.relative_to(base).as_posix()] = runs
    assert found == STILL_TO_REWORD, {k: v for k, v in found.items() if STILL_TO_REWORD.get(k) != v}
