"""Hostile scenario files and serve requests: each bad file is one errored case naming the file and
what is wrong with it, the other files still run, every report is written whole, and nothing
crashes or aborts the run (issue: hardening).

Run: pytest -p no:cacheprovider tests/test_hostile_input.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import os
import subprocess
import xml.etree.ElementTree as ET

import pytest

from strict_json import load_json

GOOD = "messina/consumption/odd-count-5-tokens.json"
DEPTH = 30000  # far past the limit of 512, and deep enough to overflow a recursive walk


def nested(depth):
    return "[" * depth + "]" * depth


def variant(good, new_id, text_edit):
    """The good scenario's text with a new id, then `text_edit` applied to it (a str -> str or bytes)."""
    doc = dict(good, id=new_id)
    return text_edit(json.dumps(doc))


# Each hostile file: its name, its content (from the good scenario), and words its error must hold.
def hostile_files(good):
    step = json.dumps(good["steps"][0]["action"])
    query_step = '"steps": [{"query": {"type": "hostile", "space": "H1", "faction": "UE"}, "expect": {"result": %s}}]'
    return {
        "bad-utf8.json": (variant(good, "x", lambda t: t.replace('"title": "', '"title": "caf\udce9 ', 1)
                                  .encode("utf-8", "surrogateescape")), "ill-formed UTF-8"),
        "deep-result.json": (variant(good, "x", lambda t: t[:t.index('"steps"')] + query_step % nested(DEPTH) + "}"),
                             "nested more than 512 deep"),
        "deep-one-of.json": (variant(good, "x", lambda t: t[:t.index('"steps"')]
                                     + '"steps": [{"action": %s, "expect": {"one_of": %s}}]}' % (step, nested(DEPTH))),
                             "nested more than 512 deep"),
        "overflow.json": (variant(good, "x", lambda t: t.replace('"round": ', '"round": 1e309, "r": ', 1)),
                          "a number too large"),
        "long-integer.json": (variant(good, "x", lambda t: t.replace('"round": ', '"round": %s, "r": ' % ("9" * 5000), 1)),
                              "a number too large"),
    }


@pytest.fixture(scope="module")
def hostile_run(rulecheck, root, tmp_path_factory):
    """(exit status, cases by file name, stdout, stderr, report folder) of a run over a folder of the
    good scenario beside every hostile file, a link loop, a dangling link and a file whose name is
    not UTF-8."""
    folder = tmp_path_factory.mktemp("hostile") / "corpus"
    folder.mkdir()
    good = load_json(root / "scenarios" / GOOD)
    (folder / "good.json").write_text(json.dumps(dict(good, id="good")))
    for name, (content, _) in hostile_files(good).items():
        if isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content)
    os.symlink("loop-b.json", folder / "loop-a.json")
    os.symlink("loop-a.json", folder / "loop-b.json")
    os.symlink("nowhere.json", folder / "dangling.json")
    os.symlink("..", folder / "up")  # a link to a folder: not followed, so no cycle
    bad_name = os.fsencode(str(folder)) + b"/caf\xe9.json"
    with open(bad_name, "w") as f:
        f.write(json.dumps(dict(good, id="badly-named")))
    out = folder.parent / "out"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(folder), "--output-dir", str(out),
                        "--format", "jsonl"], capture_output=True, timeout=120)
    lines = [json.loads(line) for line in p.stdout.decode("utf-8").splitlines() if line.strip()]
    cases = {os.path.basename(c["file"]): c for c in lines if c.get("type") == "case"}
    return p.returncode, cases, lines, p.stderr.decode("utf-8", "replace"), out


def test_no_hostile_file_aborts_the_run_and_bad_input_exits_2(hostile_run):
    code, cases, lines, err, out = hostile_run
    assert code == 2, err
    assert "internal error" not in err, err


def test_the_good_files_still_pass(hostile_run):
    code, cases, lines, err, out = hostile_run
    assert cases["good.json"]["verdict"] == "pass"
    assert cases["caf\ufffd.json"]["verdict"] == "pass", cases.keys()  # the name is reported with U+FFFD


@pytest.mark.parametrize("name,words", [(n, w) for n, (c, w) in hostile_files({"steps": [{"action": {}}]}).items()]
                         + [("loop-a.json", "loop"), ("loop-b.json", "loop"), ("dangling.json", "does not exist")])
def test_each_hostile_file_is_one_errored_case_saying_what_is_wrong(hostile_run, name, words):
    code, cases, lines, err, out = hostile_run
    assert name in cases, sorted(cases)
    assert cases[name]["verdict"] == "errored" and words in cases[name]["message"], cases[name]["message"][:300]


