#!/usr/bin/env python3
"""The engine-protocol schemas (protocol/schema/) agree with what rulecheck really sends and gets.

Usage: check_protocol.py RULECHECK_BINARY REPO_ROOT

Runs with Debian's /usr/bin/python3 and its python3-jsonschema (4.10; draft 2020-12); otherwise
standard library only, and offline (cross-file "$ref"s are served from the files on disk).

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
      loosened schema fails this test.

Each failure is printed as "WHAT: JSON-POINTER: message"; the last line is "N passed, M failed".
Exit status 1 if anything failed.
"""
import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
from jsonschema.exceptions import best_match

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import DuplicateKeys, load_json  # noqa: E402,F401

SCHEMAS = ["hello-request", "apply-request", "query-request", "bye-request", "request", "hello-answer", "answer"]
SESSION_TIMEOUT = 300  # seconds, per engine session


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, problems=()):
        if ok:
            self.passed += 1
            return True
        self.failed += 1
        problems = list(problems) or ["failed"]
        for p in problems[:5]:
            print(f"FAIL {what}: {p}")
        if len(problems) > 5:
            print(f"FAIL {what}: ... and {len(problems) - 5} more")
        return False


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


def check_schemas(schemas, t):
    for name in SCHEMAS:
        what = f"protocol/schema/{name}.schema.json"
        if name in schemas.load_problems:
            t.check(False, what, [schemas.load_problems[name]])
            continue
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
        t.check(not problems, what, problems)


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
        self.stopped = False  # the oracle answered error: later steps are not asked

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


def build_requests(cases, serve_command, t):
    """All steps' request lines, in (case, step) order. Steps after the first start from the
    oracle's outcome of the step before, which `rulecheck serve` gives round by round."""
    for i in range(max(len(c.s["steps"]) for c in cases)):
        todo = [c for c in cases if len(c.s["steps"]) > i + 1 and not c.stopped]
        if not todo:
            break
        answers, status, err = run_session(serve_command, [c.request(i) for c in todo])
        if not t.check(status == 0 and len(answers) == len(todo) + 1, f"serve, round {i} of building the requests",
                       [f"exit status {status}, {len(answers)} lines for {len(todo) + 1} requests; stderr: "
                        f"{shorten(err)}"]):
            for c in todo:
                c.stopped = True
            continue
        for c, line in zip(todo, answers[1:]):
            a = json.loads(line)
            if a.get("legal") is True:
                c.states.append(dumps(a["state"]))
            elif "error" in a:
                c.stopped = True
            else:
                c.states.append(c.states[i])  # an illegal action or a query leaves the state as it was
    requests = []
    for c in cases:
        for i in range(len(c.states)):
            requests.append((c, i, c.request(i), "query" if "query" in c.s["steps"][i] else "apply"))
    return requests


# ---------------------------------------------------------------- answers


