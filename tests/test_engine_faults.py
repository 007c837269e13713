"""Engine faults: each makes exactly the case it hits `errored` (with a clear message), the
engine is restarted, and every other case still runs and passes; no result is lost.

Run: pytest -p no:cacheprovider tests/test_engine_faults.py --rulecheck=BINARY --root=REPO_ROOT
The misbehaving engine is tests/engines/faulty.py (it answers like the faithful example engine
except for one injected fault); the corpus is scenarios/messina/consumption.
"""
import json
import os
import signal
import subprocess
import time

import pytest

from strict_json import load_json

# Each fault and the words the errored case's message must contain.
FAULTS = {
    "crash": "killed by signal 9",
    "exit": "exited with status 0",
    "garbage": "not a JSON object",
    "wrong-id": "oldest unanswered request",
    "huge": "limit of",
    "hang": "no answer within",
    # An engine that closes its stdout and keeps running: seen at once (not waited out as a hang).
    "close-stdout": "closed its stdout",
    "numeric-id": "ids are strings",
    # An answer line that is not UTF-8: the message keeps it, with the bad bytes replaced.
    "bad-utf8": "not a JSON object: caf\ufffd",
}


@pytest.fixture(scope="module")
def corpus(root):
    return root / "scenarios" / "messina" / "consumption"


@pytest.fixture(scope="module")
def expected_cases(corpus):
    """How many cases the corpus holds: one per scenario file."""
    return len([f for f in corpus.iterdir() if f.name.endswith(".json")])


@pytest.fixture(scope="module")
def run_engine(rulecheck, root, corpus, tmp_path_factory):
    """run_engine(mode, n, extra, corpus) -> (exit status, cases, all JSON lines, stderr) of a run
    against tests/engines/faulty.py MODE N (the fault hits the N-th request, once)."""
    faulty = root / "tests" / "engines" / "faulty.py"

    def run_engine(mode, n=5, extra=(), corpus=corpus):
        marker = tmp_path_factory.mktemp(f"faulty-{mode}") / "fired"
        cmd = f"python3 {faulty} {mode} {n} {marker}"
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(corpus), "--rulesets", "any", "--no-oracle",
                            "--format", "jsonl", "--engine", cmd, *extra],
                           capture_output=True, text=True, timeout=300)
        lines = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
        cases = [line for line in lines if line.get("type") == "case"]
        return p.returncode, cases, lines, p.stderr

    return run_engine


def by_verdict(cases, verdict):
    return [c for c in cases if c["verdict"] == verdict]


# ---------------------------------------------------------------- one fault, one errored case


@pytest.fixture(scope="module", params=list(FAULTS))
def fault(request, run_engine):
    """(mode, (exit status, cases, lines, stderr)) of a run whose engine has the fault MODE at the
    5th request (an engine that hangs is given 1.5 s per answer)."""
    mode = request.param
    extra = ("--timeout", "1500") if mode == "hang" else ()
    return mode, run_engine(mode, extra=extra)


def test_a_fault_loses_no_case(fault, expected_cases):
    mode, (code, cases, lines, err) = fault
    assert len(cases) == expected_cases, f"{len(cases)} of {expected_cases}"


def test_a_fault_errors_exactly_the_case_it_hits(fault):
    mode, (code, cases, lines, err) = fault
    errored = by_verdict(cases, "errored")
    assert len(errored) == 1, json.dumps(errored)[:800]


def test_every_case_a_fault_does_not_hit_passes(fault, expected_cases):
    mode, (code, cases, lines, err) = fault
    assert len(by_verdict(cases, "pass")) == expected_cases - 1, \
        json.dumps([c for c in cases if c["verdict"] != "pass"])[:800]


def test_the_case_a_fault_hits_says_what_happened(fault):
    mode, (code, cases, lines, err) = fault
    errored = by_verdict(cases, "errored")
    assert errored and FAULTS[mode] in errored[0].get("message", ""), \
        errored[0].get("message") if errored else ""


