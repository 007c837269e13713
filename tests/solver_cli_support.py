"""What the solver's CLI tests share (test_solver_cli.py, test_solver_ambiguities_cli.py): running a
command, and the declared points and clause ids of both games read from rules/."""
import json
import subprocess


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def declared_points(root):
    points = []
    for game in ("messina", "scythe"):
        doc = json.loads((root / "rules" / game / "interpretations.json").read_text(encoding="utf-8"))
        points += [p["id"] for p in (doc["points"] if isinstance(doc, dict) else doc)]
    return points


def clause_ids(root):
    ids = set()
    for game in ("messina", "scythe"):
        doc = json.loads((root / "rules" / game / "clauses.json").read_text(encoding="utf-8"))
        ids |= {c["id"] for c in (doc["clauses"] if isinstance(doc, dict) else doc)}
    return ids
