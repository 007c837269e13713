"""Every write checked and every read bounded, for every command (issue 22, "Writes" and "Reads"):

- standard output that cannot be written (/dev/full) makes every command exit 3 naming the reason;
- an --output-dir is one run's at a time: a second run exits 2 saying another holds it, and the
  first run's results.jsonl is whole;
- a fuzz finding that cannot be saved is printed whole;
- a file that is not a regular file (a link to /dev/zero) is read up to the cap and refused, fast,
  in bounded memory, wherever rulecheck reads a file;
- serve answers an over-long request line with an error and goes on, without holding it whole;
- text from an engine (name, rule, reason, stderr) reaches the console with its control characters
  escaped, and the JSON report exactly;
- engine stderr past 64 KiB per answer is cut with a marker and a count.

Run: pytest -p no:cacheprovider tests/test_hardening_io.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

import pytest

GOOD = "messina/consumption/odd-count-5-tokens.json"
NO_SPACE = "cannot write standard output: No space left on device"
ENGINES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engines")
HOSTILE = "\x1b[2J\x1b[H\x1b[32m0 failed\x00 hidden\u009b31m\x07\r"  # as tests/engines/hostile_text.py sends
# Raw control characters a terminal obeys: C0 but newline and tab, DEL, and C1 (as UTF-8).
RAW_CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")


def engine(mode):
    return f"{sys.executable} {os.path.join(ENGINES, 'hostile_text.py')} {mode}"


def peak_kib(args, timeout=120, stdin=None):
    """(returncode, stderr, peak resident KiB) of one process, measured by wait4."""
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(args, stdin=stdin, stdout=null, stderr=subprocess.PIPE)
        err = p.stderr.read()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, err.decode("utf-8", "replace"), usage.ru_maxrss


@pytest.fixture(scope="module")
def baseline_kib(rulecheck, root, tmp_path_factory):
    """The peak resident KiB of a serve session that only says hello, in this build: the memory bounds
    below are this plus what a capped read may hold (a sanitizer build starts far larger)."""
    hello = tmp_path_factory.mktemp("baseline") / "hello"
    hello.write_text('{"op":"hello"}\n')
    with open(hello, "rb") as stdin:
        code, err, peak = peak_kib([rulecheck, "--rules", str(root / "rules"), "serve"], stdin=stdin)
    assert code == 0, err
    return peak


@pytest.fixture(scope="module")
def part(rulecheck, root, tmp_path_factory):
    """A results.jsonl of a small run, for report merge."""
    out = tmp_path_factory.mktemp("part")
    subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD), "--output-dir",
                    str(out), "--quiet"], capture_output=True, timeout=120)
    return out / "results.jsonl"


# ---------------------------------------------------------------- writes

def full_disk_commands(root, part):
    scenario = str(root / "scenarios" / GOOD)
    folder = str(root / "scenarios" / "messina" / "consumption")
    return {
        "run-jsonl": ["run", folder, "--format", "jsonl"],
        "run-console": ["run", folder],
        "run-list": ["run", "--list", folder],
        "validate": ["validate", folder],
        "explain": ["explain", scenario],
        "rules-coverage": ["rules", "coverage"],
        "report-merge": ["report", "merge", str(part)],
        "engine-check": ["engine", "check", f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}",
                         "--scenarios", scenario],
        "help": ["--help"],
    }


@pytest.mark.parametrize("name", ["run-jsonl", "run-console", "run-list", "validate", "explain", "rules-coverage",
                                  "report-merge", "engine-check", "help"])
def test_a_command_whose_output_cannot_be_written_exits_3_naming_the_reason(rulecheck, root, part, name):
    args = full_disk_commands(root, part)[name]
    with open("/dev/full", "wb") as full:
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=300)
    assert p.returncode == 3, p.stderr
    assert NO_SPACE in p.stderr


def test_serve_whose_answers_cannot_be_written_exits_3(rulecheck, root):
    with open("/dev/full", "wb") as full:
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "serve"], input=b'{"op":"hello"}\n' * 3,
                           stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert p.returncode == 3
    assert NO_SPACE in p.stderr.decode()


def test_a_run_into_a_full_disk_stops_rather_than_running_on(rulecheck, root):
    """The run stops at its first failed write: the engine is sent far fewer requests than the corpus has."""
    with open("/dev/full", "wb") as full:
        started = time.monotonic()
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / "messina"),
                            "--format", "jsonl", "--no-oracle", "--engine", engine("slow"), "--window", "1"],
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert p.returncode == 3, p.stderr
    assert NO_SPACE in p.stderr
    # 0.1 s per request over the whole Messina corpus would take a minute; a stop takes a few requests
    assert time.monotonic() - started < 20


def test_an_output_folder_is_one_runs_at_a_time(rulecheck, root, tmp_path):
    out = tmp_path / "out"
    folder = str(root / "scenarios" / "messina" / "consumption")
    first = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run", folder, "--no-oracle", "--engine",
                              engine("slow"), "--output-dir", str(out), "--quiet"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while not (out / "results.jsonl.part").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    second = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD),
                             "--output-dir", str(out), "--format", "jsonl"], capture_output=True, text=True,
                            timeout=60)
    first_err = first.communicate(timeout=300)[1].decode()
    assert second.returncode == 2, second.stderr
    assert f"the output folder {out} is in use by another rulecheck run; wait for that run to end" in second.stderr
    assert first.returncode in (0, 1), first_err
    lines = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "summary"
    cases = [c for c in lines if c["type"] == "case"]
    assert len(cases) == lines[-1]["total"] == lines[0]["cases"]
    assert {c["target"] for c in cases} == {"hostile-slow"}  # nothing of the second run
    assert sorted(p.name for p in out.iterdir()) == ["junit.xml", "report.html", "results.jsonl", "summary.md"]
    # once the first run is over, the folder is free again
    third = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD),
                            "--output-dir", str(out), "--quiet"], capture_output=True, text=True, timeout=60)
    assert third.returncode == 0, third.stderr


def test_a_fuzz_finding_that_cannot_be_saved_is_printed_whole(rulecheck, root, tmp_path):
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    bug = root / "examples" / "engines" / "bug_round_cost_down.py"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "fuzz", "--engine", f"{sys.executable} {bug}",
                        "--cases", "300", "--seed", "1", "--save-dir", str(not_a_folder)],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 1, p.stderr
    assert "a finding was not saved" in p.stderr and str(not_a_folder) in p.stderr
    assert "NOT SAVED: cannot save it in" in p.stdout
    printed = p.stdout[p.stdout.index("the smallest case:\n") + len("the smallest case:\n"):]
    scenario = json.JSONDecoder().raw_decode(printed)[0]
    # the printed case is a scenario file that replays the finding
    case = tmp_path / "finding.json"
    case.write_text(json.dumps(scenario))
    replay = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(case), "--no-oracle", "--engine",
                             f"{sys.executable} {bug}", "--format", "jsonl"], capture_output=True, text=True, timeout=120)
    assert replay.returncode == 1, replay.stderr
    assert not_a_folder.read_text() == ""


# ---------------------------------------------------------------- reads

@pytest.fixture
def zero_link(tmp_path):
    link = tmp_path / "z.json"
    os.symlink("/dev/zero", link)
    return link


def test_a_scenario_linked_to_dev_zero_is_refused_fast_in_bounded_memory(rulecheck, root, zero_link):
    for command in (["validate", str(zero_link)], ["explain", str(zero_link)],
                    ["run", str(zero_link), "--format", "jsonl"]):
        started = time.monotonic()
        code, err, peak = peak_kib([rulecheck, "--rules", str(root / "rules"), *command])
        assert code == 2, (command, err)
        assert time.monotonic() - started < 20, command
        assert peak < 400 * 1024, (command, peak)  # the cap is 64 MiB; 2 GB before the fix


@pytest.mark.parametrize("option", ["--known", "--rule-map"])
def test_a_run_option_file_linked_to_dev_zero_is_refused(rulecheck, root, zero_link, option):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD), "--engine",
                        f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}", option, str(zero_link)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2, p.stderr
    assert f"{zero_link}: more than 64 MiB" in p.stderr


def test_diff_edited_linked_to_dev_zero_is_refused(rulecheck, root, zero_link):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "diff", "--edited", str(zero_link)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2, p.stderr
    assert f"{zero_link}: more than 64 MiB" in p.stderr


def test_a_rules_file_linked_to_dev_zero_is_refused(rulecheck, root, tmp_path):
    rules = tmp_path / "rules"
    shutil.copytree(root / "rules", rules)
    (rules / "messina" / "ruleset.json").unlink()
    os.symlink("/dev/zero", rules / "messina" / "ruleset.json")
    p = subprocess.run([rulecheck, "--rules", str(rules), "validate", str(root / "scenarios" / GOOD)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 3, p.stderr
    assert "ruleset.json: more than 64 MiB" in p.stderr


def test_a_report_part_linked_to_dev_zero_is_refused(rulecheck, root, zero_link, baseline_kib):
    code, err, peak = peak_kib([rulecheck, "--rules", str(root / "rules"), "report", "merge", str(zero_link)])
    assert code == 2, err
    assert "a line over the limit of 16 MiB" in err
    assert peak < baseline_kib + 150 * 1024


def test_serve_answers_an_over_long_line_with_an_error_and_goes_on(rulecheck, root, tmp_path, baseline_kib):
    requests = tmp_path / "requests"
    # 100 MiB, past the 16 MiB cap; written a MiB at a time, so that this process stays small (a child's
    # peak resident size counts its parent's from before exec)
    head, tail = b'{"op":"hello","padding":"', b'"}'
    with open(requests, "wb") as f:
        f.write(head)
        for _ in range(100):
            f.write(b"x" * (1 << 20))
        f.write(tail + b"\n")
        f.write(b'{"op":"hello"}\n')
    long_line = len(head) + (100 << 20) + len(tail)
    with open(requests, "rb") as stdin:
        p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "serve"], stdin=stdin,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = p.stdout.read()
        _, status, usage = os.wait4(p.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    answers = [json.loads(line) for line in out.decode().splitlines()]
    assert len(answers) == 2
    assert answers[0]["id"] is None
    assert answers[0]["error"] == (f"the request line is {long_line} bytes, over the limit of 16 MiB "
                                   "for one line")
    assert answers[1]["name"] == "rulecheck-oracle"
    assert usage.ru_maxrss < baseline_kib + 80 * 1024  # 418 MB for a 200 MB line before the fix


def test_a_nul_does_not_cut_an_error_short(rulecheck, root, tmp_path):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "serve"],
                       input='{"op":"apply","id":1,"game":"messina\\u0000x","state":{},"action":{}}\n',
                       capture_output=True, text=True, timeout=60)
    assert json.loads(p.stdout)["error"] == 'at /game: unknown game "messina\\x00x"'
    scenario = json.loads((root / "scenarios" / GOOD).read_text())
    scenario["game"] = "messina\x00\x1b[2Jx"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(scenario))
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "validate", str(bad)], capture_output=True,
                       timeout=60)
    assert p.returncode == 2
    assert b'unknown game "messina\\x00\\x1b[2Jx"' in p.stdout + p.stderr
    assert not RAW_CONTROL.search(p.stdout + p.stderr)


def test_a_nul_in_an_id_is_kept_whole_by_the_oracle_and_escaped_on_the_console(rulecheck, root, tmp_path):
    # A faction id with a NUL, as a guest in an ally's Utility: the oracle's next state must name the
    # guest whole (a C string cut it to "U" and the step failed).
    text = (root / "scenarios" / "messina" / "population" / "worker-into-ally-utility-friendly.json").read_text()
    scenario = json.loads(text.replace('"UE"', '"U\\u0000E"'))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(scenario))
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(good), "--format", "jsonl"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout
    # A wrong expectation: the console shows the id escaped, the JSON report exact.
    step = scenario["steps"][0]["expect"]["state"]["spaces"]["A1"]["utilities"][0]
    step["guests"] = {"U\x00E": 2}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(scenario))
    console = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(bad)], capture_output=True,
                             timeout=60)
    assert console.returncode == 1
    assert b"U\\x00E" in console.stdout and not RAW_CONTROL.search(console.stdout + console.stderr)
    jsonl = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(bad), "--format", "jsonl"],
                           capture_output=True, text=True, timeout=60)
    case = [l for l in jsonl.stdout.splitlines() if json.loads(l)["type"] == "case"][0]
    assert "U\\u0000E" in case and "U\\\\x00E" not in case  # exact, as a JSON escape


def test_rules_check_json_carries_a_load_problem(rulecheck, root, tmp_path):
    p = subprocess.run([rulecheck, "--rules", str(tmp_path / "none"), "rules", "check", "--format", "json"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 3
    doc = json.loads(p.stdout)
    assert doc["ok"] is False and "does not exist" in doc["load_problem"] and doc["exit"] == 3
    rules = tmp_path / "rules"
    shutil.copytree(root / "rules", rules)
    path = rules / "messina" / "interpretations.json"
    points = json.loads(path.read_text())
    (points["points"] if isinstance(points, dict) else points)[0]["default"] = "no-such-reading"
    path.write_text(json.dumps(points))
    p = subprocess.run([rulecheck, "--rules", str(rules), "rules", "check", "--format", "json"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1
    doc = json.loads(p.stdout)
    assert doc["ok"] is False and '"no-such-reading"' in doc["load_problem"]
    assert "interpretations.json" in doc["load_problem"] and "no-such-reading" in p.stderr


# ---------------------------------------------------------------- engine text on the console and in JSON

@pytest.fixture(scope="module")
def hostile_runs(rulecheck, root):
    folder = str(root / "scenarios" / "messina" / "consumption")
    base = [rulecheck, "--rules", str(root / "rules"), "run", folder, "--no-oracle", "--engine", engine("escapes"),
            "--window", "1"]
    console = subprocess.run(base, capture_output=True, timeout=300)
    jsonl = subprocess.run(base + ["--format", "jsonl"], capture_output=True, timeout=300)
    return console, jsonl


def test_engine_text_reaches_the_console_escaped(hostile_runs):
    console, _ = hostile_runs
    assert console.returncode == 1, console.stderr
    out = console.stdout + console.stderr
    assert not RAW_CONTROL.search(out), RAW_CONTROL.search(out)
    shown = "\\x1b[2J\\x1b[H\\x1b[32m0 failed\\x00 hidden\\u009b31m\\x07\\x0d"
    text = out.decode()
    assert f"[hostile{shown}]" in text  # the engine's name, as a target
    assert f"answer:  illegal (messina.rule{shown}: because{shown})" in text
    assert f"stderr:  log{shown}" in text


def test_engine_text_is_exact_in_json(hostile_runs):
    _, jsonl = hostile_runs
    lines = [json.loads(line) for line in jsonl.stdout.decode().splitlines()]
    header = lines[0]
    assert header["targets"] == ["hostile" + HOSTILE]
    assert header["engines"][0]["name"] == "hostile" + HOSTILE
    apply_cases = [c for c in lines if c["type"] == "case" and "answer_reason" in c]
    assert apply_cases
    for c in apply_cases:
        assert c["answer_rule"] == "messina.rule" + HOSTILE
        assert c["answer_reason"] == "because" + HOSTILE
        assert ("log" + HOSTILE + "\n") in c["stderr"]


def test_engine_check_shows_engine_text_escaped(rulecheck, root):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "engine", "check", engine("escapes"),
                        "--scenarios", str(root / "scenarios" / GOOD)], capture_output=True, timeout=120)
    assert b'hello: name "hostile\\x1b[2J' in p.stdout
    assert not RAW_CONTROL.search(p.stdout + p.stderr)


def test_stderr_past_64_kib_per_answer_is_cut_saying_where_and_how_much(rulecheck, root):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD), "--no-oracle",
                        "--engine", engine("flood"), "--window", "1", "--format", "jsonl"],
                       capture_output=True, timeout=120)
    case = next(json.loads(line) for line in p.stdout.decode().splitlines() if '"type":"case"' in line)
    steps = len(json.loads((root / "scenarios" / GOOD).read_text())["steps"])
    dropped = 200 * 1024 - 64 * 1024  # per answer: the engine writes 200 KiB before each
    assert case["stderr_dropped"] == steps * dropped
    marker = f"\n[rulecheck: stderr cut here: {dropped} more byte(s) dropped; at most 64 KiB are kept per answer]\n"
    assert case["stderr"] == ("x" * (64 * 1024) + marker) * steps
    console = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD),
                              "--no-oracle", "--engine", engine("flood"), "--window", "1"], capture_output=True,
                             text=True, timeout=120)
    # a passing case shows no stderr on the console; the JSON report is where it is kept
    assert console.returncode == 0, console.stderr
