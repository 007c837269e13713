#!/usr/bin/env python3
"""The faithful example engine with one known deviation, as a real engine has: rulecheck's test of
`--known` (fuzz --keep-going and run) on an engine it did not write.

The deviation (always): a mech told to carry more workers than stand with it carries those there
are, silently, instead of the move being illegal (scythe.move.unit-present): the carry count is
clamped, as the Scythe engine of issue 20 did.

Usage: one_deviation.py [--second]
  --second  also seed a second, new deviation: the Consumption cost rounded down instead of up
            (messina.consumption.cost: 7 tokens cost 3 F and 3 W, not 4)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
from faithful import Engine, Messina, Scythe, main  # noqa: E402
from faithful_engine.common import get_count  # noqa: E402

second = "--second" in sys.argv[1:]


class ClampedCarry(Scythe):
    def act_move(self, a):
        # The deviation: each carry is cut down to the workers the mech's territory holds.
        for m in a.get("moves") or []:
            if not isinstance(m, dict) or m.get("unit") != "mech" or not isinstance(m.get("carry"), dict):
                continue
            wanted = m["carry"].get("worker")
            start = m.get("from")
            if isinstance(wanted, int) and isinstance(start, str) and start in self.territories:
                there = get_count(self.units_at(start, a.get("faction")), "worker")
                m["carry"]["worker"] = min(wanted, there)
        return super().act_move(a)


class RoundCostDown(Messina):
    def consumption_cost(self, population):
        return population // self.number("tokens_per_food_and_water")


if __name__ == "__main__":
    main(Engine(name="one-deviation: mech carry clamped" + (" + consumption cost rounded down" if second else ""),
                scythe=ClampedCarry, messina=RoundCostDown if second else Messina,
                # Like many real engines, it implements only the default reading of messina.build-disband.
                declares={"messina.build-disband": ["builds-and-equip"]}))
