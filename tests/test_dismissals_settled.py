"""A dismissed finding stands on words of the texts that decide it (issue 33, item 3).

    pytest tests/test_dismissals_settled.py --root=.

Every entry of rules/<game>/dismissed.json names, under `settled_by`, the words that decide it, by
position and never as copied words: the rule text (one the game's clause index uses), the paragraph's
number, the first word's place among the paragraph's words, how many words (a span, not a sentence)
and the hash of those words (rulebook/spans.hpp). With the rule texts at hand ($RULECHECK_RULE_TEXTS,
else ../shared/rules beside the project) each span's words must hash so at that place; without them
that test reports itself skipped, saying why.
"""
import hashlib
import json
import os
import re
from pathlib import Path

import pytest

GAMES = ("messina", "scythe")


def dismissals(root):
    for game in GAMES:
        for d in json.loads((Path(root) / "rules" / game / "dismissed.json").read_text())["dismissed"]:
            yield game, d


def text_folder(root):
    given = os.environ.get("RULECHECK_RULE_TEXTS")
    folder = Path(given) if given else Path(root).resolve().parent / "shared" / "rules"
    return folder if folder.is_dir() else None


def paragraphs(path):
    """A paragraph is a maximal run of non-blank lines, each stripped, joined by single spaces."""
    out, run = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            run.append(line.strip())
        elif run:
            out.append(" ".join(run))
            run = []
    if run:
        out.append(" ".join(run))
    return out


def test_every_dismissal_names_words_of_its_games_texts(root):
    # Would fail on a dismissal without `settled_by` (as every one was before issue 33), naming a
    # text its game's index does not use, or holding words of the text (the form before positions).
    for game, d in dismissals(root):
        sources = set(json.loads((Path(root) / "rules" / game / "clauses.json").read_text())["sources"].values())
        assert d.get("settled_by"), f"{game}: {d['signature']} is dismissed with no words that decide it"
        for q in d["settled_by"]:
            assert q["text_file"] in sources, (d["signature"], q["text_file"], sources)
            assert set(q) == {"text_file", "paragraph", "first", "count", "hash"}, f"{d['signature']}: {sorted(q)}"
            assert 1 <= q["count"] <= 12, f"{d['signature']}: a span, not a sentence: {q['count']} words"


def test_each_span_stands_in_its_paragraph(root):
    # Would fail on a span whose words are not at its place (misplaced, or the texts edited since).
    folder = text_folder(root)
    if folder is None:
        pytest.skip("no rule texts: set RULECHECK_RULE_TEXTS or put them in ../shared/rules")
    checked = 0
    for game, d in dismissals(root):
        for q in d["settled_by"]:
            found = paragraphs(folder / q["text_file"])
            assert q["paragraph"] <= len(found), (d["signature"], q, len(found))
            words = [w for w in re.split(r"[ \t\n\r\f\v\u00a0]+", found[q["paragraph"] - 1]) if w]
            span = " ".join(words[q["first"]:q["first"] + q["count"]])
            digest = hashlib.sha256(span.encode("utf-8")).hexdigest()[:16]
            assert q["first"] + q["count"] <= len(words) and digest == q["hash"], \
                f"{d['signature']}: not at word {q['first']} of paragraph {q['paragraph']}"
            checked += 1
    assert checked > 0
