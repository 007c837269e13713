#!/usr/bin/env python3
"""Seeded bug: the shortfall steps run in the wrong order: Spare tokens are made Disaffected
first and step 1 then kills from all the Disaffected, the newly made ones included.

Breaks messina.consumption.shortfall.step1 (Disaffected die first) and, through it,
messina.consumption.shortfall.excess (no token goes from fed to dead in one phase).
"""
from faithful import Engine, Messina, main


class WellFedDie(Messina):
    def shortfall_steps(self, disaffected, spare, located, shortfall):
        spare_to_dis = min(shortfall, spare)               # "step 2" first
        die = min(shortfall, disaffected + spare_to_dis)   # then step 1 kills the new ones too
        rest = max(0, shortfall - die - spare_to_dis)
        return {"die": die, "spare_to_disaffected": spare_to_dis,
                "located_to_disaffected": min(rest, located)}


if __name__ == "__main__":
    main(Engine(name="bug-well-fed-die: step 1 kills the Disaffected that step 2 just created",
                messina=WellFedDie))
