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
  (d) the schemas reject a set of broken answers and requests, and accept a set of good ones, so a
      loosened schema fails these tests.

The requests are built once, and each engine session runs once, in module fixtures; the tests of
(b) and (c) are one per scenario step ("FILE:STEP"), each failure saying "JSON-POINTER: message".
"""
import copy
import functools
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from jsonschema.exceptions import best_match

from strict_json import load_json

SCHEMAS = ["hello-request", "apply-request", "query-request", "bye-request", "request", "hello-answer", "answer", "known"]
SESSION_TIMEOUT = 300  # seconds, per engine session


# ---------------------------------------------------------------- reading JSON and the schemas


def dumps(value):
    """Compact, key-sorted JSON, as nlohmann::json::dump() writes it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def pointer(parts):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def shorten(text, limit=300):
    return text if len(text) <= limit else text[: limit - 3] + "..."


def error_lines(validator, doc):
    """"POINTER: message" for each error; oneOf/anyOf failures show their closest alternative."""
    out = []
    for e in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
        while e.validator in ("oneOf", "anyOf") and e.context:
            e = best_match(e.context)
        line = f"{pointer(e.absolute_path) or '(top)'}: {shorten(e.message)}"
        if line not in out:
            out.append(line)
    return out


class Schemas:
    """The protocol schemas, each with a validator whose "$ref"s resolve to the files on disk."""

    def __init__(self, root):
        self.dir = root / "protocol" / "schema"
        self.docs, self.uris, self.load_problems = {}, {}, {}
        store = {}
        scenario_schema = root / "scenarios" / "schema" / "scenario.schema.json"
        store[scenario_schema.resolve().as_uri()] = load_json(scenario_schema)
        for name in SCHEMAS:
            path = self.dir / f"{name}.schema.json"
            try:
                self.docs[name] = load_json(path)
            except (OSError, ValueError) as e:
                self.load_problems[name] = f"{path}: {e}"
                continue
            self.uris[name] = path.resolve().as_uri()
            store[self.uris[name]] = self.docs[name]
        self.store = store
        self.validators = {}
        for name, doc in self.docs.items():
            resolver = jsonschema.RefResolver(base_uri=self.uris[name], referrer=doc, store=store)
            self.validators[name] = jsonschema.Draft202012Validator(doc, resolver=resolver)

    def errors(self, name, doc):
        if name not in self.validators:
            return [f"the schema {name}.schema.json could not be loaded"]
        problems = error_lines(self.validators[name], doc)
        if problems and isinstance(doc, dict):
            # A oneOf says little about why; explain with the alternative the message meant to be.
            branch = None
            if name == "request" and doc.get("op") in ("hello", "apply", "query", "bye"):
                branch, schema = f'{doc["op"]}-request', self.docs.get(f'{doc["op"]}-request')
            elif name == "answer":
                keys = [k for k in ("legal", "result", "unsupported", "error") if k in doc]
                if len(keys) > 1:
                    return [f"(top): more than one answer shape at once: {', '.join(keys)}"] + problems
                if keys == ["legal"]:
                    keys = ["legal" if doc["legal"] is True else "illegal"]
                if keys:
                    branch, schema = keys[0], self.docs["answer"]["$defs"].get(keys[0])
            if branch and schema:
                v = jsonschema.Draft202012Validator(schema, resolver=self.validators[name].resolver)
                problems = [f"as {branch}: {line}" for line in error_lines(v, doc)] or problems
        return problems


def check_refs(schemas, name):
    """Every "$ref" in the schema resolves (offline, through the store)."""
    problems = []
    resolver = schemas.validators[name].resolver

    def walk(node, where):
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                try:
                    resolver.resolve(ref)
                except jsonschema.RefResolutionError as e:
                    problems.append(f"{pointer(where)}/$ref: {ref} does not resolve: {shorten(str(e))}")
            for k, v in node.items():
                walk(v, where + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, where + [i])

    walk(schemas.docs[name], [])
    return problems

# ---------------------------------------------------------------- requests, as cross_check.cpp builds them


def merge_into(base, overrides):
    """rules_data.cpp merge_into: objects merged field by field, other values replaced."""
    for key, value in overrides.items():
        if isinstance(base.get(key), dict) and isinstance(value, dict):
            merge_into(base[key], value)
        else:
            base[key] = value


