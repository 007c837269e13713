#!/usr/bin/env python3
"""Seeded bug: step 3 of a Consumption shortfall may disband units from another faction's
Location Card (and so may a Muster's disband).

Breaks messina.consumption.shortfall.step3: the units on a card are its holder's, so a faction's
shortfall never removes them.
"""
from faithful import Engine, Messina, main


class Step3OtherCard(Messina):
    def may_remove_from_card(self, fid, card):
        return True  # the bug: any card's units, whoever holds it


if __name__ == "__main__":
    main(Engine(name="bug-step3-other-card: step 3 disbands units from another faction's card", messina=Step3OtherCard))