def test_a_run_with_an_engine_fault_exits_with_1(fault):
    mode, (code, cases, lines, err) = fault
    assert code == 1, str(code)


def test_the_summary_line_is_last_after_an_engine_fault(fault):
    mode, (code, cases, lines, err) = fault
    assert lines and lines[-1].get("type") == "summary", lines[-1:] and str(lines[-1])


def test_the_engine_restart_after_a_fault_is_noted(fault):
    mode, (code, cases, lines, err) = fault
    assert "restarted" in err, err


def test_bytes_that_are_not_utf8_on_an_engines_stderr_are_kept_replaced(run_engine):
    code, cases, lines, err = run_engine("bad-utf8")
    assert any("engine log: caf\ufffd \ufffd\ufffd" in c.get("stderr", "") for c in cases), \
        [c.get("stderr") for c in cases if c.get("stderr")]


def test_an_answer_nested_100000_deep_errors_its_case_and_every_other_case_passes(run_engine, expected_cases):
    code, cases, lines, err = run_engine("deep")
    errored = by_verdict(cases, "errored")
    assert len(errored) == 1 and "more than 512 deep" in errored[0]["message"], json.dumps(errored)[:400]
    assert len(by_verdict(cases, "pass")) == expected_cases - 1 and lines[-1]["type"] == "summary"


def test_an_engine_whose_hello_claims_another_protocol_is_refused(run_engine, expected_cases):
    # A hello that breaks the protocol is one error naming the engine, and no case is run (issue 35; each
    # case was errored with it before).
    code, cases, lines, err = run_engine("protocol-99")
    assert not cases and code == 1, cases[:1]
    assert "answered hello for protocol 99; rulecheck speaks protocol 1" in err and "no case was run" in err, err


def test_the_steps_after_a_step_that_errored_are_not_sent(rulecheck, root, tmp_path):
    # A 3-step scenario whose engine closes its stdout at the first request: the case is errored at
    # step 0, and its steps 1 and 2 are never sent to the restarted engine.
    scenario = root / "scenarios" / "messina" / "cards" / "hide-after-transfer-empties-card.json"
    assert len(load_json(scenario)["steps"]) == 3
    marker = tmp_path / "fired"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(scenario), "--no-oracle", "--format",
                        "jsonl", "--engine", f"python3 {root / 'tests' / 'engines' / 'faulty.py'} close-stdout 1 {marker}"],
                       capture_output=True, text=True, timeout=120)
    cases = [json.loads(line) for line in p.stdout.splitlines() if '"case"' in line]
    assert len(cases) == 1 and cases[0]["verdict"] == "errored" and cases[0]["step"] == 0, p.stdout
    sent = (tmp_path / "fired.requests").read_text().split()
    assert sent == ["0.0"], sent


# ---------------------------------------------------------------- engines that behave oddly but not wrongly


@pytest.fixture(scope="module")
def banner(run_engine):
    return run_engine("banner")


def test_a_banner_line_before_hello_is_tolerated_and_every_case_passes(banner, expected_cases):
    code, cases, lines, err = banner
    assert len(by_verdict(cases, "pass")) == expected_cases and code == 0, f"exit {code}, {err}"


def test_a_banner_line_before_hello_is_noted_naming_the_line(banner):
    code, cases, lines, err = banner
    assert "before answering hello" in err and "banner" in err, err


@pytest.fixture(scope="module")
def unsupported(run_engine, root):
    """A run of the whole corpus against an engine that answers `unsupported` to every Scythe request."""
    code, cases, lines, err = run_engine("unsupported", corpus=root / "scenarios")
    return code, [c for c in cases if c["game"] == "scythe"]


def test_unsupported_cases_are_counted_as_skipped_never_failed(unsupported):
    code, scythe = unsupported
    assert scythe and all(c["verdict"] == "skipped" for c in scythe) and code == 0, f"exit {code}"


def test_the_reason_an_engine_gives_for_unsupported_is_kept(unsupported):
    code, scythe = unsupported
    assert scythe and "Messina only" in scythe[0].get("message", ""), str(scythe[:1])


