#!/usr/bin/env python3
"""Seeded bug: the consumption cost is rounded down (7 tokens cost 3 F and 3 W, not 4).

Breaks messina.consumption.cost ("odd counts rounded up").
"""
from faithful import Engine, Messina, main


class RoundCostDown(Messina):
    def consumption_cost(self, population):
        return population // self.number("tokens_per_food_and_water")


if __name__ == "__main__":
    main(Engine(name="bug-round-cost-down: consumption cost rounded down instead of up",
                messina=RoundCostDown))