class GameData:
    def __init__(self, root, game):
        self.ruleset = load_json(root / "rules" / game / "ruleset.json")
        points = load_json(root / "rules" / game / "interpretations.json")["points"]
        self.defaults = {p["id"]: p["default"] for p in points}

    def merged_ruleset(self, overrides):
        merged = copy.deepcopy(self.ruleset)
        merge_into(merged, overrides or {})
        return merged

    def readings(self, chosen):
        out = dict(self.defaults)
        out.update(chosen or {})
        return out


def scenario_files(root):
    """Every scenario file rulecheck would find under scenarios/ (folders named schema skipped), sorted."""
    return sorted(p for p in (root / "scenarios").rglob("*.json") if "schema" not in p.relative_to(root).parts[:-1])


class Case:
    def __init__(self, k, path, scenario, game):
        self.k = k
        self.path = path
        self.s = scenario
        self.ruleset = dumps(game.merged_ruleset(scenario.get("ruleset")))
        self.readings = dumps(game.readings(scenario.get("interpretations")))
        self.states = [dumps(scenario["state"])]  # the state step i starts from, as sent
        self.stopped = None  # why later steps are not asked (the oracle answered error, or serve failed)

    def request(self, i):
        step = self.s["steps"][i]
        op, key = ("query", "query") if "query" in step else ("apply", "action")
        return (f'{{"id":"{self.k}.{i}","op":"{op}","game":"{self.s["game"]}","ruleset":{self.ruleset},'
                f'"interpretations":{self.readings},"state":{self.states[i]},"{key}":{dumps(step[key])}}}')


def run_session(command, lines):
    """Pipes hello + lines + bye through an engine; returns (answer lines, exit status, stderr)."""
    text = "".join(line + "\n" for line in ['{"op":"hello","protocol":1}', *lines, '{"op":"bye"}'])
    p = subprocess.run(command, input=text.encode("utf-8"), capture_output=True, timeout=SESSION_TIMEOUT)
    out = p.stdout.decode("utf-8", errors="replace").splitlines()
    return [line for line in out if line.strip()], p.returncode, p.stderr.decode("utf-8", errors="replace")



class Requests:
    """Every scenario file's request lines, in (case, step) order. Steps after the first start from
    the oracle's outcome of the step before, which `rulecheck serve` gives round by round."""

    def __init__(self, root, serve_command):
        games = {g: GameData(root, g) for g in ("messina", "scythe")}
        self.games = set(games)
        self.problems = {}  # scenario file -> why its requests could not be built
        cases = []
        for path in scenario_files(root):
            rel = path.relative_to(root)
            try:
                s = load_json(path)
                cases.append(Case(len(cases), rel, s, games[s["game"]]))
            except (OSError, ValueError, KeyError, TypeError) as e:
                self.problems[rel.as_posix()] = f"{rel}: cannot build its requests: {e}"
        self.cases = cases
        self.rounds = {}  # round -> None, or what went wrong asking serve for it
        for i in range(max((len(c.s["steps"]) for c in cases), default=0)):
            todo = [c for c in cases if len(c.s["steps"]) > i + 1 and not c.stopped]
            if not todo:
                break
            answers, status, err = run_session(serve_command, [c.request(i) for c in todo])
            if not (status == 0 and len(answers) == len(todo) + 1):
                self.rounds[i] = (f"serve, round {i} of building the requests: exit status {status}, {len(answers)} "
                                  f"lines for {len(todo) + 1} requests; stderr: {shorten(err)}")
                for c in todo:
                    c.stopped = self.rounds[i]
                continue
            self.rounds[i] = None
            for c, line in zip(todo, answers[1:]):
                a = json.loads(line)
                if a.get("legal") is True:
                    c.states.append(dumps(a["state"]))
                elif "error" in a:
                    c.stopped = f"the oracle answered step {i} with an error: {shorten(line)}"
                else:
                    c.states.append(c.states[i])  # an illegal action or a query leaves the state as it was
        # (case, step, request line, op)
        self.list = [(c, i, c.request(i), "query" if "query" in c.s["steps"][i] else "apply")
                     for c in cases for i in range(len(c.states))]
        self.index = {(c.path.as_posix(), i): n for n, (c, i, _, _) in enumerate(self.list)}
        self.by_path = {c.path.as_posix(): c for c in cases}

    def position(self, step):
        """Where the request of STEP (scenario file, step index) is in the list; fails or skips the
        test when it was not built."""
        path, i = step
        if path in self.problems:
            pytest.fail(self.problems[path], pytrace=False)
        if (path, i) in self.index:
            return self.index[(path, i)]
        case = self.by_path[path]
        if case.stopped and case.stopped.startswith("the oracle answered"):
            pytest.skip(f"not asked: {case.stopped}")
        pytest.fail(f"no request was built for {path} step {i}: {case.stopped}", pytrace=False)