def steps_of(cases):
    """Each case's number of steps, read from its scenario file."""
    return {c["id"]: len(load_json(c["file"])["steps"]) for c in cases}


def test_engine_stderr_is_kept_without_losing_a_line_when_requests_are_pipelined(run_engine):
    code, cases, lines, err = run_engine("stderr")
    steps = steps_of(cases)
    assert sum(c.get("stderr", "").count("engine log") for c in cases) == sum(steps.values()), \
        json.dumps(cases[:2])[:600]


def test_in_lockstep_each_case_gets_exactly_its_own_engine_stderr_lines(run_engine):
    code, cases, lines, err = run_engine("stderr", extra=("--window", "1"))
    steps = steps_of(cases)
    assert cases and all(c.get("stderr", "").count("engine log") == steps[c["id"]] for c in cases), \
        json.dumps(cases[:2])[:600]


def test_a_slow_reader_with_a_large_window_does_not_deadlock_and_every_case_passes(run_engine, expected_cases):
    code, cases, lines, err = run_engine("slow-reader", extra=("--window", "1000"))
    assert len(by_verdict(cases, "pass")) == expected_cases and code == 0, f"exit {code}"


def test_lockstep_with_a_window_of_1_passes_every_case(run_engine, expected_cases):
    # The crash is set at a request that never comes, so this engine is faithful.
    code, cases, lines, err = run_engine("crash", n=10**9, extra=("--window", "1"))
    assert len(by_verdict(cases, "pass")) == expected_cases, f"exit {code}"


def test_an_engine_that_cannot_start_errors_every_case_with_the_reason(rulecheck, root, corpus, expected_cases):
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(corpus), "--rulesets", "any", "--no-oracle", "--format",
                        "jsonl", "--engine", "/nonexistent/engine --flag"], capture_output=True, text=True, timeout=60)
    cases = [json.loads(line) for line in p.stdout.splitlines() if '"case"' in line]
    assert len(cases) == expected_cases and all(c["verdict"] == "errored" for c in cases) \
        and "before answering hello" in cases[0]["message"], p.stdout[:500]


# ---------------------------------------------------------------- rulecheck engine check


@pytest.fixture(scope="module")
def engine_check(rulecheck, root, corpus):
    """engine_check(command) -> (exit status, stdout) of rulecheck engine check COMMAND on the corpus."""
    def engine_check(cmd):
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "engine", "check", cmd,
                            "--scenarios", str(corpus)], capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout
    return engine_check


def test_engine_check_finds_that_the_faithful_engine_speaks_protocol_1(engine_check, root):
    code, out = engine_check(f"python3 {root / 'examples' / 'engines' / 'faithful.py'}")
    assert code == 0 and "speaks protocol version 1" in out, out


def test_engine_check_names_an_answer_field_the_protocol_does_not_have(engine_check, root, tmp_path):
    code, out = engine_check(f"python3 {root / 'tests' / 'engines' / 'faulty.py'} extra-field 4 {tmp_path / 'fired'}")
    assert code == 1 and 'unknown field "debug"' in out and "1 errored" in out, out


# ---------------------------------------------------------------- interrupted runs


