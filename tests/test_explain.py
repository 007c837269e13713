"""`rulecheck explain CASE [--step K] [--format text|json]`: the oracle's reasoning for a scenario's
steps, each decision with its clause id, the clause's paraphrase and the numbers it used.

Run: pytest -p no:cacheprovider tests/test_explain.py --rulecheck=BINARY --root=REPO_ROOT
The tests write their own project (a copy of rules/ and a scenarios/ folder) in a temporary folder;
the expected numbers are worked out here from the rule texts, never taken from the program.
"""
import json
import os
import shutil
import subprocess

import pytest

# Nine tokens (1 Disaffected, 2 Spare, 6 Located: 4 Civilians and 2 Infantry on D1), 4 F and 1 W,
# round 2 (even: a Consumption round).
#   P = 1 + 2 + 6 = 9; the bill is 1 F and 1 W per 2 P, the odd token rounded up: ceil(9 / 2) = 5.
#   4 F feed 8 tokens, 1 W waters 2: 2 of the 9 are fed, shortfall 9 - 2 = 7; all 4 F and the 1 W
#   are spent anyway. Step 1: the 1 Disaffected dies (7 - 1 = 6 left). Step 2: the 2 Spare become
#   Disaffected (4 left). Step 3: 4 Located become Disaffected, the player disbanding 4 Civilians.
#   After: Disaffected 0 + 2 + 4 = 6, Spare 0, Located 2, dead 1.
NINE = {
    "round": 2,
    "factions": {"UE": {"kind": "human", "home": ["D1"],
                        "population": {"disaffected": 1, "spare": 2, "located": 6},
                        "resources": {"food": 4, "water": 1, "energy": 3}}},
    "spaces": {"D1": {"adjacent": [], "units": {"UE": {"civilian": 4, "infantry": 2}}}},
}
CONSUME = {"type": "consume", "faction": "UE", "disband": [{"at": "D1", "unit": "civilian", "count": 4}]}
AFTER = {"factions": {"UE": {"population": {"disaffected": 6, "spare": 0, "located": 2}, "dead": 1,
                             "resources": {"food": 0, "water": 0}}}}


def nine_tokens(sid, after=AFTER):
    """Three steps: a query (D1 is not hostile to UE: nobody else is there), the Consumption, and a
    Muster in the same even round (a Muster comes in odd rounds: illegal)."""
    return {"id": sid, "game": "messina", "title": "nine tokens, 4 F and 1 W: shortfall 7",
            "note": "P = 9, bill 5; 2 fed, shortfall 7",
            "cites": ["messina.consumption.cost", "messina.consumption.shortfall", "messina.muster.when"],
            "state": NINE,
            "steps": [
                {"query": {"type": "hostile", "faction": "UE", "at": "D1"}, "expect": {"result": False}},
                {"action": CONSUME, "expect": {"legal": True, "state": after}},
                {"action": {"type": "muster", "faction": "UE", "builds": [{"at": "D1", "unit": "infantry"}]},
                 "expect": {"legal": False, "rule": "messina.muster.when"}},
            ]}


# A mech moves 1 territory in the base game (rules/scythe/ruleset.json): a path of 2 is refused.
SCYTHE = {"id": "scythe/explain/too-far", "game": "scythe", "title": "a mech path of 2", "cites": ["scythe.move.range"],
          "state": {"factions": {"blue": {"popularity": 5, "home_base": "HB-blue"}},
                    "territories": {"HB-blue": {"adjacent": ["T1"], "home_base": "blue"},
                                    "T1": {"adjacent": ["HB-blue", "T2"], "units": {"blue": {"mech": 1}}},
                                    "T2": {"adjacent": ["T1", "T3"]}, "T3": {"adjacent": ["T2"]}}},
          "steps": [{"action": {"type": "move", "faction": "blue",
                                "moves": [{"unit": "mech", "from": "T1", "path": ["T2", "T3"]}]},
                     "expect": {"legal": False, "rule": "scythe.move.range"}}]}


