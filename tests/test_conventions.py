"""Every convention (rules/<game>/conventions.json) is made where it says, and every convention the
code makes is listed.

    pytest tests/test_conventions.py --root=.

A convention is a decision the rule texts leave open. Its id must be written in each file its
`where` names (the oracle's choice and the solver's constraint); an id of the form
<game>.convention.<name> written anywhere in oracle/ or solver/ must be listed; each clause it
names must be in the game's clause index.
"""
import json
import re
from pathlib import Path

import pytest

ID = re.compile(r"\b([a-z0-9]+\.convention\.[a-z0-9-]+)\b")


def conventions(root):
    out = {}
    for f in sorted((root / "rules").glob("*/conventions.json")):
        for c in json.loads(f.read_text())["conventions"]:
            out[c["id"]] = (f.parent.name, c)
    return out


def code_files(root):
    for folder in ("oracle", "solver"):
        yield from sorted(p for p in (root / folder).rglob("*") if p.suffix in (".cpp", ".hpp"))


def test_each_convention_is_made_where_it_says(root):
    listed = conventions(Path(root))
    assert listed, "no rules/<game>/conventions.json lists a convention"
    for cid, (game, c) in listed.items():
        assert cid.startswith(game + ".convention."), cid
        for where in c["where"]:
            text = (Path(root) / where).read_text()
            assert cid in text, f"{cid}: {where} does not name it"
        clauses = {k["id"] for k in json.loads((Path(root) / "rules" / game / "clauses.json").read_text())["clauses"]}
        assert set(c["clauses"]) <= clauses, (cid, set(c["clauses"]) - clauses)
        if not c["reachable"]:
            assert c.get("why_unreachable"), f"{cid}: unreachable without saying why"


def test_every_convention_the_code_makes_is_listed(root):
    listed = conventions(Path(root))
    for f in code_files(Path(root)):
        for cid in ID.findall(f.read_text()):
            assert cid in listed, f"{f.relative_to(root)} makes {cid}, which no conventions.json lists"
