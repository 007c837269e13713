#!/usr/bin/env python3
"""The faithful example engine with a different hello or different rule codes, for rulecheck's
tests of interpretation readings and rule-code mapping.

Usage: variant.py [--reading POINT=READING]... [--own-codes] [--only TYPE]... [--hang-on TYPE]
  --reading    declare this reading in hello (the engine follows whatever reading each request
               names, so declaring it is what makes rulecheck send it)
  --own-codes  answer illegal actions with the engine's own codes: "E-" + the clause id upper-cased
               with dots as dashes (e.g. E-MESSINA-CONSUMPTION-WHEN)
  --only       answer only actions and queries of this "type" (repeatable); the others get
               "unsupported" (a partial engine)
  --hang-on    never answer a request of this "type" (a hanging engine)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
import faithful  # noqa: E402

readings, own_codes, only, hang_on = {}, False, set(), set()
args = sys.argv[1:]
while args:
    a = args.pop(0)
    if a == "--reading":
        point, reading = args.pop(0).split("=", 1)
        readings[point] = reading
    elif a == "--own-codes":
        own_codes = True
    elif a == "--only":
        only.add(args.pop(0))
    elif a == "--hang-on":
        hang_on.add(args.pop(0))


class Variant(faithful.Engine):
    def hello(self):
        h = super().hello()
        h["name"] = "variant" + "".join(f" {p}={r}" for p, r in readings.items()) + (" own-codes" if own_codes else "") + \
            "".join(f" only-{t}" for t in sorted(only)) + "".join(f" hang-on-{t}" for t in sorted(hang_on))
        h["interpretations"].update(readings)
        return h

    def handle(self, req):
        step = req.get("action") or req.get("query") or {}
        kind = step.get("type") if isinstance(step, dict) else None
        if kind in hang_on:
            import time
            time.sleep(3600)
        if only and req.get("op") in ("apply", "query") and kind not in only:
            return {"id": req.get("id"), "unsupported": f"{kind} is not implemented here"}
        answer = super().handle(req)
        if own_codes and isinstance(answer, dict) and answer.get("legal") is False:
            answer["rule"] = "E-" + answer["rule"].upper().replace(".", "-")
        return answer


faithful.main(Variant())