class Project:
    """A project of its own: rules/ copied from the repository, and scenarios/ written here."""

    def __init__(self, tmp, root, rulecheck):
        self.dir = tmp
        self.rules = tmp / "rules"
        shutil.copytree(root / "rules", self.rules)
        self.rulecheck = os.path.abspath(rulecheck)  # the commands run in the project's folder
        self.nine = self.write("scenarios/messina/explain/nine-tokens.json", nine_tokens("messina/explain/nine-tokens"))
        wrong = {"factions": {"UE": {"resources": {"food": 1}}}}  # wrong: all 4 F are spent
        self.wrong = self.write("scenarios/messina/explain/wrong.json", nine_tokens("messina/explain/wrong", wrong))
        self.scythe = self.write("scenarios/scythe/explain/too-far.json", SCYTHE)
        self.not_a_scenario = self.write("elsewhere/hello.json", {"hello": 1})
        self.broken = self.write("elsewhere/broken.json", '{"id": "x", "game": ')

    def write(self, name, content):
        path = self.dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return path

    def paraphrase(self, game, clause):
        index = json.loads((self.rules / game / "clauses.json").read_text(encoding="utf-8"))
        return next(c["paraphrase"] for c in index["clauses"] if c["id"] == clause)

    def explain(self, *args):
        env = {k: v for k, v in os.environ.items() if k != "RULECHECK_RULE_TEXTS"}  # no rule texts at hand
        return subprocess.run([self.rulecheck, "--rules", str(self.rules), "explain", *map(str, args)],
                              capture_output=True, text=True, timeout=60, cwd=self.dir, env=env)

    def explain_json(self, *args):
        r = self.explain(*args, "--format", "json")
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)


@pytest.fixture
def project(tmp_path, root, rulecheck):
    return Project(tmp_path, root, rulecheck)


def numbers_of(step, clause):
    """The numbers of the decisions under `clause`, in order."""
    return [d["numbers"] for d in step["decisions"] if d["clause"] == clause]


def lines_with(text, *parts):
    return [line for line in text.splitlines() if all(p in line for p in parts)]


# ---------------------------------------------------------------- text

def test_text_shows_every_step_with_its_decisions_numbers_and_paraphrases(project):
    r = project.explain(project.nine)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "3 steps (numbered from 0)" in out
    assert "  note: P = 9, bill 5; 2 fed, shortfall 7\n" in out  # the author's worked arithmetic
    for k in range(3):
        assert f"\nstep {k}: " in out
    # The bill: P = 9, rounded up to 5 of each.
    assert lines_with(out, "messina.consumption.cost", "P=9", "cost=5"), out
    # The shortfall and its three steps, with the numbers worked out above.
    assert lines_with(out, "messina.consumption.shortfall ", "fed=2", "shortfall=7"), out
    assert lines_with(out, "messina.consumption.shortfall.step1", "to the Death Zone=1"), out
    assert lines_with(out, "messina.consumption.shortfall.step2", "Spare to Disaffected=2"), out
    assert lines_with(out, "messina.consumption.shortfall.step3", "Located to Disaffected=4"), out
    # Each clause's paraphrase, from the clause index, once per step, labelled as a paraphrase: this
    # project has no rule texts beside it (tests/test_i34_causes.py quotes texts that are at hand).
    cost = project.paraphrase("messina", "messina.consumption.cost")
    assert len([line for line in out.splitlines()
                if line.startswith("      rule, paraphrased (") and line.endswith(f"): {cost}")]) == 1, out
    # What the Consumption changed, field by field.
    assert "/factions/UE/population/disaffected: 1 -> 6" in out
    assert "/factions/UE/dead: 0 -> 1" in out
    assert "/factions/UE/resources/food: 4 -> 0" in out
    # The Muster in an even round: the decision that forbids it, with the round.
    forbidden = lines_with(out, "messina.muster.when", "FORBIDDEN", "round=2")
    assert len(forbidden) == 1, out
    assert "outcome: illegal, messina.muster.when" in out
    assert out.count("the outcome meets the scenario's expectation") == 3


def test_a_refused_scythe_move_names_its_clause_and_both_numbers(project):
    r = project.explain(project.scythe)
    assert r.returncode == 0, r.stderr
    assert lines_with(r.stdout, "scythe.move.range", "FORBIDDEN", "path length=2", "range=1"), r.stdout
    assert project.paraphrase("scythe", "scythe.move.range") in r.stdout


def test_an_unmet_expectation_is_said_and_is_not_an_error(project):
    r = project.explain(project.wrong, "--step", 1)
    assert r.returncode == 0, r.stderr
    assert "does NOT meet the scenario's expectation: at /state/factions/UE/resources/food expected 1, got" in r.stdout


# ---------------------------------------------------------------- json and --step