def test_every_report_is_written_whole(hostile_run):
    code, cases, lines, err, out = hostile_run
    results = [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    assert results[0]["type"] == "header" and results[-1]["type"] == "summary"
    assert len([r for r in results if r["type"] == "case"]) == len(cases) == 10
    suites = ET.parse(out / "junit.xml").getroot()
    assert sum(int(s.get("tests")) for s in suites.iter("testsuite")) == 10
    assert "could not be used" in (out / "summary.md").read_text(encoding="utf-8")
    assert (out / "report.html").read_text(encoding="utf-8").rstrip().endswith("</html>")


def test_a_request_nested_30000_deep_is_refused_by_serve_which_goes_on(rulecheck, root):
    requests = "\n".join(['{"op":"hello","protocol":1}', '{"op":"query","id":"d","x":%s}' % nested(DEPTH),
                          '{"op":"hello","protocol":99}', '{"op":"hello","protocol":1}', '{"op":"bye"}']) + "\n"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "serve"], input=requests, capture_output=True,
                       text=True, timeout=60)
    answers = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 0 and len(answers) == 4, p.stdout[:300] + p.stderr
    assert "more than 512 deep" in answers[1]["error"]
    assert "protocol 99" in answers[2]["error"]
    assert answers[3]["name"] == answers[0]["name"]


@pytest.mark.parametrize("args,words", [(["--timeout", "0"], "--timeout"), (["--timeout", "-5"], "--timeout"),
                                        (["--engine", ""], "engine command is empty")])
def test_engine_options_that_cannot_work_are_usage_errors(rulecheck, root, args, words):
    extra = [] if "--engine" in args else ["--engine", "python3 examples/engines/faithful.py"]
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD), *extra, *args],
                       capture_output=True, text=True, timeout=60, cwd=root)
    assert p.returncode == 2 and words in p.stderr, (p.returncode, p.stderr)


def test_a_state_of_the_wrong_type_is_bad_input_in_run_as_in_validate(rulecheck, root, tmp_path):
    doc = load_json(root / "scenarios" / GOOD)
    doc["id"], doc["state"]["round"] = "wrong-type", "two"
    f = tmp_path / "wrong-type.json"
    f.write_text(json.dumps(doc))
    codes = [subprocess.run([rulecheck, "--rules", str(root / "rules"), command, str(f)], capture_output=True,
                            timeout=60).returncode for command in ("run", "validate")]
    assert codes == [2, 2]


def limits_cases(good):
    many_spaces = dict(good, id="x")
    many_spaces["state"] = dict(good["state"], spaces={f"S{i}": {"adjacent": []} for i in range(1001)})
    many_steps = dict(good, id="x", steps=good["steps"] * 10001)
    huge_count = json.loads(json.dumps(good))
    huge_count["id"] = "x"
    faction = next(iter(huge_count["state"]["factions"].values()))
    faction["resources"]["food"] = 2_000_000
    return {"many-spaces": (many_spaces, "1001 spaces: rulecheck reads boards of at most 1000"),
            "many-steps": (many_steps, "10001 steps: a scenario has at most 10000"),
            "huge-count": (huge_count, "more than any board holds")}


@pytest.mark.parametrize("case", ["many-spaces", "many-steps", "huge-count"])
def test_input_beyond_any_board_is_refused_saying_the_limit(rulecheck, root, tmp_path, case):
    doc, words = limits_cases(load_json(root / "scenarios" / GOOD))[case]
    f = tmp_path / f"{case}.json"
    f.write_text(json.dumps(doc))
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "validate", str(f)], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2 and words in p.stdout + p.stderr, (p.stdout + p.stderr)[-400:]


def test_a_file_over_64_mib_is_refused_before_it_is_read(rulecheck, root, tmp_path):
    f = tmp_path / "huge.json"
    with open(f, "wb") as out:
        out.truncate((64 << 20) + 1)  # a sparse file: no 64 MiB written
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "validate", str(f)], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2 and "over the limit of 64 MiB" in p.stdout + p.stderr, p.stdout + p.stderr


def test_serve_answers_fields_of_the_wrong_type_with_an_error_and_goes_on(rulecheck, root):
    # Found by fuzz/serve_requests.cpp: an "op" that is not a string ended serve (an uncaught
    # exception). Each such request now gets an error answer naming the field.
    requests = "\n".join(['{"op":5}', '{"op":"apply","game":7,"id":"g"}', '{"op":["hello"]}',
                          '{"op":"hello","protocol":1}', '{"op":"bye"}']) + "\n"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "serve"], input=requests, capture_output=True,
                       text=True, timeout=60)
    answers = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 0 and len(answers) == 4, p.stdout + p.stderr
    assert "/op" in answers[0]["error"] and "/game" in answers[1]["error"] and answers[1]["id"] == "g"
    assert "/op" in answers[2]["error"] and "name" in answers[3]
