"""SIGINT and SIGTERM in every command that runs long: rulecheck owns the signals (Z3 never
installs its handler), stops what is in flight, reports what was decided and the rest as
interrupted, exits 128 + the signal (130, 143), and leaves no engine running.

Run: pytest -p no:cacheprovider tests/test_signals.py --rulecheck=BINARY --root=REPO_ROOT
The slow engine is tests/engines/slow_hello.py PIDFILE SECONDS: it writes its pid, then waits
before it answers hello.
"""
import json
import os
import signal
import subprocess
import time

import pytest


def catches(pid, sig):
    """Whether process `pid` has a handler for `sig` installed (Linux: the SigCgt mask of /proc/PID/status);
    None where that cannot be read."""
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return bool(int(line.split()[1], 16) >> (int(sig) - 1) & 1)
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def signalled(cmd, sig, after, timeout=120):
    """Runs cmd, sends `sig` `after` seconds after cmd has installed its handler for it (so that a start
    slowed by a loaded machine or the sanitizers is not taken for the work the signal is to interrupt), and
    returns (exit status, stdout, stderr, seconds from the signal to the exit)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while catches(p.pid, sig) is False and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(after)
    assert p.poll() is None, f"finished before the signal: {p.communicate()}"
    sent = time.monotonic()
    p.send_signal(sig)
    out, err = p.communicate(timeout=timeout)
    return p.returncode, out, err, time.monotonic() - sent


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is not running (it would be reaped by its parent, init).
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.fixture
def slow_engine(root, tmp_path):
    """(command, pid file) of an engine that waits 60 s before answering hello."""
    pid_file = tmp_path / "engine.pid"
    return f"python3 {root / 'tests' / 'engines' / 'slow_hello.py'} {pid_file} 60", pid_file


def engine_pid(pid_file):
    for _ in range(100):  # written as soon as the engine runs
        if pid_file.exists() and pid_file.read_text().strip():
            return int(pid_file.read_text())
        time.sleep(0.05)
    raise AssertionError("the engine never started")


def wait_started(pid_file):
    engine_pid(pid_file)
    time.sleep(0.3)


@pytest.mark.parametrize("sig,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_while_the_engine_starts_stops_it_and_the_run_reports(rulecheck, root, slow_engine, tmp_path, sig,
                                                                       code):
    engine, pid_file = slow_engine
    out_dir = tmp_path / "out"
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run",
                          str(root / "scenarios" / "messina" / "consumption"), "--engine", engine,
                          "--format", "jsonl", "--output-dir", str(out_dir)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pid = engine_pid(pid_file)
    time.sleep(0.3)
    p.send_signal(sig)
    out, err = p.communicate(timeout=60)
    assert p.returncode == code, err
    assert not alive(pid), "the engine was left running"
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    cases = [line for line in lines if line.get("type") == "case"]
    assert cases, "no case reported"
    # Nothing was decided: every case is skipped as interrupted, none blamed on the engine.
    assert all(c["verdict"] == "skipped" and "interrupted by" in c["message"] for c in cases), cases[:3]
    assert lines[-1]["type"] == "summary"
    written = [json.loads(line) for line in (out_dir / "results.jsonl").read_text().splitlines() if line.strip()]
    assert written[-1]["type"] == "summary" and len([w for w in written if w.get("type") == "case"]) == len(cases)


def test_sigterm_while_engine_check_starts_the_engine(rulecheck, root, slow_engine):
    engine, pid_file = slow_engine
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "engine", "check", engine],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pid = engine_pid(pid_file)
    time.sleep(0.3)
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 143, err
    assert "not started: interrupted by SIGTERM" in out
    assert not alive(pid)


def test_sigint_while_fuzz_starts_the_engine_prints_the_seed(rulecheck, root, slow_engine):
    engine, pid_file = slow_engine
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "fuzz", "--engine", engine, "--seed", "4242",
                          "--cases", "100"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pid = engine_pid(pid_file)
    time.sleep(0.3)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert "seed 4242" in out and "interrupted by SIGINT" in out
    assert not alive(pid)


def test_sigint_during_fuzz_prints_the_seed_and_the_cases_done(rulecheck, root):
    engine = f"python3 {root / 'examples' / 'engines' / 'faithful.py'}"
    code, out, err, _ = signalled([rulecheck, "--rules", str(root / "rules"), "fuzz", "--engine", engine, "--seed",
                                   "77", "--cases", "0", "--time", "60"], signal.SIGINT, 3)
    assert code == 130, err
    assert "seed 77" in out
    assert "interrupted by SIGINT after" in out and "(repeat with --seed 77)" in out


def test_sigint_during_prove_reports_the_undecided_proofs_as_interrupted(rulecheck, root):
    code, out, err, seconds = signalled([rulecheck, "--rules", str(root / "rules"), "prove", "--format", "json"],
                                        signal.SIGINT, 0.6)
    assert code == 130, err  # not a crash (a negative status), not swallowed (0 or 1)
    assert seconds < 20
    report = json.loads(out)
    statuses = [p["status"] for p in report["proofs"]]
    assert "interrupted" in statuses, "nothing was in flight"
    assert set(statuses) <= {"proved", "interrupted"}, statuses  # never unknown, never a false refutation
    assert report["interrupted"] == statuses.count("interrupted") and report["stopped"] == "SIGINT"


def test_sigterm_during_ambiguities_never_says_missed(rulecheck, root):
    code, out, err, _ = signalled([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--format", "json"],
                                  signal.SIGTERM, 0.6)
    assert code == 143, err
    report = json.loads(out)
    assert "missed" not in report  # a point not searched to the end is not "missed"
    assert report["stopped"] == "SIGTERM"
    assert any(u["kind"] == "interrupted" for u in report["unknown"])


def test_sigint_during_diff_stops_and_says_where(rulecheck, root, tmp_path):
    edited = tmp_path / "ruleset.json"
    edited.write_text(json.dumps({"game": "messina", "hand_limit": 6}))
    code, out, err, _ = signalled([rulecheck, "--rules", str(root / "rules"), "diff", "--edited", str(edited),
                                   "--sample", "20000"], signal.SIGINT, 1.5)
    assert code == 130, err
    assert "INTERRUPTED (interrupted by SIGINT during" in out


def test_sigint_during_scythe_ambiguities_marks_each_undecided_point_interrupted(rulecheck, root):
    code, out, err, _ = signalled([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "scythe",
                                   "--format", "json"], signal.SIGINT, 0.25)
    assert code == 130, err
    report = json.loads(out)
    statuses = {q["point"]: q["status"] for q in report["questions"]}
    assert "interrupted" in statuses.values(), statuses
    # A search a signal stopped is never "none" (proved) nor "unknown" (the budget): it is interrupted.
    assert set(statuses.values()) <= {"witness", "none", "interrupted"}, statuses
    for point in ("scythe.vacated-workers", "scythe.stop-path", "scythe.carried-workers", "scythe.units-per-move"):
        assert statuses[point] in ("witness", "interrupted"), (point, statuses[point])
    # Its readings part on no board a Move starts from in play: none when decided before the signal.
    assert statuses["scythe.worker-blocking"] in ("none", "interrupted"), statuses["scythe.worker-blocking"]
    assert {u["point"] for u in report["unknown"]} == {p for p, s in statuses.items() if s == "interrupted"}


def test_sigterm_during_validate_says_what_was_checked(rulecheck, root, tmp_path):
    source = json.loads((root / "scenarios" / "messina" / "consumption" / "odd-count-5-tokens.json").read_text())
    for i in range(6000):  # enough files that validate is still at it when the signal comes
        source["id"] = f"many/{i}"
        (tmp_path / f"s{i}.json").write_text(json.dumps(source))
    code, out, err, seconds = signalled([rulecheck, "--rules", str(root / "rules"), "validate", str(tmp_path)],
                                        signal.SIGTERM, 0.4)
    assert code == 143, err
    assert seconds < 5
    assert "interrupted by SIGTERM" in out and "of 6000 file(s) not checked" in out, out[-500:]


def test_sigterm_ends_a_serve_session_between_requests_with_every_answer_written(rulecheck, root):
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "serve"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    p.stdin.write('{"op":"hello","id":1,"protocol":1}\n')
    p.stdin.flush()
    answer = json.loads(p.stdout.readline())  # answered and flushed before the signal
    assert "messina" in answer["games"], answer
    p.send_signal(signal.SIGTERM)  # stdin stays open: serve is waiting for the next request
    out, err = p.communicate(timeout=10)
    assert p.returncode == 143, err
    assert "interrupted by SIGTERM" in err and out == ""