def check_session(schemas, t, label, command, requests):
    answers, status, err = run_session(command, [line for _, _, line, _ in requests])
    t.check(status == 0, f"{label}: exits with status 0 after bye", [f"exit status {status}; stderr: {shorten(err)}"])
    t.check(len(answers) == len(requests) + 1, f"{label}: one answer line per request",
            [f"{len(answers)} answer lines for hello + {len(requests)} requests"])
    if not answers:
        return
    try:
        hello = json.loads(answers[0])
        problems = schemas.errors("hello-answer", hello)
    except ValueError as e:
        problems = [f"not JSON: {e}"]
    t.check(not problems, f"{label}: hello answer", problems)
    kinds = {}
    for (case, i, _, op), answer in zip(requests, answers[1:]):
        what = f"{label}: answer to {case.path.name} step {i}"
        try:
            a = json.loads(answer)
        except ValueError as e:
            t.check(False, what, [f"not JSON: {e}: {shorten(answer)}"])
            continue
        problems = schemas.errors("answer", a)
        want_id = f"{case.k}.{i}"
        if isinstance(a, dict) and a.get("id") != want_id:
            problems.append(f"/id: {a.get('id')!r}, but the request answered here is {want_id!r} (request order)")
        is_query = op == "query"
        if isinstance(a, dict) and (("result" in a and not is_query) or ("legal" in a and is_query)):
            problems.append(f"(top): a {'query' if is_query else 'apply'} answered with "
                            f"{'legal' if 'legal' in a else 'result'}")
        t.check(not problems, what, problems)
        if isinstance(a, dict):
            kind = next((k for k in ("legal", "result", "unsupported", "error") if k in a), "?")
            kind = {"legal": "legal" if a.get("legal") is True else "illegal"}.get(kind, kind)
            kinds[kind] = kinds.get(kind, 0) + 1
    print(f"{label}: {len(answers) - 1} answers: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))


# ---------------------------------------------------------------- self-tests


def self_tests(schemas, t, sample_apply, sample_query):
    good_state = sample_apply["state"]
    good_answers = [
        {"id": "1.0", "legal": True, "state": good_state},
        {"id": "1.0", "legal": False, "rule": "messina.consumption.when"},
        {"id": "1.0", "legal": False, "rule": "messina.consumption.when", "reason": "round 3 is odd"},
        {"id": "1.0", "result": None},
        {"id": "1.0", "result": ["A1", "H1"]},
        {"id": "1.0", "unsupported": "query type 'tie-break'"},
        {"id": "1.0", "error": "/state/round: missing"},
        {"id": None, "error": "not a JSON object"},
    ]
    bad_answers = {
        "no id": {"legal": False, "rule": "messina.consumption.when"},
        "a numeric id": {"id": 1, "legal": False, "rule": "messina.consumption.when"},
        "legal not a boolean": {"id": "1.0", "legal": "false", "rule": "messina.consumption.when"},
        "legal false without rule": {"id": "1.0", "legal": False},
        "rule not a string": {"id": "1.0", "legal": False, "rule": 7},
        "legal true without state": {"id": "1.0", "legal": True},
        "legal true with a state that is not an object": {"id": "1.0", "legal": True, "state": "same"},
        "legal true with a rule": {"id": "1.0", "legal": True, "state": good_state, "rule": "messina.consumption.when"},
        "result and legal at once": {"id": "1.0", "legal": False, "rule": "messina.consumption.when", "result": True},
        "result and unsupported at once": {"id": "1.0", "result": True, "unsupported": "no"},
        "error and legal at once": {"id": "1.0", "error": "oops", "legal": True, "state": good_state},
        "an unknown extra field": {"id": "1.0", "result": True, "elapsed_ms": 3},
        "reason not a string": {"id": "1.0", "result": True, "reason": ["x"]},
        "unsupported not a string": {"id": "1.0", "unsupported": True},
        "only an id": {"id": "1.0"},
        "not an object": ["1.0", True],
    }
    for i, a in enumerate(good_answers):
        problems = schemas.errors("answer", a)
        t.check(not problems, f"self-test: answer.schema.json accepts good answer {i} {shorten(dumps(a), 80)}", problems)
    for why, a in bad_answers.items():
        t.check(bool(schemas.errors("answer", a)), f"self-test: answer.schema.json rejects an answer with {why}",
                ["accepted: " + shorten(dumps(a), 200)])

    hello = {"name": "x", "version": "1", "games": ["messina"], "interpretations": {"messina.card-hostility": "held"}}
    t.check(not schemas.errors("hello-answer", hello), "self-test: hello-answer.schema.json accepts a good hello",
            schemas.errors("hello-answer", hello))
    bad_hellos = {
        "no name": {k: v for k, v in hello.items() if k != "name"},
        "no games": {k: v for k, v in hello.items() if k != "games"},
        "an unknown game": dict(hello, games=["chess"]),
        "a reading that is not a string": dict(hello, interpretations={"messina.card-hostility": 1}),
        "a misspelt field": {**{k: v for k, v in hello.items() if k != "interpretations"},
                             "interpretation": hello["interpretations"]},
    }
    for why, h in bad_hellos.items():
        t.check(bool(schemas.errors("hello-answer", h)), f"self-test: hello-answer.schema.json rejects {why}",
                ["accepted: " + shorten(dumps(h), 200)])

    good_requests = [{"op": "hello", "protocol": 1}, {"op": "bye"}, sample_apply, sample_query]
    for r in good_requests:
        problems = schemas.errors("request", r)
        t.check(not problems, f"self-test: request.schema.json accepts a {r['op']} request", problems)
    other_game = "scythe" if sample_apply["game"] == "messina" else "messina"
    bad_requests = {
        "hello for protocol 2": {"op": "hello", "protocol": 2},
        "an unknown op": {"op": "undo", "id": "1.0"},
        "no op": {k: v for k, v in sample_apply.items() if k != "op"},
        "an apply without a state": {k: v for k, v in sample_apply.items() if k != "state"},
        "an apply without its ruleset": {k: v for k, v in sample_apply.items() if k != "ruleset"},
        "an apply carrying a query": {**{k: v for k, v in sample_apply.items() if k != "action"},
                                      "query": sample_query["query"]},
        "an apply with an extra field": dict(sample_apply, seed=1),
        "an apply whose state belongs to the other game": dict(sample_apply, game=other_game),
        "an apply with a numeric id": dict(sample_apply, id=1),
        "an apply with an unknown action type": dict(sample_apply, action={"type": "teleport"}),
        "a query with an op of apply": dict(sample_query, op="apply"),
        "a bye with an id": {"op": "bye", "id": "1"},
    }
    for why, r in bad_requests.items():
        t.check(bool(schemas.errors("request", r)), f"self-test: request.schema.json rejects {why}",
                ["accepted: " + shorten(dumps(r), 200)])


# ---------------------------------------------------------------- main


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, root = Path(argv[1]).resolve(), Path(argv[2]).resolve()
    t = Tally()
    schemas = Schemas(root)

    # (a) the schemas themselves
    check_schemas(schemas, t)

    # (b) real requests
    games = {g: GameData(root, g) for g in ("messina", "scythe")}
    cases = []
    for path in scenario_files(root):
        try:
            s = load_json(path)
            cases.append(Case(len(cases), path.relative_to(root), s, games[s["game"]]))
        except (OSError, ValueError, KeyError, TypeError) as e:
            t.check(False, f"{path.relative_to(root)}", [f"cannot build its requests: {e}"])
    serve = [str(binary), "--rules", str(root / "rules"), "serve"]
    requests = build_requests(cases, serve, t) if cases else []
    sampled_games = {c.s["game"] for c in cases}
    queries = sum(1 for r in requests if r[3] == "query")
    t.check(len(cases) >= 40 and sampled_games == set(games) and 0 < queries < len(requests),
            "the sample: at least 40 scenario files, both games, actions and queries",
            [f"{len(cases)} files, games {sorted(sampled_games)}, {queries} queries of {len(requests)} requests"])
    print(f"{len(cases)} scenario files, {len(requests)} requests ({queries} queries)")
    for case, i, line, _ in requests:
        t.check(not (p := schemas.errors("request", json.loads(line))), f"request for {case.path} step {i}", p)

    # (c) real answers: the oracle and the example engine
    check_session(schemas, t, "rulecheck serve", serve, requests)
    check_session(schemas, t, "faithful.py", [sys.executable, str(root / "examples" / "engines" / "faithful.py")],
                  requests)

    # (d) the schemas reject what they must
    sample_apply = next(json.loads(r[2]) for r in requests if r[3] == "apply")
    sample_query = next(json.loads(r[2]) for r in requests if r[3] == "query")
    self_tests(schemas, t, sample_apply, sample_query)

    print(f"{t.passed} passed, {t.failed} failed")
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
