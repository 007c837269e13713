"""What an engine writes, read with bounds (issue 35, engine-facing input):

- one bounded line reader for every engine line: an engine writing without a newline before its
  hello (`cat /dev/zero`) is refused at the 16 MiB line cap, fast and in bounded memory; the hello
  time limit holds while an engine writes lines without end, and the answer time limit while it
  writes blank lines without end;
- every string an engine gives (a reason, a rule, its name and version) is capped at 64 KiB (name and
  version at 1 KiB) with a marker saying how much was cut;
- a hello field of the wrong type is one clear error naming the engine and the field: run runs no
  case, engine check and fuzz say what is wrong;
- the doubtful points, decided: an answer giving a key twice, or holding a NUL, is errored; an engine
  killed while a child holds its stdout is said so at once; a different hello after a restart makes
  the rest errored; a --rule-map naming no engine is noted (two for one engine refused); a blank
  line (spaces, tabs) is ignored by serve and in an engine's output.

Run: pytest -p no:cacheprovider tests/test_hardening_engineio.py --rulecheck=BINARY --root=REPO_ROOT
The hostile engine is tests/engines/engine_io.py MODE.
"""
import json
from pathlib import Path
import os
import selectors
import subprocess
import sys
import time

import pytest

GOOD = "messina/consumption/odd-count-5-tokens.json"
ENGINES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engines")
MIB = 1 << 20


def engine(mode, *extra):
    return " ".join([sys.executable, os.path.join(ENGINES, "engine_io.py"), mode, *map(str, extra)])


def run(rulecheck, root, *args, timeout=300, **kwargs):
    return subprocess.run([rulecheck, "--rules", str(root / "rules"), *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, **kwargs)


def cases_of(stdout):
    return [json.loads(line) for line in stdout.splitlines() if '"type":"case"' in line]


def peak_of(rulecheck, root, *args, timeout=120):
    """(exit status, stdout, stderr, peak resident KiB, seconds) of one rulecheck run, the peak from wait4."""
    started = time.monotonic()
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), *map(str, args)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    # Read both pipes without reaping, then reap with wait4 for the resource usage.
    sel = selectors.DefaultSelector()
    chunks = {p.stdout: [], p.stderr: []}
    for f in chunks:
        sel.register(f, selectors.EVENT_READ)
    deadline = started + timeout
    while sel.get_map():
        if time.monotonic() > deadline:
            p.kill()
            raise AssertionError(f"rulecheck {' '.join(map(str, args))} did not end within {timeout} s")
        for key, _ in sel.select(timeout=1):
            data = key.fileobj.read1(1 << 16)
            if data:
                chunks[key.fileobj].append(data)
            else:
                sel.unregister(key.fileobj)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    out = b"".join(chunks[p.stdout]).decode("utf-8", "replace")
    err = b"".join(chunks[p.stderr]).decode("utf-8", "replace")
    return p.returncode, out, err, usage.ru_maxrss, time.monotonic() - started


@pytest.fixture(scope="module")
def baseline_kib(rulecheck, root):
    """The peak resident KiB of a run of one case on the faithful engine, in this build: the bounds below
    are this plus what a capped read may hold (a sanitizer build starts far larger)."""
    code, out, err, peak, _ = peak_of(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle", "--engine",
                                      f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}")
    assert code == 0, err
    return peak


LEGAL = ["messina/consumption/odd-count-5-tokens.json", "messina/consumption/even-count-8-tokens.json",
         "messina/consumption/bill-all-tokens.json"]  # one step each, legal: an illegal answer fails them


def scenarios(root, names=LEGAL):
    return [root / "scenarios" / n for n in names]


# ---------------------------------------------------------------- one bounded line reader (item 2)

