"""Inputs read in linear time and bounded memory (issue 35, items 3 and 4):

- every JSON input is read in one linear pass (nlohmann/json's parser with a callback scanned the
  parent again after each object: a 2 MiB file of `[{},{},...]` took 88 s to be refused, wherever a
  file is read);
- a --known file is read and matched in linear time (its entries' pointers were found by walking the
  document, one walk per entry: 100,000 entries took over 200 s);
- one JSON text holds at most 1,000,000 values, so a file or a line under its byte cap cannot become
  a value of more than a stated size (a 60 MiB list of zeros took 762 MB);
- a NUL byte in a JSON file is refused (nlohmann/json took it for the end, so the bytes after it were
  ignored unread);
- what a run holds for its --window is bounded by the bytes of the requests in flight.

Run: pytest -p no:cacheprovider tests/test_hardening_jsonmem.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import os
import re
import resource
import subprocess
import sys
import threading
import time

import pytest

GOOD = "messina/consumption/odd-count-5-tokens.json"
ENGINES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engines")
MIB = 1 << 20


def measured(args, stdin=None, timeout=300, output=False):
    """(returncode, standard output or error, peak resident KiB, seconds) of one process, measured by
    wait4; killed past `timeout`. `output`: standard output is returned (standard error dropped)."""
    started = time.monotonic()
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(args, stdin=stdin, stdout=subprocess.PIPE if output else null,
                             stderr=null if output else subprocess.PIPE)
        timer = threading.Timer(timeout, p.kill)
        timer.start()
        try:
            text = (p.stdout if output else p.stderr).read()
            _, status, usage = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
    return (os.waitstatus_to_exitcode(status), text.decode("utf-8", "replace"), usage.ru_maxrss,
            time.monotonic() - started)


def run_counting_cpu(args, timeout):
    """(the finished process, the CPU seconds it and the processes it waited for took). Linear against
    quadratic time is told by CPU, not wall time: a loaded machine (CI, the sanitizers) stretches the one,
    not the other."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def write_list(path, element, size):
    """A JSON list of `element`s of about `size` bytes, written a MiB at a time (this process stays small:
    a child's peak resident size counts its parent's from before exec)."""
    piece = (element + ",") * (MIB // (len(element) + 1))
    with open(path, "w", encoding="ascii") as f:
        f.write("[")
        for _ in range(size // len(piece)):
            f.write(piece)
        f.write(element + "]")


def faithful(root):
    return f"{sys.executable} {root / 'examples' / 'engines' / 'faithful.py'}"


# ---------------------------------------------------------------- linear reading

@pytest.fixture(scope="module")
def many_objects(tmp_path_factory):
    path = tmp_path_factory.mktemp("objects") / "objects.json"
    write_list(path, "{}", 2 * MIB)  # about 700,000 objects: under the value cap, read whole
    return path


def test_a_file_of_many_small_objects_is_read_in_linear_time_everywhere(rulecheck, root, many_objects):
    rules = ["--rules", str(root / "rules")]
    good = str(root / "scenarios" / GOOD)
    for command in (["validate", str(many_objects)], ["explain", str(many_objects)],
                    ["run", str(many_objects), "--format", "jsonl"],
                    ["run", good, "--engine", faithful(root), "--known", str(many_objects)],
                    ["diff", "--edited", str(many_objects)]):
        p, cpu = run_counting_cpu([rulecheck, *rules, *command], timeout=300)
        # 88 s each before the fix (a rescan of the list after each object); well under a second now
        assert cpu < 20, (command, cpu)
        assert p.returncode == 2, (command, p.stderr[-2000:])
        assert re.search("expected an? (JSON )?object", p.stdout + p.stderr), (command, p.stderr[-2000:])


def test_a_known_file_of_100000_entries_is_read_and_matched_in_linear_time(rulecheck, root, tmp_path):
    entries = [{"signature": f"messina action consume | /state/x | sig-{i}", "reason": "r"} for i in range(100000)]
    entries.append({"scenario": "messina/consumption/odd-*", "reason": "the last entry matches"})
    known = tmp_path / "known.json"
    known.write_text(json.dumps({"known": entries}))
    bug = root / "examples" / "engines" / "bug_round_cost_down.py"
    p, cpu = run_counting_cpu([rulecheck, "--rules", str(root / "rules"), "run",
                               str(root / "scenarios" / "messina" / "consumption"), "--engine", f"{sys.executable} {bug}",
                               "--known", str(known), "--format", "jsonl"], timeout=600)
    assert cpu < 20, cpu  # over 200 s before the fix (a walk of the document per entry)
    lines = [json.loads(line) for line in p.stdout.splitlines()]
    known_cases = [c for c in lines if c.get("verdict") == "known"]
    assert known_cases and all(c["known_reason"] == "the last entry matches" for c in known_cases), p.stdout[-2000:]
    assert "/known/99999 (signature" in p.stdout + p.stderr  # stale entries named by their pointer


# ---------------------------------------------------------------- bounded memory

def test_a_file_of_more_values_than_the_cap_is_refused_in_bounded_memory(rulecheck, root, tmp_path):
    zeros = tmp_path / "zeros.json"
    write_list(zeros, "0", 60 * MIB)  # 31 million values: under the 64 MiB cap
    code, out, peak, seconds = measured([rulecheck, "--rules", str(root / "rules"), "validate", str(zeros)],
                                        output=True)
    assert code == 2, out
    assert "at /999999: more than 1000000 JSON values" in out, out[-2000:]
    assert peak < 400 * 1024, peak  # 762 MB before the fix
    assert seconds < 20


def test_a_serve_request_of_more_values_than_the_cap_is_answered_in_bounded_memory(rulecheck, root, tmp_path):
    requests = tmp_path / "requests"
    with open(requests, "w", encoding="ascii") as f:
        f.write('{"op":"apply","id":1,"game":"messina","action":{},"state":{"pad":[')
        piece = "0," * (MIB // 2)
        for _ in range(15):
            f.write(piece)
        f.write('0]}}\n{"op":"hello"}\n')
    with open(requests, "rb") as stdin:
        code, out, peak, _ = measured([rulecheck, "--rules", str(root / "rules"), "serve"], stdin=stdin, output=True)
    assert code == 0
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[0] == {"error": "the request is refused: at /state/pad/999987: more than 1000000 JSON values (each "
                                   "number, string, key, list and object counts one): more than rulecheck reads from "
                                   "one input, which bounds the memory reading it takes; reading stopped here",
                          "id": None}, answers[0]
    assert answers[1]["name"] == "rulecheck-oracle"
    assert peak < 400 * 1024, peak  # 516 MB before the fix


def test_a_nul_byte_in_a_scenario_file_is_refused_not_read_as_its_end(rulecheck, root, tmp_path):
    bad = tmp_path / "nul.json"
    bad.write_bytes((root / "scenarios" / GOOD).read_bytes() + b"\0{not read")
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "validate", str(bad)], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 2, p.stdout + p.stderr  # 0 before: the bytes after the NUL were ignored
    assert "not valid JSON at line" in p.stdout + p.stderr and "a NUL byte" in p.stdout + p.stderr


def board_scenario(root, spaces, neighbours, scenario_id):
    """The consumption scenario GOOD on a board of `spaces` spaces, each of the added ones next to
    `neighbours` others (a ring); the engine's outcome alone is checked (the expectation: legal)."""
    scenario = json.loads((root / "scenarios" / GOOD).read_text())
    names = [f"S{i}" for i in range(spaces - 2)]
    for i, name in enumerate(names):
        near = {names[(i + d) % len(names)] for d in range(-(neighbours // 2), neighbours // 2 + 1) if d}
        scenario["state"]["spaces"][name] = {"adjacent": sorted(near)}
    scenario["id"] = scenario_id
    scenario["steps"][0]["expect"] = {"legal": True}
    return scenario


def test_the_window_holds_at_most_4_mib_of_requests_whatever_its_count(rulecheck, root, tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    scenario = board_scenario(root, 1000, 20, "w")
    for i in range(60):  # about 160 KB of request each: 9.6 MB in all
        scenario["id"] = f"w{i:02}"
        (folder / f"w{i:02}.json").write_text(json.dumps(scenario))
    request_bytes = len(json.dumps(scenario["state"], separators=(",", ":"))) + 1000
    report = tmp_path / "received"
    probe = f"{sys.executable} {os.path.join(ENGINES, 'window_probe.py')} {report} 2"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(folder), "--engine", probe,
                        "--window", "100000", "--format", "jsonl"], capture_output=True, text=True, timeout=600)
    assert p.returncode == 1, p.stderr[-2000:]  # every case errored: the probe answers errors
    received = int(report.read_text())
    # every request, 9.6 MB, was sent before the fix (--window 100000 over 50,000 scenarios took 765 MB)
    assert 4 * MIB <= received <= 4 * MIB + request_bytes, received


def test_an_engine_that_disagrees_on_a_1000_space_board_is_judged_without_the_solver_in_bounded_memory(
        rulecheck, root, tmp_path):
    case = tmp_path / "big.json"
    case.write_text(json.dumps(board_scenario(root, 1000, 2, "big")))
    bug = root / "examples" / "engines" / "bug_round_cost_down.py"
    code, out, peak, seconds = measured([rulecheck, "--rules", str(root / "rules"), "run", str(case), "--engine",
                                         f"{sys.executable} {bug}", "--format", "jsonl"], output=True)
    assert code == 1, out[-2000:]
    failed = [c for c in map(json.loads, out.splitlines()) if c.get("verdict") == "fail"]
    # before the fix the solver encoded the whole board: 82 s and 369 MB (467 MB with 200 neighbours a space)
    assert failed[0]["solver"]["membership"] == "not-encoded", failed
    assert failed[0]["solver"]["why"] == "the board has 1000 spaces; the solver checks outcomes on boards of at most 200"
    assert seconds < 20 and peak < 400 * 1024, (seconds, peak)
