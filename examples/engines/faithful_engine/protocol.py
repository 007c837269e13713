"""The engine protocol (version 1, docs/engine-protocol.md): hello, the request loop, Engine, main.

Each apply or query request builds one rules object (`Messina` or `Scythe`, or the variant the
Engine was given) around the request's state, ruleset and readings, and answers with the state,
the broken clause id, the query's result, `unsupported` or `error`.
"""

import json
import sys
import traceback

from .common import (DEFAULT_READINGS, KNOWN_READINGS, BadRequest, Illegal, Unsupported, dumps,
                     field)
from .messina import Messina
from .scythe import Scythe

PROTOCOL = 1
ENGINE_VERSION = "1"


class Engine:
    """Serves the engine protocol over stdin/stdout with the given rule classes."""

    def __init__(self, name="faithful-python", version=ENGINE_VERSION, messina=Messina,
                 scythe=Scythe, declares=None):
        self.name = name
        self.version = version
        self.games = {"messina": messina, "scythe": scythe}
        self.declares = declares or {}  # point -> the only readings declared for it (an engine that has fewer)

    def hello(self):
        # Every reading of every point is implemented: declare them all, the default first, so
        # rulecheck runs each scenario under the reading it was written for.
        readings = {point: self.declares.get(point, [default] + sorted(KNOWN_READINGS[point] - {default}))
                    for point, default in DEFAULT_READINGS.items()}
        return {"name": self.name, "version": self.version, "games": sorted(self.games),
                "interpretations": readings}

    def handle(self, req):
        """One request -> one answer (a dict), or None for bye."""
        op = req.get("op")
        if op == "hello":
            return self.hello()
        rid = req.get("id")
        try:
            if op not in ("apply", "query"):
                raise Unsupported(f"op {op!r}")
            if "id" not in req:
                raise BadRequest("/id: missing")
            game = field(req, "game", "")
            cls = self.games.get(game)
            if cls is None:
                raise Unsupported(f"game {game!r}")
            rules = cls(field(req, "state", ""), field(req, "ruleset", ""),
                        field(req, "interpretations", ""))
            if op == "apply":
                state = rules.apply(field(req, "action", ""))
                return {"id": rid, "legal": True, "state": state}
            return {"id": rid, "result": rules.query(field(req, "query", ""))}
        except Illegal as e:
            return {"id": rid, "legal": False, "rule": e.rule}
        except Unsupported as e:
            return {"id": rid, "unsupported": str(e)}
        except BadRequest as e:
            return {"id": rid, "error": str(e)}
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            traceback.print_exc(file=sys.stderr)
            return {"id": rid, "error": f"malformed request: {type(e).__name__}: {e}"}

    def serve(self, inp=None, out=None):
        inp = inp or sys.stdin
        out = out or sys.stdout
        while True:
            line = inp.readline()
            if not line:
                return 0
            line = line.strip()
            if not line:
                continue
            try:
                req = json.loads(line)
                if not isinstance(req, dict):
                    raise ValueError("a request must be a JSON object")
            except ValueError as e:
                answer = {"id": None, "error": f"not a JSON object: {e}"}
            else:
                if req.get("op") == "bye":
                    return 0
                answer = self.handle(req)
            out.write(dumps(answer) + "\n")
            out.flush()


def main(engine=None):
    sys.exit((engine or Engine()).serve())


if __name__ == "__main__":
    main()
