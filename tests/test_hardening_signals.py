"""Hangs, signals, and outputs lost or mixed up (issue 35, third round of hardening):

- a named pipe found in a scenario folder is refused by its kind, never opened (a pipe with no writer
  hung validate and run for ever); one named on the command line is read;
- a closed standard output (`| head -1`) is a write error: exit 3 with the reason, every report in
  --output-dir finished (SIGPIPE killed rulecheck silently, 141, leaving .part files);
- SIGHUP, SIGQUIT, SIGUSR1 and SIGALRM stop a run as SIGINT does, from the first moment (loading
  the scenarios included), and a second signal kills every engine's process group before rulecheck ends;
- fuzz never replaces a saved finding: the engine's name is in the file name, and a taken name gets
  a suffix;
- diff's witnesses/ and ambiguities' and prove's --output-dir hold the last run's scenarios only;
- a report that cannot be written names the system's reason (a full disk: "No space left on
  device") and leaves no .part; an empty --output-dir is a usage error.

Run: pytest -p no:cacheprovider tests/test_hardening_signals.py --rulecheck=BINARY --root=REPO_ROOT
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

GOOD = "messina/consumption/odd-count-5-tokens.json"
ENGINES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engines")
REPORTS = ("results.jsonl", "junit.xml", "summary.md", "report.html")


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not running (init reaps it)
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def engine_pid(pid_file):
    for _ in range(200):
        if pid_file.exists() and pid_file.read_text().strip():
            return int(pid_file.read_text())
        time.sleep(0.05)
    raise AssertionError("the engine never started")


def scenario_copies(root, folder, count):
    source = json.loads((root / "scenarios" / GOOD).read_text())
    folder.mkdir(exist_ok=True)
    for i in range(count):
        source["id"] = f"many/{i}"
        (folder / f"s{i:05}.json").write_text(json.dumps(source))


# ---------------------------------------------------------------- named pipes (item 6)


def test_a_named_pipe_in_a_folder_is_refused_by_kind_and_the_others_run(rulecheck, root, tmp_path):
    # Before: validate and run hung for ever on the link (open() waits for a writer), and the bare
    # pipe named *.json was skipped without a word.
    folder = tmp_path / "pipes"
    folder.mkdir()
    shutil.copy(root / "scenarios" / GOOD, folder / "good.json")
    os.mkfifo(folder / "bare.json")
    os.mkfifo(tmp_path / "elsewhere")
    os.symlink(tmp_path / "elsewhere", folder / "linked.json")
    for command in (["validate"], ["run", "--format", "jsonl"]):
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), *command, str(folder)], capture_output=True,
                           text=True, timeout=20)  # seconds, not for ever
        assert p.returncode == 2, (command, p.stdout, p.stderr)
        said = p.stdout + p.stderr
        assert "bare.json: a named pipe, not a regular file" in said, said
        assert "linked.json: a symbolic link to a named pipe, not a regular file" in said, said
        assert "no such file" not in said
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "validate", str(folder)], capture_output=True,
                       text=True, timeout=20)
    assert "3 file(s) checked: 1 valid, 2 invalid" in p.stdout, p.stdout
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", "--format", "jsonl", str(folder)],
                       capture_output=True, text=True, timeout=20)
    cases = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    assert [c["verdict"] for c in cases if c.get("type") == "case" and c.get("file", "").endswith("good.json")] \
        == ["pass"], cases


def test_a_named_pipe_named_on_the_command_line_is_read(rulecheck, root, tmp_path):
    # Before: "no such file or folder" for a pipe that exists.
    pipe = tmp_path / "scenario.json"
    os.mkfifo(pipe)
    text = (root / "scenarios" / GOOD).read_text()

    def feed():
        with open(pipe, "w", encoding="utf-8") as f:  # waits for rulecheck to open it
            f.write(text)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "validate", str(pipe)], capture_output=True,
                       text=True, timeout=20)
    writer.join(5)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "1 file(s) checked: 1 valid" in p.stdout


# ---------------------------------------------------------------- a closed standard output (item 7)


def test_a_closed_standard_output_is_exit_3_with_the_reason_and_the_reports_are_finished(rulecheck, root, tmp_path):
    # Before: killed by SIGPIPE (status 141 in a shell, -13 here), nothing said, the reports left as .part.
    out = tmp_path / "out"
    scenario_copies(root, tmp_path / "many", 2000)  # more output than a pipe holds (64 KiB)
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run", str(tmp_path / "many"), "--format",
                          "jsonl", "--output-dir", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()  # as `| head -1` does
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 3, err
    assert "cannot write standard output: Broken pipe" in err, err
    for name in REPORTS:
        assert (out / name).exists(), name
        assert not (out / f"{name}.part").exists(), name
    summary = json.loads((out / "results.jsonl").read_text().splitlines()[-1])
    assert summary["type"] == "summary" and "Broken pipe" in summary["stopped"], summary


def test_a_closed_standard_output_in_a_command_without_engines(rulecheck, root, tmp_path):
    # Before: -13 (SIGPIPE), silent.
    scenario_copies(root, tmp_path / "many", 3000)  # more lines than a pipe holds (64 KiB)
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run", "--list", str(tmp_path / "many")],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 3, err
    assert "cannot write standard output: Broken pipe" in err, err


# ---------------------------------------------------------------- more signals, from the start (item 8)


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGALRM])
def test_hup_quit_usr1_alrm_stop_a_run_as_sigint_does(rulecheck, root, tmp_path, sig):
    # Before: died by the signal at once (-sig here), the four reports left as .part, no results.jsonl,
    # the engine left running with parent 1.
    pid_file = tmp_path / "engine.pid"
    out = tmp_path / "out"
    engine = f"{sys.executable} {os.path.join(ENGINES, 'slow_hello.py')} {pid_file} 60"
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run",
                          str(root / "scenarios" / "messina" / "consumption"), "--engine", engine, "--format", "jsonl",
                          "--output-dir", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pid = engine_pid(pid_file)
    time.sleep(0.3)
    p.send_signal(sig)
    stdout, err = p.communicate(timeout=60)
    assert p.returncode == 128 + sig, err
    assert not alive(pid), "the engine was left running"
    for name in REPORTS:
        assert (out / name).exists() and not (out / f"{name}.part").exists(), name
    summary = json.loads((out / "results.jsonl").read_text().splitlines()[-1])
    assert summary["type"] == "summary" and summary["interrupted"] == signal.Signals(sig).name, summary


def test_a_second_signal_kills_the_engines_before_rulecheck_ends(rulecheck, root, tmp_path):
    # Two signals delivered together (rulecheck stopped meanwhile): the second ends rulecheck at once.
    # Before: the engine (waiting 60 s, in its own process group) was left running.
    pid_file = tmp_path / "engine.pid"
    engine = f"{sys.executable} {os.path.join(ENGINES, 'slow_hello.py')} {pid_file} 60"
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios" / GOOD),
                          "--engine", engine], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    pid = engine_pid(pid_file)
    p.send_signal(signal.SIGSTOP)
    time.sleep(0.2)
    p.send_signal(signal.SIGINT)
    p.send_signal(signal.SIGTERM)
    p.send_signal(signal.SIGCONT)
    p.communicate(timeout=60)
    assert p.returncode in (-signal.SIGINT, -signal.SIGTERM, 130, 143), p.returncode
    for _ in range(50):
        if not alive(pid):
            break
        time.sleep(0.1)
    assert not alive(pid), "the engine was left running"


def test_sigterm_while_run_loads_the_scenarios_reports_and_says_what_was_not_read(rulecheck, root, tmp_path):
    # Before: killed at once (-15): nothing printed, no report.
    scenario_copies(root, tmp_path / "many", 20000)
    out = tmp_path / "out"
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "run", str(tmp_path / "many"), "--output-dir",
                          str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(0.6)
    assert p.poll() is None
    p.send_signal(signal.SIGTERM)
    stdout, err = p.communicate(timeout=60)
    assert p.returncode == 143, err
    assert "interrupted by SIGTERM while loading the scenarios:" in err and "of 20000 file(s) not read" in err, err
    summary = json.loads((out / "results.jsonl").read_text().splitlines()[-1])
    assert summary["type"] == "summary" and summary["interrupted"] == "SIGTERM", summary


def test_sigint_during_readings_says_what_was_not_audited(rulecheck, root, tmp_path):
    # Before: killed at once (-2), nothing printed.
    scenario_copies(root, tmp_path / "many", 4000)
    p = subprocess.Popen([rulecheck, "--rules", str(root / "rules"), "readings", str(tmp_path / "many")],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    assert p.poll() is None
    p.send_signal(signal.SIGINT)
    stdout, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert "interrupted by SIGINT" in stdout + err, (stdout, err)


# ---------------------------------------------------------------- fuzz findings never replaced (item 9)


def test_a_saved_finding_is_never_replaced(rulecheck, root, tmp_path):
    # Before: the second run wrote its finding over the first's (<game>-<kind>-seed<S>-case<N>.json).
    engine = f"{sys.executable} {root / 'examples' / 'engines' / 'bug_round_cost_down.py'}"
    save = tmp_path / "findings"
    written = []
    for _ in range(2):
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "fuzz", "--engine", engine, "--seed", "11",
                            "--cases", "10000", "--format", "jsonl", "--save-dir", str(save)], capture_output=True,
                           text=True, timeout=300)
        assert p.returncode == 1, p.stderr
        finding = next(json.loads(line) for line in p.stdout.splitlines() if '"finding"' in line)
        written.append(finding["file"])
    first, second = written
    assert first != second
    assert "-bug-round-cost-down" in os.path.basename(first) or "-round" in os.path.basename(first), first
    assert os.path.basename(second) == os.path.basename(first)[:-len(".json")] + "-2.json"
    for f in (first, second):
        scenario = json.loads(open(f, encoding="utf-8").read())
        assert scenario["id"].endswith(os.path.basename(f)[:-len(".json")]), scenario["id"]


# ---------------------------------------------------------------- one run's scenarios per folder (item 10)


def test_diff_witnesses_hold_the_last_edit_only(rulecheck, root, tmp_path):
    # Before: after a second edit, witnesses/ still held the first edit's files, so `rulecheck run
    # D/witnesses` replayed two edits as one. The corpus and the sample give each edit about twenty
    # witnesses; --rlimit 0 leaves out the solver's questions (40 s a run), which add nothing here.
    out = tmp_path / "diff"
    names = []
    for n, edit in enumerate(({"hand_limit": 6}, {"stacking_map": 4})):
        edited = tmp_path / f"ruleset{n}.json"
        edited.write_text(json.dumps({"game": "messina", **edit}))
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "diff", "--edited", str(edited), "--sample",
                            "200", "--rlimit", "0", "--output-dir", str(out)], capture_output=True, text=True, timeout=600)
        assert p.returncode in (0, 1), p.stderr
        names.append({f.name for f in (out / "witnesses").glob("*.json")})
        if n == 0:
            (out / "witnesses" / "mine.txt").write_text("a file of mine")
    stale = names[0] - names[1]
    assert stale, "both edits gave the same witness files: this test would show nothing"
    assert not any((out / "witnesses" / n).exists() for n in stale), sorted(stale)[:5]
    assert (out / "witnesses" / "mine.txt").read_text() == "a file of mine"  # not rulecheck's: left alone


def test_ambiguities_output_dir_removes_the_previous_runs_scenarios_only(rulecheck, root, tmp_path):
    # A previous run's scenario (listed in the folder's manifest) is removed; the user's own file stays.
    # Before: every earlier file stayed beside the new ones.
    out = tmp_path / "amb"
    out.mkdir()
    (out / "old_finding.json").write_text("{}")
    (out / ".rulecheck-ambiguities-written").write_text("old_finding.json\n")
    (out / "mine.json").write_text("{}")
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "ambiguities", "--game", "messina",
                        "--no-discovery", "--format", "json", "--output-dir", str(out)], capture_output=True,
                       text=True, timeout=600)
    assert p.returncode in (0, 1), p.stderr
    assert not (out / "old_finding.json").exists()
    assert (out / "mine.json").read_text() == "{}"
    listed = [n for n in (out / ".rulecheck-ambiguities-written").read_text().splitlines() if not n.startswith("#")]
    assert listed and all((out / n).exists() for n in listed)
    assert sorted(listed) == sorted(f.name for f in out.glob("*.json") if f.name != "mine.json")


# ---------------------------------------------------------------- a full disk, an empty folder name (item 15)


@pytest.fixture
def small_disk(tmp_path):
    """A 64 KiB tmpfs (root only): room for a few reports, not for a whole run's."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def test_a_full_disk_names_the_systems_reason_and_leaves_no_part_file(rulecheck, root, small_disk):
    # Before: every reason was "an earlier write failed", and the .part files stayed beside the
    # previous run's reports.
    out = small_disk / "out"
    out.mkdir()
    for name in REPORTS:
        (out / name).write_text("the previous run's\n")
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), "run", str(root / "scenarios"), "--output-dir",
                        str(out)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 3, p.stderr
    assert "No space left on device" in p.stderr, p.stderr
    assert "an earlier write failed" not in p.stderr, p.stderr
    assert not list(out.glob("*.part")), list(out.glob("*"))
    for name in REPORTS:  # each is either the previous run's, untouched, or this run's whole
        text = (out / name).read_text()
        assert text == "the previous run's\n" or name != "results.jsonl" or '"summary"' in text, name


@pytest.mark.parametrize("command", [
    ["run", "SCENARIOS", "--output-dir", ""],
    ["report", "merge", "a.jsonl", "--output-dir", ""],
    ["diff", "--edited", "x.json", "--output-dir", ""],
    ["prove", "--output-dir", ""],
    ["ambiguities", "--output-dir", ""],
    ["fuzz", "--engine", "true", "--save-dir", ""],
])
def test_an_empty_output_folder_is_a_usage_error(rulecheck, root, tmp_path, command):
    # Before: `--output-dir ''` (an unset variable) wrote nothing and exited 0 without a word.
    args = [str(root / "scenarios" / GOOD) if a == "SCENARIOS" else a for a in command]
    (tmp_path / "a.jsonl").write_text("")
    p = subprocess.run([rulecheck, "--rules", str(root / "rules"), *args], capture_output=True, text=True,
                       timeout=60, cwd=tmp_path)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "the folder name is empty" in p.stderr, p.stderr