def test_json_step_one_carries_the_numbers_of_each_decision(project):
    doc = project.explain_json(project.nine, "--step", 1)
    assert doc["id"] == "messina/explain/nine-tokens"
    assert doc["step_count"] == 3
    assert [s["step"] for s in doc["steps"]] == [1]
    step = doc["steps"][0]
    assert step["action"] == CONSUME
    assert {"P": 9, "tokens per F and W": 2, "cost": 5} in numbers_of(step, "messina.consumption.cost")
    assert numbers_of(step, "messina.consumption.shortfall") == [
        {"P": 9, "food": 4, "water": 1, "fed": 2, "shortfall": 7}]
    assert numbers_of(step, "messina.consumption.plentiful-spent") == [{"food paid": 4, "water paid": 1}]
    assert numbers_of(step, "messina.consumption.shortfall.step1") == [
        {"shortfall": 7, "Disaffected": 1, "to the Death Zone": 1}]
    assert numbers_of(step, "messina.consumption.shortfall.step2") == [
        {"shortfall": 6, "Spare": 2, "Spare to Disaffected": 2}]
    assert numbers_of(step, "messina.consumption.shortfall.step3") == [
        {"shortfall": 4, "Located within reach": 6, "Located to Disaffected": 4}]
    assert numbers_of(step, "messina.population.disband-on-shortfall") == [{"units": 4, "tokens": 4}]
    assert all(d["paraphrase"] == project.paraphrase("messina", d["clause"]) for d in step["decisions"])
    assert not any(d.get("forbids") for d in step["decisions"])
    assert step["outcome"]["legal"] is True
    assert step["outcome"]["state"]["factions"]["UE"]["population"]["disaffected"] == 6
    assert step["matches"] is True
    assert {"op": "add", "path": "/factions/UE/dead", "value": 1} in step["changes"]


def test_json_the_forbidding_decision_ends_an_illegal_step(project):
    doc = project.explain_json(project.nine, "--step", 2)
    step = doc["steps"][0]
    assert step["outcome"]["legal"] is False
    assert step["outcome"]["rule"] == "messina.muster.when"
    last = step["decisions"][-1]
    assert last["forbids"] is True
    assert last["clause"] == "messina.muster.when"
    assert last["numbers"] == {"round": 2}
    assert sum(1 for d in step["decisions"] if d.get("forbids")) == 1
    assert step["matches"] is True


def test_json_without_step_explains_every_step_in_order(project):
    doc = project.explain_json(project.nine)
    assert [s["step"] for s in doc["steps"]] == [0, 1, 2]
    assert doc["steps"][0]["query"] == {"type": "hostile", "faction": "UE", "at": "D1"}
    assert doc["steps"][0]["outcome"] == {"result": False}
    assert [d["clause"] for d in doc["steps"][0]["decisions"]] == ["messina.friendly.hostile"]


def test_an_unmet_expectation_in_json(project):
    step = project.explain_json(project.wrong, "--step", 1)["steps"][0]
    assert step["matches"] is False
    assert step["difference"]["path"] == "/state/factions/UE/resources/food"
    assert step["difference"]["expected"] == 1


# ---------------------------------------------------------------- naming the case

@pytest.mark.parametrize("name", ["messina/explain/nine-tokens", "messina/explain/nine-tokens.json",
                                  "scenarios/messina/explain/nine-tokens"])
def test_a_case_is_found_by_its_id_under_scenarios(project, name):
    r = project.explain(name, "--step", 0)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("messina/explain/nine-tokens: ")
    assert "file: scenarios/messina/explain/nine-tokens.json" in r.stdout


# ---------------------------------------------------------------- errors

def test_an_unknown_case_says_so_and_suggests_ids(project):
    r = project.explain("nine-tokens")
    assert r.returncode == 2
    assert r.stdout == ""
    assert 'unknown case "nine-tokens"' in r.stderr
    assert "did you mean messina/explain/nine-tokens" in r.stderr


def test_a_step_out_of_range_says_how_many_there_are(project):
    r = project.explain(project.nine, "--step", 3)
    assert r.returncode == 2
    assert "--step 3 is out of range" in r.stderr
    assert "has 3 steps, numbered 0 to 2" in r.stderr


@pytest.mark.parametrize("file", ["not_a_scenario", "broken"])
def test_a_file_that_is_not_a_scenario(project, file):
    r = project.explain(getattr(project, file))
    assert r.returncode == 2
    assert "not a usable scenario file" in r.stderr
    assert str(getattr(project, file).name) in r.stderr


def test_a_folder_is_not_a_case(project):
    r = project.explain(project.dir / "scenarios")
    assert r.returncode == 2
    assert "is a folder" in r.stderr


@pytest.mark.parametrize("args", [["--step", "-1"], ["--step", "one"], ["--format", "xml"], []])
def test_bad_usage_exits_2(project, args):
    r = project.explain(*([project.nine] if args else []), *args)
    assert r.returncode == 2, r.stdout + r.stderr


def test_help_explains_the_command(project):
    r = project.explain("--help")
    assert r.returncode == 0
    for part in ("--step", "--format", "clause", "paraphrase", "Exit status"):
        assert part in r.stdout
