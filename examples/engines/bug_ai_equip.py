#!/usr/bin/env python3
"""Seeded bug: the AI faction may equip its Civilians as Infantry in a Muster.

Breaks messina.muster.equip.ai.
"""
from faithful import Engine, Messina, main


class AiEquip(Messina):
    def may_equip(self, fid):
        return True  # the bug: no exception for the AI faction


if __name__ == "__main__":
    main(Engine(name="bug-ai-equip: the AI faction may equip Civilians", messina=AiEquip))