@functools.lru_cache(maxsize=None)
def steps_of(root):
    """(scenario file, step) of every step of every scenario file, read when the tests are collected
    (a file that cannot be read is one entry, step None, which fails)."""
    out = []
    for path in scenario_files(root):
        rel = path.relative_to(root).as_posix()
        try:
            n = len(load_json(path)["steps"])
        except (OSError, ValueError, KeyError, TypeError):
            out.append((rel, None))
            continue
        out += [(rel, i) for i in range(n)]
    return out


def pytest_generate_tests(metafunc):
    root = Path(metafunc.config.getoption("root"))
    if "step" in metafunc.fixturenames:
        steps = steps_of(root)
        metafunc.parametrize("step", steps, ids=[f"{p.removeprefix('scenarios/')}:{i}" for p, i in steps])
    if "serve_round" in metafunc.fixturenames:
        # Round i asks serve for the outcome of step i of every scenario with a step i + 1.
        longest = max((i for _, i in steps_of(root) if i is not None), default=0)
        metafunc.parametrize("serve_round", range(longest), ids=[f"round{i}" for i in range(longest)])


@pytest.fixture(scope="module")
def schemas(root):
    return Schemas(root)


@pytest.fixture(scope="module")
def serve_command(rulecheck, root):
    return [str(Path(rulecheck).resolve()), "--rules", str(root / "rules"), "serve"]


@pytest.fixture(scope="module")
def requests(root, serve_command):
    return Requests(root, serve_command)


@pytest.fixture(scope="module")
def sample_apply(requests):
    return next(json.loads(r[2]) for r in requests.list if r[3] == "apply")


@pytest.fixture(scope="module")
def sample_query(requests):
    return next(json.loads(r[2]) for r in requests.list if r[3] == "query")


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


# ---------------------------------------------------------------- (d) self-tests: the schemas reject what they must

# Answers, each built from the state of a real apply request.
GOOD_ANSWERS = {
    "legal with its state": lambda state: {"id": "1.0", "legal": True, "state": state},
    "illegal with its rule": lambda state: {"id": "1.0", "legal": False, "rule": "messina.consumption.when"},
    "illegal with its rule and a reason": lambda state: {"id": "1.0", "legal": False, "rule": "messina.consumption.when",
                                                         "reason": "round 3 is odd"},
    "a null result": lambda state: {"id": "1.0", "result": None},
    "a list result": lambda state: {"id": "1.0", "result": ["A1", "H1"]},
    "unsupported": lambda state: {"id": "1.0", "unsupported": "query type 'tie-break'"},
    "an error": lambda state: {"id": "1.0", "error": "/state/round: missing"},
    "an error with a null id": lambda state: {"id": None, "error": "not a JSON object"},
}

BAD_ANSWERS = {
    "no id": lambda state: {"legal": False, "rule": "messina.consumption.when"},
    "a numeric id": lambda state: {"id": 1, "legal": False, "rule": "messina.consumption.when"},
    "legal not a boolean": lambda state: {"id": "1.0", "legal": "false", "rule": "messina.consumption.when"},
    "legal false without rule": lambda state: {"id": "1.0", "legal": False},
    "rule not a string": lambda state: {"id": "1.0", "legal": False, "rule": 7},
    "legal true without state": lambda state: {"id": "1.0", "legal": True},
    "legal true with a state that is not an object": lambda state: {"id": "1.0", "legal": True, "state": "same"},
    "legal true with a rule": lambda state: {"id": "1.0", "legal": True, "state": state,
                                             "rule": "messina.consumption.when"},
    "result and legal at once": lambda state: {"id": "1.0", "legal": False, "rule": "messina.consumption.when",
                                               "result": True},
    "result and unsupported at once": lambda state: {"id": "1.0", "result": True, "unsupported": "no"},
    "error and legal at once": lambda state: {"id": "1.0", "error": "oops", "legal": True, "state": state},
    "an unknown extra field": lambda state: {"id": "1.0", "result": True, "elapsed_ms": 3},
    "reason not a string": lambda state: {"id": "1.0", "result": True, "reason": ["x"]},
    "unsupported not a string": lambda state: {"id": "1.0", "unsupported": True},
    "only an id": lambda state: {"id": "1.0"},
    "not an object": lambda state: ["1.0", True],
}