def test_an_engine_writing_without_a_newline_before_hello_is_refused_at_the_line_cap(rulecheck, root, baseline_kib):
    # Before: `cat /dev/zero` was read without the 16 MiB cap while it started (hundreds of MB held)
    # and the 10 s hello limit was not kept (39 s).
    code, out, err, peak, seconds = peak_of(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle",
                                            "--format", "jsonl", "--engine", "cat /dev/zero")
    cases = cases_of(out)
    assert code == 1 and len(cases) == 1 and cases[0]["verdict"] == "errored", out + err
    assert "'cat /dev/zero' wrote a line longer than the limit of 16 MiB before answering hello" \
        in cases[0]["message"], cases[0]["message"]
    assert peak < baseline_kib + 64 * 1024, f"peak {peak} KiB, {baseline_kib} KiB without the engine"
    assert seconds < 20, seconds


def test_the_hello_time_limit_holds_while_an_engine_writes_lines_without_end(rulecheck, root):
    # Before: every line that came put the deadline off (it was looked at only when nothing came): `yes`
    # was waited for without end.
    code, out, err, _, seconds = peak_of(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle",
                                         "--format", "jsonl", "--engine", "yes banner", timeout=60)
    cases = cases_of(out)
    assert code == 1 and cases[0]["verdict"] == "errored", out + err
    assert "'yes banner' did not answer hello within 10000 ms" in cases[0]["message"], cases[0]["message"]
    assert seconds < 40, seconds


def test_the_answer_time_limit_holds_while_an_engine_writes_blank_lines_without_end(rulecheck, root):
    # Before: the deadline was looked at only when a poll found nothing: it held only because rulecheck
    # reads blank lines faster than `yes` writes them (here 2 to 8 s for a 1 s limit; this test passed),
    # as it did not for banner lines before hello (the test above). Now it is looked at after every read.
    code, out, err, _, seconds = peak_of(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle",
                                         "--format", "jsonl", "--timeout", 1000, "--max-timeouts", 1,
                                         "--engine", engine("blank-flood"), timeout=60)
    cases = cases_of(out)
    assert code == 1 and cases[0]["verdict"] == "errored", out + err
    assert "no answer within 1000 ms" in cases[0]["message"], cases[0]["message"]
    assert seconds < 30, seconds


# ---------------------------------------------------------------- engine text capped (item 5)

CUT = "more byte(s) dropped; at most 64 KiB of an engine's text are kept]"


def test_a_reason_and_a_rule_of_megabytes_are_cut_at_64_kib_with_a_marker(rulecheck, root, tmp_path, baseline_kib):
    # Before: each case kept the engine's 10 MiB reason whole, in memory and in every report (54 such
    # cases: 1.25 GB resident, 1.6 GB of reports).
    out_dir = tmp_path / "out"
    code, out, err, peak, _ = peak_of(rulecheck, root, "run", *scenarios(root), "--no-oracle", "--window", 1,
                                      "--engine", engine("huge-reason"), "--output-dir", out_dir, "--quiet")
    assert code == 1, err
    cases = [json.loads(line) for line in (out_dir / "results.jsonl").read_text().splitlines()
             if '"type":"case"' in line]
    assert len(cases) == len(LEGAL) and all(c["verdict"] == "fail" for c in cases), cases
    for c in cases:
        reason_dropped = 10 * MIB - 64 * 1024
        assert c["answer_reason"] == "why " * (16 * 1024) + f"[rulecheck: cut here: {reason_dropped} {CUT}"
        assert c["answer_rule"] == "r" * (64 * 1024) + f"[rulecheck: cut here: {MIB - 64 * 1024} {CUT}"
    reports = sum(f.stat().st_size for f in out_dir.iterdir())
    assert reports < 4 * MIB, {f.name: f.stat().st_size for f in out_dir.iterdir()}
    # Three 10 MiB reasons held whole took 1.82 GB; capped, 107 MB. AddressSanitizer keeps freed memory in
    # quarantine (256 MB by default), so its build gets that much more room: still far under what they took.
    quarantine = 256 * 1024 if b"__asan_init" in Path(rulecheck).read_bytes() else 0
    assert peak < baseline_kib + 100 * 1024 + quarantine, f"peak {peak} KiB, {baseline_kib} KiB for one case"


