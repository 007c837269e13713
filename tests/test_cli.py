"""The rulecheck CLI's contract: exit codes, output formats, and clear errors on bad files.

Run: pytest -p no:cacheprovider tests/test_cli.py --rulecheck=BINARY --root=REPO_ROOT
The tests build their own small scenario files in a temporary folder, so expected outcomes are
worked out here from the rules, never taken from the program under test.
"""
import json
import subprocess

import pytest

# 7 tokens (2 disaffected, 3 spare, 2 located civilians), 4 F and 4 W: cost ceil(7/2) = 4 of each,
# fully fed, so food 0, water 0 and one Disaffected back to Spare (disaffected 1, spare 4).
STATE = {
    "round": 2,
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 2, "spare": 3, "located": 2},
                        "resources": {"food": 4, "water": 4}}},
    "spaces": {"D1": {"adjacent": [], "units": {"UE": {"civilian": 2}}}},
}


def scenario(sid, expect_state):
    return {"id": sid, "game": "messina", "title": sid, "cites": ["messina.consumption.cost"],
            "state": STATE,
            "steps": [{"action": {"type": "consume", "faction": "UE"},
                       "expect": {"legal": True, "state": expect_state}}]}


# A hidden card held by SF at D2: not hostile to UE under the default reading (exposed-only),
# hostile under "held"; a scenario expecting false depends on the default without naming it.
HIDDEN = {"id": "t/hidden", "game": "messina", "title": "hidden card", "cites": ["messina.friendly.hostile"],
          "state": {"round": 1, "factions": {
              "UE": {"kind": "human", "home": ["D1"]}, "SF": {"kind": "human", "home": ["D2"]}},
              "spaces": {"D1": {"adjacent": ["D2"]}, "D2": {"adjacent": ["D1"]}},
              "cards": {"D2": {"holder": "SF", "exposed": False}}},
          "steps": [{"query": {"type": "hostile", "faction": "UE", "at": "D2"}, "expect": {"result": False}}]}