@pytest.mark.parametrize("signal_name,code", [("SIGINT", 130), ("SIGTERM", 143)])
def test_an_interrupted_run_stops_its_engine_and_finishes_every_report(rulecheck, root, corpus, expected_cases,
                                                                        tmp_path, signal_name, code):
    # The engine hangs at its 3rd request (with a time limit of 60 s); the run is interrupted there.
    marker = tmp_path / "fired"
    out = tmp_path / "reports"
    engine = f"python3 {root / 'tests' / 'engines' / 'faulty.py'} hang 3 {marker}"
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run", str(corpus), "--rulesets", "any", "--engine", engine,
                          "--timeout", "60000", "--output-dir", str(out), "--format", "jsonl"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(600):  # until the engine hangs (at most 60 s)
        if marker.exists():
            break
        time.sleep(0.1)
    assert marker.exists(), "the engine never reached its 3rd request"
    p.send_signal(getattr(signal, signal_name))
    stdout, stderr = p.communicate(timeout=60)
    assert p.returncode == code, stderr
    lines = [json.loads(line) for line in stdout.splitlines()]
    summary = lines[-1]
    assert summary["type"] == "summary" and summary["interrupted"] == signal_name
    # Every case is accounted for: the oracle's, and the engine's (judged before, skipped after).
    engine_cases = [c for c in lines if c.get("type") == "case" and c["target"] != "oracle"]
    assert len(engine_cases) == expected_cases and summary["total"] == 2 * expected_cases
    skipped = by_verdict(engine_cases, "skipped")
    assert skipped and all("interrupted by " + signal_name in c["message"] for c in skipped)
    # The engine answered two requests before the hang; the signal can come before the harness has read
    # the second answer (the engine is already waiting on the third), so one or both are judged, and
    # every other case is skipped.
    passed = len(by_verdict(engine_cases, "pass"))
    assert 1 <= passed <= 2 and passed + len(skipped) == expected_cases
    # Every report is whole, under its own name.
    assert sorted(f.name for f in out.iterdir()) == ["junit.xml", "report.html", "results.jsonl", "summary.md"]
    assert json.loads((out / "results.jsonl").read_text().splitlines()[-1])["interrupted"] == signal_name
    assert (out / "report.html").read_text().rstrip().endswith("</html>")
    # The engine is stopped (its process group killed).
    assert not processes_mentioning(str(marker))


def processes_mentioning(text):
    """The pids whose command line holds `text` (read from /proc: no procps needed)."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    if text.encode() in f.read():
                        pids.append(int(entry))
            except OSError:
                pass
    return pids


# ---------------------------------------------------------------- a soak run


@pytest.mark.parametrize("seed", [1, 2])
def test_a_run_against_an_engine_failing_at_random_accounts_for_every_case(rulecheck, root, tmp_path, seed):
    # The whole corpus against an engine that, on one request in 25, crashes, hangs, closes its
    # output, exits, garbles its answer (not JSON, not UTF-8, nested 50,000 deep, a wrong id) or
    # floods stderr: every case ends pass, fail, skipped or errored, and the JSON lines are whole.
    corpus = root / "scenarios"
    files = sorted(corpus.rglob("*.json"))
    scenarios = [f for f in files if "schema" not in f.parts]
    marker = tmp_path / "starts"
    engine = f"python3 {root / 'tests' / 'engines' / 'faulty.py'} chaos {seed} {marker}"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(corpus), "--rulesets", "any", "--engine", engine,
                        "--timeout", "400", "--format", "jsonl"], capture_output=True, text=True, timeout=900)
    lines = [json.loads(line) for line in p.stdout.splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "summary", p.stderr[-500:]
    engine_cases = [c for c in lines if c.get("type") == "case" and c["target"] != "oracle"]
    assert len(engine_cases) == len(scenarios) and lines[-1]["total"] == 2 * len(scenarios)
    assert len({c["id"] for c in engine_cases}) == len(scenarios)  # none twice
    assert {c["verdict"] for c in engine_cases} <= {"pass", "fail", "skipped", "errored"}
    # The faults did happen, and the engine came back after each.
    errored = by_verdict(engine_cases, "errored")
    assert len(errored) >= 5 and int(marker.read_text()) >= 3, (len(errored), marker.read_text())
    assert len(by_verdict(engine_cases, "pass")) >= len(scenarios) // 2
    assert p.returncode == 1


def test_engine_check_accepts_a_banner_before_hello_and_notes_it(rulecheck, root, tmp_path):
    # The protocol lets an engine print lines before its hello answer; `engine check` says so and
    # still finds that the engine speaks the protocol.
    engine = f"python3 {root / 'tests' / 'engines' / 'faulty.py'} banner 1 {tmp_path / 'fired'}"
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "engine", "check", engine,
                        "--scenarios", str(root / "scenarios" / "messina" / "consumption")],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout
    assert "note: a line before the hello answer" in p.stdout and "problem:" not in p.stdout, p.stdout
