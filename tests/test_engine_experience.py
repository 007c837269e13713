"""What an engine author sees (issue 14): the engine's rule and reason and the scenario's note in
every report, skips grouped by reason, a coverage line per engine, --maxfail / -x, --max-timeouts,
--list, and the clauses x engines matrix at ten engines.

Expected figures are worked out here from the scenario files themselves, never from rulecheck's
output: which cases a partial engine can answer follows from the "type" of each step.
"""
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

PY = sys.executable


def run(rulecheck, root, *args, timeout=300):
    # `run --rulesets any`: these tests count skips by the engine's reasons over whole folders, the
    # rulebook editor's what-ifs included (by default those are skipped: tests/test_i34_rulesets.py).
    if args and args[0] == "run" and "--list" not in args:
        args = (*args, "--rulesets", "any")
    return subprocess.run([rulecheck, *args], cwd=root, capture_output=True, text=True, timeout=timeout)


def jsonl(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def scenario_files(root, under="scenarios"):
    return sorted(p for p in (root / under).rglob("*.json") if "schema" not in p.parts)


def step_type(step):
    return (step.get("action") or step.get("query"))["type"]


def step_kind(game, step):
    return f"{game} {'query' if 'query' in step else 'action'} {step_type(step)}"


def variant(root, *flags):
    return " ".join([PY, str(root / "tests" / "engines" / "variant.py"), *flags])


# ---- a partial engine: skips by reason and its coverage line

ONLY = ("consume", "hostile")


def expected_partial_run(root):
    """For an engine answering only ONLY: which cases pass and, for the others, the kind of the
    first step it cannot answer (the case is skipped there), from the files."""
    passing, skipped_at, answered = 0, Counter(), Counter()
    for f in scenario_files(root):
        s = json.loads(f.read_text())
        kinds_answered = set()
        first_unsupported = None
        for step in s["steps"]:
            if step_type(step) not in ONLY:
                first_unsupported = step_kind(s["game"], step)
                break
            kinds_answered.add(step_kind(s["game"], step))
        answered.update(kinds_answered)
        if first_unsupported:
            skipped_at[first_unsupported] += 1
        else:
            passing += 1
    return passing, skipped_at, answered


@pytest.fixture(scope="module")
def partial_run(rulecheck, root, tmp_path_factory):
    out = tmp_path_factory.mktemp("partial")
    engine = variant(root, "--only", ONLY[0], "--only", ONLY[1])
    p = run(rulecheck, root, "run", "scenarios/", "--no-oracle", "--engine", engine, "--output-dir", str(out))
    return p, out


def test_a_partial_engines_skips_are_grouped_by_reason_on_the_console(root, partial_run):
    p, _ = partial_run
    assert p.returncode == 0, p.stderr
    passing, skipped_at, _ = expected_partial_run(root)
    assert f"{passing} passed, 0 failed, {sum(skipped_at.values())} skipped, 0 errored" in p.stdout
    shown = p.stdout.split("by reason:\n", 1)[1]
    for kind, n in skipped_at.most_common(10):
        t = kind.rsplit(" ", 1)[1]
        assert re.search(rf"^ +{n}  unsupported: {re.escape(kind)} \({re.escape(t)} is not implemented here\)$",
                         shown, re.M), (kind, n, shown)
    if len(skipped_at) > 10:
        assert f"... and {len(skipped_at) - 10} more reason(s)" in shown


def test_a_partial_engine_has_a_coverage_line(root, partial_run):
    p, _ = partial_run
    _, skipped_at, answered = expected_partial_run(root)
    kinds = set(answered) | set(skipped_at)
    line = next(l for l in p.stdout.splitlines() if l.startswith("  variant only-consume only-hostile: plays"))
    assert "plays messina, scythe" in line
    assert f"answered {len(answered)} of {len(kinds)} kind(s) of request asked" in line, line
    top = skipped_at.most_common(1)[0]
    assert f"unsupported: {top[0]} ({top[1]} case(s))" in line, line


def test_every_report_holds_the_skips_and_the_coverage(root, partial_run):
    _, out = partial_run
    passing, skipped_at, answered = expected_partial_run(root)
    lines = jsonl((out / "results.jsonl").read_text())
    header, summary = lines[0], lines[-1]
    assert [e["name"] for e in header["engines"]] == ["variant only-consume only-hostile"]
    target = "variant only-consume only-hostile"
    assert summary["skips"][target] == {
        f"unsupported: {k} ({k.rsplit(' ', 1)[1]} is not implemented here)": n for k, n in skipped_at.items()}
    assert summary["coverage"][target]["unsupported"] == dict(skipped_at)
    assert summary["coverage"][target]["answered"] == dict(answered)
    for case in lines[1:-1]:
        if case["verdict"] == "skipped":
            assert case["unsupported"] in skipped_at and case["skip_reason"].startswith("unsupported: ")
    junit = (out / "junit.xml").read_text()
    most, n = skipped_at.most_common(1)[0]
    assert f'<property name="skipped: unsupported: {most} (' in junit and f'value="{n}"/>' in junit
    assert '<property name="coverage" value="plays messina, scythe;' in junit
    md = (out / "summary.md").read_text()
    assert "### Skipped, by reason" in md and "### Coverage" in md
    html = (out / "report.html").read_text()
    assert "<h2>Coverage</h2>" in html and "Skipped, by reason" in html


def test_engine_check_says_how_many_were_skipped(rulecheck, root):
    passing, skipped_at, _ = expected_partial_run(root)
    p = run(rulecheck, root, "engine", "check", variant(root, "--only", ONLY[0], "--only", ONLY[1]))
    assert p.returncode == 0, p.stdout + p.stderr
    total = len(scenario_files(root))
    assert (f"{total} scenario(s) sent; {total} answered within the protocol: {passing} with an outcome, "
            f"{sum(skipped_at.values())} skipped") in p.stdout, p.stdout
    assert "coverage: plays messina, scythe;" in p.stdout


# ---- a failure shows the engine's rule and reason, and the scenario's note

ILLEGAL_ENGINE = r'''
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["op"] == "hello":
        print(json.dumps({"name": "always-illegal", "version": "1", "games": ["messina", "scythe"],
                          "interpretations": {}}), flush=True)
    elif req["op"] == "bye":
        break
    else:
        print(json.dumps({"id": req["id"], "legal": False, "rule": "messina.muster.energy",
                          "reason": "12 E < 13 E & more"}), flush=True)
'''


def test_a_failure_shows_the_answers_rule_and_reason_and_the_note(rulecheck, root, tmp_path):
    engine_file = tmp_path / "always_illegal.py"
    engine_file.write_text(ILLEGAL_ENGINE)
    case = "scenarios/messina/consumption/worked-example-7-tokens.json"
    note = json.loads((root / case).read_text())["note"]
    out = tmp_path / "out"
    p = run(rulecheck, root, "run", case, "--no-oracle", "--engine", f"{PY} {engine_file}", "--output-dir", str(out))
    assert p.returncode == 1
    assert "  answer:  illegal (messina.muster.energy: 12 E < 13 E & more)\n" in p.stdout, p.stdout
    assert f"  note:    {note}\n" in p.stdout
    line = jsonl((out / "results.jsonl").read_text())[1]
    assert (line["answer_rule"], line["answer_reason"], line["note"]) == (
        "messina.muster.energy", "12 E < 13 E & more", note)
    assert "answer: illegal (messina.muster.energy: 12 E &lt; 13 E &amp; more)" in (out / "junit.xml").read_text()
    assert "<dt>Answer</dt><dd>illegal (messina.muster.energy: 12 E &lt; 13 E &amp; more)</dd>" in (
        out / "report.html").read_text()
    assert "answered illegal (messina.muster.energy: 12 E \\< 13 E \\& more)" in (out / "summary.md").read_text()


def test_an_expected_illegality_is_shown_with_the_scenarios_rule(rulecheck, root, tmp_path):
    # An illegal muster (the scenario expects a rule) against the faithful engine made to say "legal"
    # by mapping: run the oracle on a copy whose expectation is flipped instead, to see "wanted".
    src = root / "scenarios/messina/muster/stacking-workers-do-not-count.json"
    s = json.loads(src.read_text())
    s["id"] = "flipped"
    s["steps"][0]["expect"] = {"legal": False, "rule": "messina.muster.stacking"}
    f = tmp_path / "flipped.json"
    f.write_text(json.dumps(s))
    p = run(rulecheck, root, "run", str(f), "--format", "jsonl")
    case = jsonl(p.stdout)[1]
    assert case["verdict"] == "fail"
    assert case["expected_rule"] == "messina.muster.stacking"
    assert "answer_rule" not in case  # the oracle found it legal


# ---- --maxfail, -x, --max-timeouts

def test_exitfirst_stops_at_the_first_failure_and_accounts_for_every_case(rulecheck, root):
    bug = f"{PY} {root / 'examples/engines/bug_round_cost_down.py'}"
    p = run(rulecheck, root, "run", "scenarios/", "-x", "--engine", bug, "--format", "jsonl")
    assert p.returncode == 1
    lines = jsonl(p.stdout)
    cases = [l for l in lines if l["type"] == "case"]
    total = len(scenario_files(root))
    assert len(cases) == 2 * total  # oracle and the engine: nothing lost
    engine = [c for c in cases if c["target"] != "oracle"]
    assert [c["verdict"] for c in engine].count("fail") == 1
    first_fail = next(i for i, c in enumerate(engine) if c["verdict"] == "fail")
    assert all(c["verdict"] == "pass" for c in engine[:first_fail])
    after = engine[first_fail + 1:]
    assert after and all(c["verdict"] == "skipped" for c in after)
    assert {c["skip_reason"] for c in after} == {"not run: stopped after 1 failed or errored case(s) (--maxfail 1)"}
    assert lines[-1]["stopped"] == "stopped after 1 failed or errored case(s) (--maxfail 1)"


def test_maxfail_counts_failures_and_errors(rulecheck, root):
    bug = f"{PY} {root / 'examples/engines/bug_round_cost_down.py'}"
    p = run(rulecheck, root, "run", "scenarios/messina/consumption", "--maxfail", "3", "--engine", bug,
            "--format", "jsonl", "--no-oracle")
    assert p.returncode == 1
    verdicts = Counter(c["verdict"] for c in jsonl(p.stdout) if c["type"] == "case")
    assert verdicts["fail"] == 3 and verdicts["skipped"] > 0
    assert sum(verdicts.values()) == len(scenario_files(root, "scenarios/messina/consumption"))


def test_an_engine_timing_out_again_and_again_is_given_up_on(rulecheck, root):
    engine = variant(root, "--hang-on", "consume")
    p = run(rulecheck, root, "run", "scenarios/messina/consumption", "--no-oracle", "--engine", engine,
            "--timeout", "300", "--max-timeouts", "2", "--format", "jsonl", timeout=120)
    assert p.returncode == 1
    cases = [c for c in jsonl(p.stdout) if c["type"] == "case"]
    # Every consumption scenario starts with a consume step: the first two time out, the rest are not run.
    assert len(cases) == len(scenario_files(root, "scenarios/messina/consumption"))
    verdicts = Counter(c["verdict"] for c in cases)
    assert verdicts["errored"] == 2, verdicts
    assert verdicts["skipped"] == len(cases) - 2
    assert {c["skip_reason"] for c in cases if c["verdict"] == "skipped"} == {
        "not run: the engine was stopped after 2 timeouts in a row (--max-timeouts 2)"}


# ---- --list

def test_list_names_the_cases_a_filter_selects_and_runs_nothing(rulecheck, root):
    citing = sorted(json.loads(f.read_text())["id"] for f in scenario_files(root)
                    if "messina.muster.stacking" in json.loads(f.read_text())["cites"])
    # An engine that cannot start shows that nothing is run.
    p = run(rulecheck, root, "run", "scenarios/", "--filter", "messina.muster.stacking", "--list",
            "--engine", "/nonexistent/engine")
    assert p.returncode == 0, p.stderr
    assert [l.split("  ", 1)[0] for l in p.stdout.splitlines()] == citing
    assert f"{len(citing)} case(s) selected" in p.stderr
    p = run(rulecheck, root, "run", "scenarios/", "--filter", "messina.muster.stacking", "--list", "--format", "jsonl")
    assert [c["id"] for c in jsonl(p.stdout)] == citing


# ---- ten engines side by side: one column each

def test_the_html_matrix_has_one_column_per_engine_at_ten_engines(rulecheck, root, tmp_path):
    kinds = ["consume", "muster", "place", "hide", "expose", "convert", "transfer", "hostile", "friendly-area",
             "move"]
    engines = [arg for k in kinds for arg in ("--engine", variant(root, "--only", k))]
    p = run(rulecheck, root, "run", "scenarios/messina/muster", *engines, "--output-dir", str(tmp_path), "-q")
    assert p.returncode == 0, p.stdout + p.stderr
    html = (tmp_path / "report.html").read_text()
    assert html.count('<th class="target"') == 11  # the oracle and ten engines
    row = re.search(r'<tr id="clause-messina\.muster\.stacking">.*?</tr>', html).group(0)
    assert row.count("<td") == 11
    # Only the muster-only engine answers the muster scenarios: its cell passes, the others skip.
    assert row.count('<td class="pass"') == 2 and row.count('<td class="skipped"') == 9, row


def test_a_failure_names_the_explain_command_for_its_step(rulecheck, root):
    bug = f"{PY} {root / 'examples/engines/bug_round_cost_down.py'}"
    case = "scenarios/messina/consumption/worked-example-7-tokens.json"
    p = run(rulecheck, root, "run", case, "--no-oracle", "--engine", bug, "--format", "jsonl")
    line = jsonl(p.stdout)[1]
    assert line["verdict"] == "fail"
    assert line["explain"] == f"{rulecheck} explain {case} --step {line['step']}"
    shown = subprocess.run(line["explain"], shell=True, cwd=root, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    # The oracle's reasoning for that step: P = 0 + 3 + 4 = 7 tokens, ceil(7 / 2) = 4 of each.
    assert "messina.consumption.cost" in shown.stdout and "(P=7, tokens per F and W=2, cost=4)" in shown.stdout
