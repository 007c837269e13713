"""`rulecheck rules check` enforces the conventions (rules/<game>/conventions.json), with or without
the rule texts: a convention whose `where` file does not name it, a convention id written in
oracle/ or solver/ that no conventions.json lists, a convention naming a clause the index lacks,
and an unreachable one that does not say why each fail the check (exit 1), naming the file and id.

    pytest tests/test_conventions_check.py --rulecheck=build/cli/rulecheck --root=.

Each test works on a scratch copy of the project (rules/, scenarios/, and oracle/ and solver/ when
the test needs the code) with no rule texts at hand (RULECHECK_RULE_TEXTS unset, no ../shared/rules),
so the fingerprints are skipped and the exit status is the conventions' alone.
"""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest


def copy_project(root, tmp_path, with_code=True):
    folders = ["rules", "scenarios"] + (["oracle", "solver"] if with_code else [])
    for folder in folders:
        shutil.copytree(Path(root) / folder, tmp_path / folder)
    return tmp_path


def rules_check(rulecheck, project, fmt="text"):
    env = {k: v for k, v in os.environ.items() if k != "RULECHECK_RULE_TEXTS"}
    return subprocess.run([rulecheck, "--rules", str(project / "rules"), "rules", "check", "--format", fmt],
                          capture_output=True, text=True, timeout=120, env=env)


def problems(rulecheck, project):
    """The exit status, the JSON report and its problems."""
    p = rules_check(rulecheck, project, "json")
    report = json.loads(p.stdout)
    assert report["fingerprints"]["status"] == "skipped", report["fingerprints"]
    return p.returncode, report, report["problems"]


def edit_conventions(project, game, change):
    path = project / "rules" / game / "conventions.json"
    document = json.loads(path.read_text())
    change(document["conventions"])
    path.write_text(json.dumps(document, indent=2))


def test_the_projects_conventions_pass_and_are_counted(rulecheck, root, tmp_path):
    # Would fail before the check existed: the report had no "conventions" entry.
    project = copy_project(root, tmp_path)
    code, report, found = problems(rulecheck, project)
    assert (code, found) == (0, []), found
    counts = {f["file"]: f["conventions"] for f in report["conventions"]["files"]}
    listed = {g: len(json.loads((Path(root) / "rules" / g / "conventions.json").read_text())["conventions"])
              for g in ("messina", "scythe")}
    assert counts == {f"rules/{g}/conventions.json": n for g, n in listed.items()}
    assert report["conventions"]["code_read"].startswith("the source tree in ")


def test_a_where_file_that_does_not_name_the_id_fails(rulecheck, root, tmp_path):
    # Would fail (exit 0, no problem) without the `where` check of rulebook/conventions.cpp.
    project = copy_project(root, tmp_path)
    cid = "messina.convention.shield-not-stacked"
    muster = project / "oracle" / "messina" / "muster.cpp"
    muster.write_text(muster.read_text().replace(cid, "the shield rule"))
    code, _, found = problems(rulecheck, project)
    assert code == 1
    assert [(p["file"], p["subject"]) for p in found] == [("rules/messina/conventions.json", cid)]
    assert "oracle/messina/muster.cpp does not name " + cid in found[0]["message"]
    text = rules_check(rulecheck, project).stdout
    assert f"rules/messina/conventions.json: /conventions/1/where/0 ({cid}): oracle/messina/muster.cpp" in text


def test_an_unlisted_convention_in_the_code_fails(rulecheck, root, tmp_path):
    # Would fail (exit 0) without the scan of oracle/ and solver/ for <game>.convention.<name>.
    project = copy_project(root, tmp_path)
    encoding = project / "solver" / "scythe" / "move_action.cpp"
    encoding.write_text(encoding.read_text() + "\n// scythe.convention.made-up-here decides nothing\n")
    code, _, found = problems(rulecheck, project)
    assert code == 1
    assert [(p["file"], p["subject"]) for p in found] == [("solver/scythe/move_action.cpp", "scythe.convention.made-up-here")]
    assert "rules/scythe/conventions.json does not list" in found[0]["message"]


def test_a_convention_dropped_from_the_list_is_reported_where_the_code_makes_it(rulecheck, root, tmp_path):
    # Without a source tree in the project the ids are looked up in the code rulecheck was built
    # from: the files that make the Worker order (Consumption's step 3, and a Muster's disbanded Worker in the
    # solver's Muster) are named. Would fail (exit 0) without it.
    project = copy_project(root, tmp_path, with_code=False)
    cid = "messina.convention.step3-workers-own-utility-first"
    edit_conventions(project, "messina", lambda cs: cs.remove(next(c for c in cs if c["id"] == cid)))
    code, report, found = problems(rulecheck, project)
    assert code == 1
    assert report["conventions"]["code_read"].startswith("the code rulecheck was built from")
    assert sorted(p["file"] for p in found) == ["oracle/messina/board.cpp", "solver/messina/consumption.cpp",
                                               "solver/messina/muster.cpp"]
    assert all(p["subject"] == cid for p in found)


@pytest.mark.parametrize("change, pointer, words", [
    (lambda c: c["clauses"].append("messina.muster.no-such-clause"), "/clauses/", "not a clause of"),
    (lambda c: c.update(reachable=False), None, "unreachable without saying why"),
    (lambda c: c.update(where=["oracle/messina/no_such_file.cpp"]), "/where/0", "is not a file of the project"),
    (lambda c: c.update(id="messina.conventions.bad"), "/id", "a convention id is messina.convention."),
    (lambda c: c.update(signatures=["rearm-build|messina.muster.friendly-area+messina.muster.shield.rearm|legal"]),
     "/signatures/0", "is also dismissed"),
], ids=["unknown-clause", "unreachable-without-why", "missing-where-file", "bad-id", "signature-also-dismissed"])
def test_a_malformed_convention_fails(rulecheck, root, tmp_path, change, pointer, words):
    # Each would pass (exit 0) without its check in rulebook/conventions.cpp.
    project = copy_project(root, tmp_path)
    edit_conventions(project, "messina", lambda cs: change(cs[1]))
    code, _, found = problems(rulecheck, project)
    assert code == 1
    mine = [p for p in found if p["file"] == "rules/messina/conventions.json"]
    assert mine and all(words in p["message"] for p in mine[:1]), found
    if pointer:
        assert mine[0]["pointer"].startswith("/conventions/1" + pointer), mine[0]


def listed_ids(root, game, name, key=None):
    path = Path(root) / "rules" / game / name
    if not path.exists():
        return set()
    doc = json.loads(path.read_text(encoding="utf-8"))
    entries = doc[key] if key else doc
    return {e["id"] for e in entries if isinstance(e, dict) and "id" in e}


def test_rules_coverage_knows_the_conventions_and_reachable_facts_the_code_names(rulecheck, root):
    # `rules coverage` lists the ids the code writes that are neither clauses nor points. Before it read
    # conventions.json, invariants.json and move_start.json, every convention and fact the oracle and the
    # solver name (there are dozens) was listed there as unknown; this would fail with them listed.
    p = subprocess.run([rulecheck, "--rules", str(Path(root) / "rules"), "rules", "coverage", "--format", "json"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode in (0, 1), p.stderr
    unknown = {u["id"] for u in json.loads(p.stdout)["unknown_ids_in_code"]}
    listed = set()
    for game in ("messina", "scythe"):
        listed |= listed_ids(root, game, "conventions.json", "conventions")
        listed |= listed_ids(root, game, "invariants.json") | listed_ids(root, game, "move_start.json")
    assert listed, "the rule data lists conventions and reachable facts"
    assert not unknown & listed, sorted(unknown & listed)
