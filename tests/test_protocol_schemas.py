"""The engine-protocol schemas (protocol/schema/) reject what they must: a set of broken answers, hellos and
requests is rejected and a set of good ones accepted, so a loosened schema fails these tests (part (d) of
test_protocol.py's list; the good and broken documents are built from a real request of the corpus).

Run: /usr/bin/python3 -m pytest -p no:cacheprovider tests/test_protocol_schemas.py --rulecheck=BINARY --root=REPO_ROOT
"""

import pytest

from protocol_support import (  # noqa: F401 (module fixtures, and those they ask for)
    dumps,
    shorten,
    schemas,
    sample_apply,
    sample_query,
    serve_command,
    requests,
)


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