class Files:
    """The scenario files of these tests, in one temporary folder."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.good = self.write("ok/good.json", scenario("t/good", {"factions": {"UE": {
            "resources": {"food": 0, "water": 0}, "population": {"disaffected": 1, "spare": 4}}}}))
        self.wrong = self.write("bad/wrong.json",
                                scenario("t/wrong", {"factions": {"UE": {"resources": {"food": 1}}}}))
        self.broken = self.write("broken/broken.json", '{"id": "t/broken", "game": ')
        teleport = scenario("t/teleport", {})
        teleport["steps"][0]["action"] = {"type": "teleport", "faction": "UE"}
        self.teleport = self.write("bad/teleport.json", teleport)
        self.same_id = self.write("bad/same-id.json", scenario("t/good", {}))
        self.wrong_id = self.write("scenarios/messina/x/named.json", scenario("messina/x/other-name", {}))
        self.undeclared = self.write("readings/hidden.json", HIDDEN)
        self.declared = self.write("readings/declared.json",
                                   dict(HIDDEN, interpretations={"messina.card-hostility": "exposed-only"}))
        # Expects the hidden card hostile: true only under "held", so it fails under its own (default) readings.
        self.failing = self.write("readings/failing.json", dict(
            HIDDEN, id="t/failing", steps=[dict(HIDDEN["steps"][0], expect={"result": True})]))

    def write(self, name, content):
        path = self.tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        return str(path)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return Files(tmp_path_factory.mktemp("cli"))


@pytest.fixture(scope="module")
def run(rulecheck, root):
    """run(*args) -> (exit status, stdout, stderr) of rulecheck --rules ROOT/rules ARGS."""
    def run(*args):
        p = subprocess.run([rulecheck, "--rules", str(root / "rules"), *args],
                           capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr
    return run


# ---------------------------------------------------------------- run: pass, fail, bad input


def test_a_run_whose_scenarios_all_pass_exits_with_0(run, files):
    code, out, err = run("run", files.good)
    assert code == 0, f"exit {code}\n{out}{err}"


def test_a_passing_run_ends_with_the_summary_line(run, files):
    code, out, err = run("run", files.good)
    assert "1 passed, 0 failed" in out, out


def test_a_run_with_a_failing_scenario_exits_with_1(run, files):
    code, out, err = run("run", files.wrong)
    assert code == 1, f"exit {code}\n{out}{err}"


def test_a_failure_shows_the_path_where_the_state_differs(run, files):
    code, out, err = run("run", files.wrong)
    assert "/state/factions/UE/resources/food" in out, out


def test_a_failure_shows_a_json_patch_that_adds_the_food_omitted_as_0_in_canonical_form(run, files):
    code, out, err = run("run", files.wrong)
    assert '{"op":"add","path":"/state/factions/UE/resources/food","value":1}' in out, out


def test_a_failure_lists_the_clauses_its_scenario_cites(run, files):
    code, out, err = run("run", files.wrong)
    assert "messina.consumption.cost" in out, out


def test_an_unusable_scenario_file_makes_the_run_exit_with_2(run, files):
    code, out, err = run("run", str(files.tmp / "ok"), files.broken)
    assert code == 2, f"exit {code}\n{out}{err}"


def test_an_unusable_scenario_file_is_named_with_its_line_and_column(run, files):
    code, out, err = run("run", str(files.tmp / "ok"), files.broken)
    assert "broken.json" in out, out
    assert "line 1" in out, out


def test_the_other_files_still_run_beside_an_unusable_one(run, files):
    code, out, err = run("run", str(files.tmp / "ok"), files.broken)
    assert "1 passed" in out, out


# ---------------------------------------------------------------- --format jsonl


@pytest.fixture(scope="module")
def jsonl(run, files):
    """The JSON lines of a run of one passing and one failing scenario (every line must parse)."""
    code, out, err = run("run", "--format", "jsonl", files.good, files.wrong)
    return [json.loads(line) for line in out.splitlines()], out


def test_jsonl_output_starts_with_the_header(jsonl):
    lines, out = jsonl
    assert lines and lines[0].get("type") == "header", out


def test_jsonl_output_ends_with_the_summary_counting_the_failure(jsonl):
    lines, out = jsonl
    assert lines and lines[-1].get("type") == "summary" and lines[-1]["fail"] == 1, out


def test_jsonl_output_has_one_line_per_case(jsonl):
    lines, out = jsonl
    cases = [line for line in lines if line.get("type") == "case"]
    assert len(cases) == 2, out


def test_a_failed_case_in_jsonl_carries_its_patch(jsonl):
    lines, out = jsonl
    failed = [c for c in lines if c.get("type") == "case" and c["verdict"] == "fail"]
    assert failed and failed[0]["patch"][0]["path"] == "/state/factions/UE/resources/food", out


# ---------------------------------------------------------------- choosing scenarios


def test_filter_selects_scenarios_by_id_glob(run, files):
    code, out, err = run("run", "--filter", "t/go*", files.good, files.wrong)
    assert code == 0 and "1 case(s)" in out, f"exit {code}\n{out}"


def test_a_filter_matching_nothing_exits_with_2_saying_so(run, files):
    code, out, err = run("run", "--filter", "messina.consumption.when", files.good, files.wrong)
    assert code == 2 and "no scenario matched" in err, f"exit {code}\n{out}{err}"


def test_a_missing_scenario_path_exits_with_2_naming_it(run, files):
    code, out, err = run("run", str(files.tmp / "does-not-exist"))
    assert code == 2 and "does-not-exist" in err, f"exit {code}\n{err}"


# ---------------------------------------------------------------- validate


def test_validate_names_the_bad_file_and_exits_with_2(run, files):
    code, out, err = run("validate", files.good, files.broken)
    assert code == 2 and "broken.json" in out and "1 valid, 1 invalid" in out, out


def test_validate_reads_actions_too_naming_the_bad_type_and_the_known_ones(run, files):
    code, out, err = run("validate", files.teleport)
    assert code == 2 and "/steps/0/action/type" in out and "consume" in out, out


def test_a_duplicate_id_is_bad_input_naming_both_files(run, files):
    code, out, err = run("run", files.good, files.same_id)
    assert code == 2 and "already used by" in out and "good.json" in out, out


def test_under_scenarios_the_id_must_be_the_files_path(run, files):
    code, out, err = run("validate", files.wrong_id)
    assert code == 2 and '"messina/x/named"' in out, out


# ---------------------------------------------------------------- readings


def test_readings_finds_an_undeclared_dependency_on_an_interpretation(run, files):
    code, out, err = run("readings", files.undeclared)
    assert code == 1 and "depends on messina.card-hostility" in out and '"held"' in out, out


def test_readings_accepts_a_declared_dependency(run, files):
    code, out, err = run("readings", files.declared)
    assert code == 0 and "0 undeclared" in out, out


def test_readings_says_a_scenario_failing_under_its_own_readings_fails_and_finds_no_dependency(run, files):
    # Under every other reading it fails too: those were reported as 24 false dependencies.
    code, out, err = run("readings", files.failing)
    assert code == 1, out + err
    assert "failing.json: fails under its own readings (fail:" in out, out
    assert "depends on" not in out and "0 undeclared dependencies" in out and "0 run(s)" in out, out


# ---------------------------------------------------------------- the command line itself


@pytest.mark.parametrize("args,value", [
    (("prove", "--rlimit"), "-1"), (("prove", "--rlimit"), "1x"), (("prove", "--rlimit"), " 5"),
    (("prove", "--rlimit"), "+5"), (("prove", "--rlimit"), "0x10"), (("fuzz", "--engine", "true", "--cases"), "-1"),
    (("fuzz", "--engine", "true", "--time"), "1e3"), (("run", "x.json", "--timeout"), "0x10"),
    (("diff", "--edited", "x.json", "--sample"), "-5"),
])
def test_a_number_option_is_read_strictly(run, args, value):
    # CLI11 alone read " 5", "+5" and "0x10" (as 16), and "-1" as a huge count.
    code, out, err = run(*args, value)
    assert code == 2 and f'"{value}" is not' in err, f"exit {code}\n{out}{err}"


def test_an_unknown_subcommand_exits_with_2(run):
    code, out, err = run("frobnicate")
    assert code == 2, f"exit {code}\n{out}{err}"


def test_help_explains_the_subcommands(run):
    code, out, err = run("--help")
    assert code == 0 and "run" in out and "validate" in out, out


# Red's mech and blue's mech share T1 with no combat pending: play never leaves such a board between
# actions (a mech entering an opponent's mech stops and a combat waits there once the move is done).
MEETING = {"id": "t/meeting", "game": "scythe", "title": "two mechs meet with no combat pending",
           "cites": ["scythe.move.combat-pending"],
           "state": {"factions": {"red": {"popularity": 5, "home_base": "HB-red"},
                                  "blue": {"popularity": 5, "home_base": "HB-blue"}},
                     "territories": {"HB-red": {"adjacent": ["T1"], "home_base": "red"},
                                     "T1": {"adjacent": ["HB-red", "HB-blue"], "terrain": "farm",
                                            "units": {"red": {"mech": 1}, "blue": {"mech": 1}},
                                            "held_by": "red"},
                                     "HB-blue": {"adjacent": ["T1"], "home_base": "blue"}}},
           "steps": [{"query": {"type": "controller", "at": "T1"}, "expect": {"result": "red"}}]}


def test_validate_reachable_names_the_invariant_and_the_pointer_and_a_mark_keeps_the_board(run, tmp_path):
    path = tmp_path / "meeting.json"
    path.write_text(json.dumps(MEETING))
    code, out, _ = run("validate", str(path))
    assert code == 0, out  # a valid state: it does not contradict itself
    code, out, _ = run("validate", "--reachable", str(path))
    assert code == 2, out
    assert "at /state/territories/T1" in out, out
    assert "scythe.reachable.combat-units-meet-only-in-pending-combat" in out, out
    assert "1 with a problem" in out, out
    # With the combat pending there, play can reach it.
    pending = json.loads(json.dumps(MEETING))
    pending["state"]["pending"] = {"combats": ["T1"]}
    path.write_text(json.dumps(pending))
    code, out, _ = run("validate", "--reachable", str(path))
    assert code == 0, out
    # Kept on purpose and marked: valid, counted as marked; a mark on a reachable board is a problem.
    marked = dict(MEETING, unreachable="scythe.reachable.combat-units-meet-only-in-pending-combat: a test")
    path.write_text(json.dumps(marked))
    code, out, _ = run("validate", "--reachable", str(path))
    assert code == 0, out
    assert "1 marked unreachable" in out, out
    path.write_text(json.dumps(dict(pending, unreachable="nothing: a wrong mark")))
    code, out, _ = run("validate", "--reachable", str(path))
    assert code == 2, out
    assert "breaks no invariant" in out, out


# ---------------------------------------------------------------- a broken or missing rules folder
# A broken rules folder is rulecheck's problem (exit 3, naming the file), never blamed on every
# scenario (exit 2); `rules check` finds it.

COMMANDS = [("run", "SCENARIOS"), ("validate", "SCENARIOS"), ("readings", "SCENARIOS"), ("explain", "SCENARIO"),
            ("prove",), ("ambiguities",), ("serve",), ("rules", "coverage"), ("diff", "--edited", "EDITED"),
            ("fuzz", "--engine", "true"), ("engine", "check", "true")]


def broken_copy(root, tmp_path, game, name, change):
    import shutil
    rules = tmp_path / "rules"
    shutil.copytree(root / "rules", rules)
    path = rules / game / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return rules


def command_line(rulecheck, root, tmp_path, rules, words):
    edited = tmp_path / "edited.json"
    edited.write_text('{"game": "messina", "hand_limit": 6}')
    corpus = root / "scenarios" / "messina" / "consumption"
    swap = {"SCENARIOS": str(corpus), "SCENARIO": str(corpus / "bill-all-tokens.json"), "EDITED": str(edited)}
    return [rulecheck, "--rules", str(rules), *[swap.get(w, w) for w in words]]


def unknown_default(doc):
    doc["points"][0]["default"] = "no-such-reading"


@pytest.mark.parametrize("words", COMMANDS, ids=lambda w: " ".join(w))
def test_a_default_reading_the_point_lacks_makes_every_command_exit_3_naming_the_file(rulecheck, root, tmp_path,
                                                                                     words):
    rules = broken_copy(root, tmp_path, "messina", "interpretations.json", unknown_default)
    p = subprocess.run(command_line(rulecheck, root, tmp_path, rules, words), capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=120)
    assert p.returncode == 3, p.stdout + p.stderr
    assert "messina/interpretations.json" in p.stderr and '"no-such-reading"' in p.stderr, p.stderr


@pytest.mark.parametrize("words", COMMANDS + [("rules", "check")], ids=lambda w: " ".join(w))
def test_a_missing_rules_folder_makes_every_command_exit_3(rulecheck, root, tmp_path, words):
    p = subprocess.run(command_line(rulecheck, root, tmp_path, tmp_path / "no-rules", words), capture_output=True,
                       text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert p.returncode == 3, p.stdout + p.stderr
    assert "no-rules" in p.stderr, p.stderr


def test_rules_check_finds_a_default_reading_the_point_lacks(rulecheck, root, tmp_path):
    rules = broken_copy(root, tmp_path, "messina", "interpretations.json", unknown_default)
    p = subprocess.run([rulecheck, "--rules", str(rules), "rules", "check"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 1
    assert "/points/0/default" in p.stdout and '"no-such-reading" is not one of the point\'s readings' in p.stdout


def test_rules_check_finds_a_default_number_the_game_refuses(rulecheck, root, tmp_path):
    rules = broken_copy(root, tmp_path, "messina", "ruleset.json", lambda doc: doc.update(hand_limit=-1))
    p = subprocess.run([rulecheck, "--rules", str(rules), "rules", "check"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 1 and "messina/ruleset.json" in p.stderr and "/hand_limit" in p.stderr, p.stderr
