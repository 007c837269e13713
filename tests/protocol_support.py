"""What the protocol tests share (test_protocol.py, test_protocol_schemas.py): the schemas of
protocol/schema/ read from disk, the request lines built from the scenario files as harness/cross_check.cpp
builds them, and the module fixtures over them (imported by each test file)."""
import copy
import functools
import json
import subprocess
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
