#!/usr/bin/env python3
"""Seeded bug: the AI faction's exemption is forgotten when it musters: its Infantry, Bombers and
Fighters take a Spare token each (and become Located), as a human faction's would.

Breaks messina.muster.population (and messina.population.backing: the AI backs only Civilians).
"""
from faithful import Engine, Messina, main


class AiBacksMilitary(Messina):
    def build_takes_token(self, fid, unit):
        return self.number("units")[unit].get("population", 0)  # the bug: no AI exemption


if __name__ == "__main__":
    main(Engine(name="bug-ai-backs-military: AI infantry/bombers/fighters take Spare tokens",
                messina=AiBacksMilitary))