def test_a_name_and_version_of_megabytes_are_cut_at_1_kib(rulecheck, root):
    # Before: the 6 MiB name was the target of every case line, and the version was shown whole.
    p = run(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle", "--format", "jsonl",
            "--engine", engine("huge-name"))
    header = json.loads(p.stdout.splitlines()[0])
    name = "n" * 1024 + f"[rulecheck: cut here: {6 * MIB - 1024} more byte(s) dropped; at most 1 KiB of an engine's " \
                        "text are kept]"
    assert header["targets"] == [name], header["targets"][0][:2000]
    assert header["engines"][0]["version"].startswith("v" * 1024 + "[rulecheck: cut here: ")
    assert cases_of(p.stdout)[0]["target"] == name and p.returncode == 0, p.stderr


# ---------------------------------------------------------------- a hello checked field by field (item 13)

@pytest.mark.parametrize("mode, words", [
    ("hello-version-number", 'answered hello with "version" 3 (a number), but "version" is a string'),
    ("hello-games-string", 'answered hello with "games" "messina" (a string), but "games" is a list'),
    ("hello-no-games", 'answered hello without a "games"'),
])
def test_run_refuses_an_engine_whose_hello_is_wrong_in_one_error_naming_the_field(rulecheck, root, mode, words):
    # Before: a number for "version" errored every case with "[json.exception.type_error.302] type must
    # be string, but is number" (no field, no engine); "games" a string (or none) skipped every case
    # and the run exited 0.
    p = run(rulecheck, root, "run", root / "scenarios" / "messina" / "consumption", "--no-oracle", "--format", "jsonl",
            "--engine", engine(mode))
    assert p.returncode == 1, p.stderr
    assert not cases_of(p.stdout), p.stdout[:500]
    assert f"the engine '{engine(mode)}' {words}" in p.stderr, p.stderr
    assert "json.exception" not in p.stderr and "no case was run" in p.stderr


def test_engine_check_says_what_is_wrong_with_a_hello_naming_the_field(rulecheck, root):
    p = run(rulecheck, root, "engine", "check", engine("hello-version-number"), "--scenarios",
            root / "scenarios" / GOOD)
    assert p.returncode == 1
    assert 'problem: hello: the engine' in p.stdout and '"version" 3 (a number)' in p.stdout, p.stdout
    assert "json.exception" not in p.stdout


def test_fuzz_says_what_is_wrong_with_a_hello_naming_the_field(rulecheck, root):
    p = run(rulecheck, root, "fuzz", "--engine", engine("hello-games-string"), "--cases", 1)
    assert p.returncode == 1
    assert '"games" "messina" (a string), but "games" is a list' in p.stderr, p.stderr


# ---------------------------------------------------------------- the doubtful points, decided

def test_an_answer_giving_its_id_twice_is_errored(rulecheck, root):
    # Before: {"id":"0.0","id":"other",...} was taken for request 0.0's answer (its first bytes) and the
    # case passed, whichever id the JSON library kept.
    p = run(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle", "--format", "jsonl",
            "--engine", engine("duplicate-id"))
    case = cases_of(p.stdout)[0]
    assert case["verdict"] == "errored" and p.returncode == 1, case
    assert "the answer gives the key at /id twice in one object" in case["message"], case["message"]


def test_an_answer_with_a_nul_and_bytes_after_it_is_errored(rulecheck, root):
    # Before: the JSON library stops at a NUL as at the end of its text: what followed was ignored and
    # the case passed.
    p = run(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle", "--format", "jsonl",
            "--engine", engine("nul"))
    case = cases_of(p.stdout)[0]
    assert case["verdict"] == "errored" and p.returncode == 1, case
    assert "is not a JSON object: it holds a NUL byte at byte" in case["message"], case["message"]


