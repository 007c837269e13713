"""The README's "For engine authors" walk-through works as written: each command of its first sh
block is run from the repository's root, with `$R` the rulecheck under test, and what it says it
does is checked (issue 14: the section is followed by its words alone).

Commands that run a bug_* engine are expected to exit 1 (a case fails); every other exits 0.
"""
import json
import os
import re
import subprocess

import pytest


def walkthrough(root):
    text = (root / "README.md").read_text()
    section = text.split("## For engine authors", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    commands = []
    for line in block.splitlines():
        if not line.strip() or line.startswith("R="):
            continue
        commands.append(re.sub(r"\s+# .*$", "", line))  # the comment explains; the command is what runs
    return commands


@pytest.fixture(scope="module")
def results(rulecheck, root):
    env = dict(os.environ, R=rulecheck)
    out = []
    for command in walkthrough(root):
        p = subprocess.run(["bash", "-c", command], cwd=root, env=env, capture_output=True, text=True, timeout=900)
        out.append((command, p))
    return out


def test_the_walkthrough_has_the_steps_an_author_needs(root):
    commands = walkthrough(root)
    for needed in ("serve", "engine check", "--engine", "cmake -S examples/engines/cpp", "explain", "--output-dir"):
        assert any(needed in c for c in commands), needed


def test_every_command_exits_as_it_should(results):
    for command, p in results:
        expected = 1 if "bug_" in command else 0
        assert p.returncode == expected, f"{command}\nexit {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}"


def test_each_command_says_what_the_readme_says_it_does(results):
    said = {command: p.stdout + p.stderr for command, p in results}

    def output_of(part):
        return next(text for command, text in said.items() if part in command)

    hello = json.loads(output_of("| $R serve").splitlines()[0])
    assert hello["games"] == ["messina", "scythe"] and hello["interpretations"]
    assert "the engine speaks protocol version 1" in output_of("engine check")
    assert "by reason:" in output_of("example_engine_cpp")
    assert "coverage:" in output_of("example_engine_cpp")
    assert re.search(r"^FAIL messina/consumption/", output_of(" -x "), re.M)
    assert "stopped after 1 failed or errored case(s) (--maxfail 1)" in output_of(" -x ")
    assert "messina.consumption.cost" in output_of("$R explain")


def test_the_report_shows_each_clause_against_each_engine(results, root):
    html = (root / "out" / "first" / "report.html").read_text(encoding="utf-8")
    assert html.count('<th class="target"') == 2  # the oracle and the bug engine
