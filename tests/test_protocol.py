"""The engine-protocol schemas (protocol/schema/) agree with what rulecheck really sends and gets.

Run: /usr/bin/python3 -m pytest -p no:cacheprovider tests/test_protocol.py --rulecheck=BINARY --root=REPO_ROOT

Runs with Debian's /usr/bin/python3, its python3-pytest and its python3-jsonschema (4.10; draft
2020-12); otherwise standard library only, and offline (cross-file "$ref"s are served from the
files on disk).

  (a) every schema in protocol/schema/ is a valid draft 2020-12 schema, its "$ref"s resolve, and
      its own "examples" validate;
  (b) real request lines are built from every scenario file the way harness/cross_check.cpp builds
      them (the merged ruleset, every interpretation point's reading, the state each step starts
      from: the scenario's, then the oracle's outcome of the step before), and each validates
      against request.schema.json. They are byte for byte what `rulecheck run` sends, except that
      the readings are the scenario's (cross_check.cpp puts the engine's hello readings over them),
      so non-default readings reach both engines too;
  (c) hello + those requests + bye are piped through `RULECHECK_BINARY --rules REPO_ROOT/rules
      serve` and through examples/engines/faithful.py, and every answer validates against
      hello-answer.schema.json / answer.schema.json, carries its request's id in request order,
      and has the shape that fits its op;
  (d) is test_protocol_schemas.py: the schemas reject broken answers and requests and accept good ones.

The requests are built once, and each engine session runs once, in module fixtures; the tests of
(b) and (c) are one per scenario step ("FILE:STEP"), each failure saying "JSON-POINTER: message".
"""
import json
import sys
from pathlib import Path

import jsonschema
import pytest

from protocol_support import (  # noqa: F401 (module fixtures)
    SCHEMAS,
    pointer,
    shorten,
    check_refs,
    run_session,
    steps_of,
    schemas,
    serve_command,
    requests,
)


def pytest_generate_tests(metafunc):
    root = Path(metafunc.config.getoption("root"))
    if "step" in metafunc.fixturenames:
        steps = steps_of(root)
        metafunc.parametrize("step", steps, ids=[f"{p.removeprefix('scenarios/')}:{i}" for p, i in steps])
    if "serve_round" in metafunc.fixturenames:
        # Round i asks serve for the outcome of step i of every scenario with a step i + 1.
        longest = max((i for _, i in steps_of(root) if i is not None), default=0)
        metafunc.parametrize("serve_round", range(longest), ids=[f"round{i}" for i in range(longest)])


# ---------------------------------------------------------------- (a) the schemas themselves


@pytest.mark.parametrize("name", SCHEMAS)
def test_a_protocol_schema_is_valid_draft_2020_12_with_resolving_refs_a_description_and_valid_examples(schemas, name):
    what = f"protocol/schema/{name}.schema.json"
    assert name not in schemas.load_problems, f"{what}: {schemas.load_problems.get(name)}"
    doc = schemas.docs[name]
    problems = []
    if doc.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
        problems.append('"$schema" is not draft 2020-12')
    try:
        jsonschema.Draft202012Validator.check_schema(doc)
    except jsonschema.SchemaError as e:
        problems.append(f"{pointer(e.absolute_path)}: {shorten(e.message)}")
    problems += check_refs(schemas, name)
    if not doc.get("description"):
        problems.append('no "description"')
    for i, example in enumerate(doc.get("examples", [])):
        problems += [f"examples/{i}: {p}" for p in schemas.errors(name, example)]
    assert not problems, "\n".join(f"{what}: {p}" for p in problems)


# ---------------------------------------------------------------- (b) real requests


def test_rulecheck_serve_answers_every_request_of_a_round_of_building_the_requests(requests, serve_round):
    if serve_round not in requests.rounds:
        pytest.skip(f"round {serve_round} was not needed: every scenario still going had stopped")
    assert requests.rounds[serve_round] is None, requests.rounds[serve_round]


def test_the_sample_has_at_least_40_scenario_files_both_games_actions_and_queries(requests):
    cases, reqs = requests.cases, requests.list
    sampled_games = {c.s["game"] for c in cases}
    queries = sum(1 for r in reqs if r[3] == "query")
    assert len(cases) >= 40 and sampled_games == requests.games and 0 < queries < len(reqs), \
        f"{len(cases)} files, games {sorted(sampled_games)}, {queries} queries of {len(reqs)} requests"


def test_the_request_for_a_scenario_step_validates_against_the_request_schema(requests, schemas, step):
    case, i, line, _ = requests.list[requests.position(step)]
    problems = schemas.errors("request", json.loads(line))
    assert not problems, "\n".join(f"request for {case.path} step {i}: {p}" for p in problems)


# ---------------------------------------------------------------- (c) real answers: the oracle and the example engine


class Session:
    def __init__(self, label, command, requests):
        self.label = label
        self.answers, self.status, self.err = run_session(command, [line for _, _, line, _ in requests.list])


@pytest.fixture(scope="module", params=["rulecheck serve", "faithful.py"])
def session(request, root, serve_command, requests):
    """One session of hello + every request + bye with the engine."""
    commands = {"rulecheck serve": serve_command,
                "faithful.py": [sys.executable, str(root / "examples" / "engines" / "faithful.py")]}
    return Session(request.param, commands[request.param], requests)


def test_an_engine_exits_with_status_0_after_bye(session):
    assert session.status == 0, f"{session.label}: exit status {session.status}; stderr: {shorten(session.err)}"


def test_an_engine_gives_one_answer_line_per_request(session, requests):
    assert len(session.answers) == len(requests.list) + 1, \
        f"{session.label}: {len(session.answers)} answer lines for hello + {len(requests.list)} requests"


def test_an_engine_answers_hello_with_a_valid_hello_answer(session, schemas):
    assert session.answers, f"{session.label}: no answer at all; stderr: {shorten(session.err)}"
    try:
        problems = schemas.errors("hello-answer", json.loads(session.answers[0]))
    except ValueError as e:
        problems = [f"not JSON: {e}"]
    assert not problems, "\n".join(f"{session.label}: hello answer: {p}" for p in problems)


def test_an_engine_answers_a_scenario_step_in_request_order_with_a_valid_answer_of_its_ops_shape(
        session, requests, schemas, step):
    n = requests.position(step)
    case, i, _, op = requests.list[n]
    what = f"{session.label}: answer to {case.path.name} step {i}"
    assert n + 1 < len(session.answers), f"{what}: no answer line ({len(session.answers)} lines in all)"
    answer = session.answers[n + 1]
    try:
        a = json.loads(answer)
    except ValueError as e:
        pytest.fail(f"{what}: not JSON: {e}: {shorten(answer)}", pytrace=False)
    problems = schemas.errors("answer", a)
    want_id = f"{case.k}.{i}"
    if isinstance(a, dict) and a.get("id") != want_id:
        problems.append(f"/id: {a.get('id')!r}, but the request answered here is {want_id!r} (request order)")
    is_query = op == "query"
    if isinstance(a, dict) and (("result" in a and not is_query) or ("legal" in a and is_query)):
        problems.append(f"(top): a {'query' if is_query else 'apply'} answered with "
                        f"{'legal' if 'legal' in a else 'result'}")
    assert not problems, "\n".join(f"{what}: {p}" for p in problems)