HELLO = {"name": "x", "version": "1", "games": ["messina"], "interpretations": {"messina.card-hostility": "held"}}

BAD_HELLOS = {
    "no name": {k: v for k, v in HELLO.items() if k != "name"},
    "no games": {k: v for k, v in HELLO.items() if k != "games"},
    "an unknown game": dict(HELLO, games=["chess"]),
    "a reading that is not a string": dict(HELLO, interpretations={"messina.card-hostility": 1}),
    "a misspelt field": {**{k: v for k, v in HELLO.items() if k != "interpretations"},
                         "interpretation": HELLO["interpretations"]},
}

# Requests, each built from a real apply request and a real query request.
GOOD_REQUESTS = {
    "hello": lambda apply, query: {"op": "hello", "protocol": 1},
    "bye": lambda apply, query: {"op": "bye"},
    "apply": lambda apply, query: apply,
    "query": lambda apply, query: query,
}


def other_game(apply):
    return "scythe" if apply["game"] == "messina" else "messina"


BAD_REQUESTS = {
    "hello for protocol 2": lambda apply, query: {"op": "hello", "protocol": 2},
    "an unknown op": lambda apply, query: {"op": "undo", "id": "1.0"},
    "no op": lambda apply, query: {k: v for k, v in apply.items() if k != "op"},
    "an apply without a state": lambda apply, query: {k: v for k, v in apply.items() if k != "state"},
    "an apply without its ruleset": lambda apply, query: {k: v for k, v in apply.items() if k != "ruleset"},
    "an apply carrying a query": lambda apply, query: {**{k: v for k, v in apply.items() if k != "action"},
                                                       "query": query["query"]},
    "an apply with an extra field": lambda apply, query: dict(apply, seed=1),
    "an apply whose state belongs to the other game": lambda apply, query: dict(apply, game=other_game(apply)),
    "an apply with a numeric id": lambda apply, query: dict(apply, id=1),
    "an apply with an unknown action type": lambda apply, query: dict(apply, action={"type": "teleport"}),
    "a query with an op of apply": lambda apply, query: dict(query, op="apply"),
    "a bye with an id": lambda apply, query: {"op": "bye", "id": "1"},
}


@pytest.mark.parametrize("name", list(GOOD_ANSWERS))
def test_the_answer_schema_accepts_a_good_answer(schemas, sample_apply, name):
    a = GOOD_ANSWERS[name](sample_apply["state"])
    problems = schemas.errors("answer", a)
    assert not problems, "\n".join(f"answer.schema.json rejects {shorten(dumps(a), 80)}: {p}" for p in problems)


@pytest.mark.parametrize("name", list(BAD_ANSWERS))
def test_the_answer_schema_rejects_a_broken_answer(schemas, sample_apply, name):
    a = BAD_ANSWERS[name](sample_apply["state"])
    assert schemas.errors("answer", a), f"answer.schema.json accepts an answer with {name}: {shorten(dumps(a), 200)}"


def test_the_hello_answer_schema_accepts_a_good_hello(schemas):
    problems = schemas.errors("hello-answer", HELLO)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", list(BAD_HELLOS))
def test_the_hello_answer_schema_rejects_a_broken_hello(schemas, name):
    h = BAD_HELLOS[name]
    assert schemas.errors("hello-answer", h), f"hello-answer.schema.json accepts {name}: {shorten(dumps(h), 200)}"


@pytest.mark.parametrize("name", list(GOOD_REQUESTS))
def test_the_request_schema_accepts_a_good_request(schemas, sample_apply, sample_query, name):
    r = GOOD_REQUESTS[name](sample_apply, sample_query)
    problems = schemas.errors("request", r)
    assert not problems, "\n".join(f"request.schema.json rejects a {r['op']} request: {p}" for p in problems)


@pytest.mark.parametrize("name", list(BAD_REQUESTS))
def test_the_request_schema_rejects_a_broken_request(schemas, sample_apply, sample_query, name):
    r = BAD_REQUESTS[name](sample_apply, sample_query)
    assert schemas.errors("request", r), f"request.schema.json accepts {name}: {shorten(dumps(r), 200)}"
