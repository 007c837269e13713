"""Messina, Consumption Phase (mirrors oracle/messina/consumption.cpp): messina.consumption.*
(when, cost, shortfall and its steps 1-3, excess, plentiful-spent, recovery),
messina.consumption-bill and messina.step3-card-units.
"""

from ..common import Illegal, require


class Consumption:
    def is_consumption_round(self):
        """messina.consumption.when"""
        return self.s["round"] % 2 == self.number("round_parity_consumption") % 2

    def is_consumption_moment(self):
        """messina.consumption.when: at the end of the round; a phase naming another moment (an
        Action, a Mil Ops Phase, a battle, ...) is not that."""
        return self.s.get("phase") in (None, "consumption")

    def consumption_cost(self, population):
        """messina.consumption.cost: 1 F and 1 W per 2 tokens, odd counts rounded up."""
        per = self.number("tokens_per_food_and_water")
        return -(-population // per)

    def fully_fed(self, cost, food, water):
        return food >= cost and water >= cost

    def fed_tokens(self, population, food, water):
        """messina.consumption.shortfall: the scarcer resource sets how many are fed."""
        per = self.number("tokens_per_food_and_water")
        return min(per * food, per * water, population)

    def resources_spent(self, cost, food, water):
        """messina.consumption.plentiful-spent: each resource is spent until it runs out or meets
        demand."""
        return min(food, cost), min(water, cost)

    def shortfall_steps(self, disaffected, spare, located, shortfall):
        """messina.consumption.shortfall.step1-3 and .excess.  Returns how many Disaffected die,
        how many Spare and how many Located become Disaffected."""
        die = min(shortfall, disaffected)                 # step 1
        rest = shortfall - die
        spare_to_dis = min(rest, spare)                   # step 2
        rest -= spare_to_dis
        located_to_dis = min(rest, located)               # step 3
        # messina.consumption.shortfall.excess: what is left is not paid.
        return {"die": die, "spare_to_disaffected": spare_to_dis,
                "located_to_disaffected": located_to_dis}

    def step3_reaches_cards(self):
        """messina.step3-card-units: may step 3 take units off Location Cards (any facing)?"""
        return self.reading("messina.step3-card-units") == "map-and-cards"

    def step3_reach(self, fid, located):
        """The Located tokens step 3 can move: all, or under "map-only" those not backing units on
        the faction's cards."""
        if self.step3_reaches_cards():
            return located
        on_cards = sum(self.unit_tokens(fid, unit) * n
                       for card in self.cards.values() if card.get("holder") == fid
                       for unit, n in (card.get("units") or {}).items())
        return located - on_cards

    def recovered(self, started_disaffected, fully_fed):
        """messina.consumption.recovery: after a full feeding, one Disaffected goes to Spare if the
        faction started with any; never after a shortfall."""
        if not fully_fed or started_disaffected < 1:
            return 0
        return min(self.number("disaffected_recovered_after_full_feeding"), started_disaffected)

    def act_consume(self, a):
        fid = self.faction_id(a, "/action")
        require(self.is_consumption_round(), "messina.consumption.when")
        require(self.is_consumption_moment(), "messina.consumption.when")
        pop = self.population(fid)
        res = self.resources(fid)
        dis, spare, loc = pop.get("disaffected", 0), pop.get("spare", 0), pop.get("located", 0)
        food, water = res.get("food", 0), res.get("water", 0)
        started = dis
        # Who is on the bill: everyone, or (one reading) all but the Disaffected.
        total = dis + spare + loc
        if self.reading("messina.consumption-bill") == "excluding-disaffected":
            total = spare + loc
        cost = self.consumption_cost(total)
        removals = self.parse_removals(fid, a.get("disband") or [], "/action/disband",
                                       "messina.consumption.shortfall.step3", backed_only=True)
        if not self.step3_reaches_cards() and any(n > 0 and place[0] == "card"
                                                  for (place, _), n in removals.items()):
            raise Illegal("messina.consumption.shortfall.step3")
        if self.fully_fed(cost, food, water):
            require(self.removal_tokens(fid, removals) == 0, "messina.consumption.shortfall.step3")
            res["food"] = food - cost
            res["water"] = water - cost
            back = self.recovered(dis, True)
            pop["disaffected"] = dis - back
            pop["spare"] = spare + back
            return
        shortfall = total - self.fed_tokens(total, food, water)
        food_spent, water_spent = self.resources_spent(cost, food, water)
        steps = self.shortfall_steps(dis, spare, self.step3_reach(fid, loc), shortfall)
        require(self.removal_tokens(fid, removals) == steps["located_to_disaffected"],
                "messina.consumption.shortfall.step3")
        res["food"] = food - food_spent
        res["water"] = water - water_spent
        self.factions[fid]["dead"] = self.factions[fid].get("dead", 0) + steps["die"]
        dis = dis - steps["die"] + steps["spare_to_disaffected"] + steps["located_to_disaffected"]
        spare -= steps["spare_to_disaffected"]
        loc -= steps["located_to_disaffected"]
        self.remove_units(fid, removals)
        back = min(self.recovered(started, False), dis)
        pop["disaffected"] = dis - back
        pop["spare"] = spare + back
        pop["located"] = loc
