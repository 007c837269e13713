#!/usr/bin/env python3
"""The faithful example engine with hello declarations (docs/engine-protocol.md "Declarations"), for
tests/test_i34_protocol.py. The declarations are given as JSON in $DECLARING_HELLO (merged into the
hello answer as they are, malformed ones too); the mode in $DECLARING_MODE:

  first-path      a move's destination ("to") is reached by the first shortest path in the order of
                  the adjacency lists, whatever the rules say of it (an engine whose path finder does
                  not look at the rules)
  teleport        every unit move is legal: the unit (and what it carries) is put on its destination
  wrong-held-by   answers as the faithful engine does, but names the wrong holder of every shared
                  territory (held_by: another faction there)
  wrong-ids       echoes the unit ids it was given ("unit_ids" of the state), every mech's as a worker's
  own-ids         echoes ids of its own spelling ("x1", "x2", ...) in place of those it was given
  refuse:RULE     every move is illegal, by the clause RULE
  (none)          the faithful engine
"""
import json
import os
import sys
from collections import deque

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
from faithful import Engine, main  # noqa: E402

MODE = os.environ.get("DECLARING_MODE", "")
DECLARED = json.loads(os.environ.get("DECLARING_HELLO", "{}"))


def first_path(territories, start, to):
    seen, queue = {start: None}, deque([start])
    while queue:
        at = queue.popleft()
        for n in territories[at].get("adjacent", []):
            if n not in seen:
                seen[n] = at
                queue.append(n)
    path, at = [], to
    while at is not None and at != start and at in seen:
        path.insert(0, at)
        at = seen[at]
    return path


def teleport(state, action):
    for m in action["moves"]:
        for kind, n in [(m["unit"], 1)] + list((m.get("carry") or {}).items()):
            units = state["territories"][m["from"]]["units"][action["faction"]]
            units[kind] -= n
            there = state["territories"][m["to"]].setdefault("units", {}).setdefault(action["faction"], {})
            there[kind] = there.get(kind, 0) + n
    return state


def echoed(ids):
    if MODE == "wrong-ids":
        for factions in ids.values():
            for kinds in factions.values():
                if "mech" in kinds:
                    kinds["worker"] = kinds.get("worker", []) + kinds.pop("mech")
    if MODE == "own-ids":
        n = iter(range(1, 1000))
        ids = {p: {f: {k: [f"x{next(n)}" for _ in v] for k, v in ks.items()} for f, ks in fs.items()} for p, fs in ids.items()}
    return ids


class Declaring(Engine):
    def hello(self):
        return {**super().hello(), **DECLARED}

    def handle(self, req):
        action = req.get("action") or {}
        if req.get("op") == "apply" and action.get("type") == "move":
            if MODE.startswith("refuse:"):
                return {"id": req["id"], "legal": False, "rule": MODE.split(":", 1)[1]}
            if MODE == "teleport":
                return {"id": req["id"], "legal": True, "state": teleport(req["state"], action)}
            for m in action["moves"]:
                if "to" in m:
                    m["path"] = first_path(req["state"]["territories"], m["from"], m.pop("to"))
        ids = (req.get("state") or {}).pop("unit_ids", None)
        answer = super().handle(req)
        if ids is not None and isinstance(answer, dict) and answer.get("legal"):
            answer["state"]["unit_ids"] = echoed(ids)
        if MODE == "wrong-held-by" and isinstance(answer, dict) and answer.get("legal"):
            for t in answer["state"]["territories"].values():
                if "held_by" in t:
                    t["held_by"] = sorted(set(t["units"]) - {t["held_by"]})[0]
        return answer


if __name__ == "__main__":
    main(Declaring(name="declaring-" + (MODE or "faithful")))