def test_a_file_with_a_nul_and_bytes_after_it_is_refused(rulecheck, root, tmp_path):
    # Before: validate read the scenario up to the NUL and passed it.
    bad = tmp_path / "nul.json"
    bad.write_bytes((root / "scenarios" / GOOD).read_bytes().rstrip() + b"\0 not JSON")
    p = run(rulecheck, root, "validate", bad)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "a NUL byte" in p.stdout + p.stderr and "never holds" in p.stdout + p.stderr, p.stdout + p.stderr


def test_an_engine_killed_while_a_child_holds_its_stdout_is_said_so_at_once(rulecheck, root):
    # Before: the open pipe hid the death: "no answer within 30000 ms (the engine hangs or is too slow)",
    # 30 s later.
    code, out, err, _, seconds = peak_of(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle",
                                         "--format", "jsonl", "--timeout", 30000, "--engine", engine("orphan-stdout"),
                                         timeout=90)
    case = cases_of(out)[0]
    assert case["verdict"] == "errored" and code == 1, case
    assert "was killed by signal 9" in case["message"] and "still holds its stdout open" in case["message"], case
    assert seconds < 20, seconds


def test_a_different_hello_after_a_restart_errors_the_rest_saying_what_changed(rulecheck, root, tmp_path):
    # Before: the restarted engine was used as if it were the first (its games and readings unchecked):
    # the cases after the crash passed.
    p = run(rulecheck, root, "run", *scenarios(root), "--no-oracle", "--format", "jsonl", "--window", 1,
            "--engine", engine("other-hello-after-restart", tmp_path / "started"))
    cases = cases_of(p.stdout)
    assert [c["verdict"] for c in cases] == ["errored"] * len(LEGAL), cases
    assert "killed by signal 9" in cases[0]["message"]
    for c in cases[1:]:
        assert "it answered hello differently after the restart" in c["message"], c["message"]
        assert 'now "2-after-restart"' in c["message"], c["message"]


def test_a_rule_map_naming_no_engine_is_noted(rulecheck, root, tmp_path):
    # Before: its codes were silently used for none.
    rule_map = tmp_path / "map.json"
    rule_map.write_text(json.dumps({"engine": "nobody", "rules": {"E1": "messina.consumption.when"}}))
    p = run(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle", "--rule-map", rule_map,
            "--engine", f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}")
    assert p.returncode == 0, p.stderr
    assert 'note: --rule-map names the engine "nobody", but no engine\'s hello gives that name ' \
           '(engines: "faithful-python"): its 1 code(s) are used for none' in p.stderr, p.stderr


def test_two_rule_maps_for_one_engine_are_refused_naming_both(rulecheck, root, tmp_path):
    # Before: the second silently replaced the first.
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for f in (first, second):
        f.write_text(json.dumps({"engine": "faithful-python", "rules": {}}))
    p = run(rulecheck, root, "run", root / "scenarios" / GOOD, "--no-oracle", "--rule-map", first, "--rule-map",
            second)
    assert p.returncode == 2, p.stderr
    assert f'{second} maps the engine "faithful-python", as {first} does' in p.stderr, p.stderr


def test_serve_ignores_a_line_of_spaces_and_tabs(rulecheck, root):
    # Before: answered {"error":"the request is not a JSON object","id":null}.
    p = run(rulecheck, root, "serve", input='{"op":"hello","protocol":1}\n \t  \r\n\t\n{"op":"bye"}\n')
    assert p.returncode == 0 and len(p.stdout.splitlines()) == 1, p.stdout
    assert json.loads(p.stdout)["name"] == "rulecheck-oracle"


def test_a_line_of_spaces_and_tabs_in_an_engines_output_is_ignored(rulecheck, root):
    # Before: taken for an answer that is not JSON: the case errored and the engine was restarted.
    p = run(rulecheck, root, "run", *scenarios(root), "--no-oracle", "--format", "jsonl", "--engine", engine("spaces"))
    assert [c["verdict"] for c in cases_of(p.stdout)] == ["pass"] * len(LEGAL), p.stdout[:1000]
    assert p.returncode == 0
