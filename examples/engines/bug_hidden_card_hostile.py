#!/usr/bin/env python3
"""Seeded bug: a hidden (face-down) Location Card held by an opposing faction makes its space
hostile even under the exposed-only reading (the engine still declares exposed-only).

Breaks messina.cards.exposed.hostility (reading exposed-only of messina.card-hostility).
"""
from faithful import Engine, Messina, main


class HiddenCardHostile(Messina):
    def card_makes_hostile(self, card):
        return True  # the bug: facing ignored


if __name__ == "__main__":
    main(Engine(name="bug-hidden-card-hostile: a hidden card makes its space hostile",
                messina=HiddenCardHostile, declares={"messina.card-hostility": ["exposed-only"]}))
