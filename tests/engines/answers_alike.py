#!/usr/bin/env python3
"""An engine that answers every request of one kind the same way, whatever the rules say: the test
target of tests/test_i34_causes.py (signatures, glitches).

Usage: answers_alike.py MODE
  accept       every action is legal and changes nothing; every query's result is null
  refuse       every action is illegal by scythe.move.path (or messina.consumption.when); queries null
  unsupported  every request is answered "unsupported", with one reason
"""
import json
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "accept"


def answer(request):
    op = request.get("op")
    if op == "hello":
        return {"name": f"answers-alike-{MODE}", "version": "1", "games": ["messina", "scythe"], "interpretations": {}}
    rid = request.get("id")
    if op not in ("apply", "query"):
        return {"id": rid, "error": f"unknown op {op!r}"}
    if MODE == "unsupported":
        return {"id": rid, "unsupported": "this engine plays nothing yet"}
    if op == "query":
        return {"id": rid, "result": None}
    if MODE == "refuse":
        rule = "scythe.move.path" if request.get("game") == "scythe" else "messina.consumption.when"
        return {"id": rid, "legal": False, "rule": rule}
    return {"id": rid, "legal": True, "state": request.get("state")}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("op") == "bye":
            return
        print(json.dumps(answer(request)), flush=True)


if __name__ == "__main__":
    main()
