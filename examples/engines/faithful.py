#!/usr/bin/env python3
"""faithful.py: an example engine under test for rulecheck, written from the rule texts.

It speaks the engine protocol (version 1): one JSON object per line on stdin, one JSON answer per
line on stdout, in request order.  It plays Messina (population, consumption, muster, Location
Cards, Friendly Area) and Scythe (movement).

Every rule decision is one small named method of the class `Messina` or `Scythe`, so a variant
engine can subclass one of them, override a single method to carry one rule bug, and serve the
subclass with `Engine(...)` (see the bug_*.py files next to this one).

Python 3.11, standard library only.
"""

import json
import sys
import traceback

PROTOCOL = 1
ENGINE_VERSION = "1"

# The default reading of every interpretation point (rules/<game>/interpretations.json).  Every
# other listed reading is implemented too: hello declares them all, the default first, and each
# request's "interpretations" says which one to follow.
DEFAULT_READINGS = {
    "messina.card-hostility": "exposed-only",
    "messina.friendly-area-extent": "friendly-component",
    "messina.home-space-anchor": "always",
    "messina.civilian-stacking": "applies",
    "messina.stacking-scope": "all-factions",
    "messina.hostile-workers": "units-include-workers",
    "scythe.vacated-workers": "any-unit",
    "messina.shield-high-tech": "units-only",
    "scythe.stop-path": "must-end",
    "messina.consumption-bill": "all-tokens",
}

KNOWN_READINGS = {
    "messina.card-hostility": {"exposed-only", "held"},
    "messina.friendly-area-extent": {"friendly-component", "with-frontier"},
    "messina.home-space-anchor": {"always", "if-friendly"},
    "messina.civilian-stacking": {"applies", "muster-phase-only"},
    "messina.stacking-scope": {"all-factions", "per-faction"},
    "messina.hostile-workers": {"units-include-workers", "military-units-only"},
    "scythe.vacated-workers": {"any-unit", "no-workers"},
    "messina.shield-high-tech": {"units-only", "shields-too"},
    "scythe.stop-path": {"must-end", "truncate"},
    "messina.consumption-bill": {"all-tokens", "excluding-disaffected"},
}


# --------------------------------------------------------------------------------------------
# Outcomes and small helpers
# --------------------------------------------------------------------------------------------

class Illegal(Exception):
    """The action breaks a rule; `rule` is the clause id that forbids it."""

    def __init__(self, rule):
        super().__init__(rule)
        self.rule = rule


class BadRequest(Exception):
    """The request (or its state) is malformed: answered with {"error": ...}."""


class Unsupported(Exception):
    """Something this engine does not implement: answered with {"unsupported": ...}."""


def require(condition, rule):
    if not condition:
        raise Illegal(rule)


def field(obj, key, where):
    """obj[key], or a BadRequest naming the JSON pointer of the missing field."""
    if not isinstance(obj, dict):
        raise BadRequest(f"{where}: expected an object")
    if key not in obj:
        raise BadRequest(f"{where}/{key}: missing")
    return obj[key]


def count_of(entry, where):
    """The `count` of an entry (default 1), a non-negative integer."""
    n = entry.get("count", 1)
    if type(n) is not int or n < 0:
        raise BadRequest(f"{where}/count: must be a non-negative integer")
    return n


def get_count(counts, key):
    if not counts:
        return 0
    return counts.get(key, 0)


def add_count(counts, key, n):
    counts[key] = counts.get(key, 0) + n


def _prune(value):
    """Canonical form in place: drop zero counts and empty objects/lists.  Returns the value."""
    if isinstance(value, dict):
        for k in list(value):
            v = _prune(value[k])
            if (type(v) is int and v == 0) or (isinstance(v, (dict, list)) and not v):
                del value[k]
    elif isinstance(value, list):
        for i, v in enumerate(value):
            value[i] = _prune(v)
    return value


# Top-level maps whose members are kept even when empty (a space is declared by its key).
KEEP_MEMBERS = ("spaces", "territories", "factions", "cards")


def canonical_state(state):
    for k in list(state):
        v = state[k]
        if k in KEEP_MEMBERS and isinstance(v, dict):
            for member in v.values():
                _prune(member)
            if not v:
                del state[k]
        else:
            v = _prune(v)
            if (type(v) is int and v == 0) or (isinstance(v, (dict, list)) and not v):
                del state[k]
    return state


def dumps(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


class Rules:
    """What both games share: the request's state, ruleset and interpretation readings."""

    GAME = None

    def __init__(self, state, ruleset, interpretations):
        if not isinstance(state, dict):
            raise BadRequest("/state: expected an object")
        if not isinstance(ruleset, dict):
            raise BadRequest("/ruleset: expected an object")
        if not isinstance(interpretations, dict):
            raise BadRequest("/interpretations: expected an object")
        self.s = state
        self.rs = ruleset
        self.interp = interpretations

    def reading(self, point):
        r = self.interp.get(point, DEFAULT_READINGS[point])
        if r not in KNOWN_READINGS[point]:
            raise Unsupported(f"reading {r!r} of interpretation point {point}")
        return r

    def number(self, key):
        if key not in self.rs:
            raise BadRequest(f"/ruleset/{key}: missing")
        return self.rs[key]

    # Dispatch: action "type" -> method act_<type>, query "type" -> method ask_<type>.
    # The state is the request's own freshly parsed object, so it is the working copy: apply
    # checks and changes it in place (no copy at all) and returns it in canonical form.  An
    # illegal action may leave it half-changed, which is harmless: only the clause is answered.
    def apply(self, action):
        kind = field(action, "type", "/action")
        method = getattr(self, "act_" + str(kind).replace("-", "_"), None)
        if method is None:
            raise Unsupported(f"{self.GAME} action type {kind!r}")
        self.validate()
        method(action)
        return canonical_state(self.s)

    def query(self, query):
        kind = field(query, "type", "/query")
        method = getattr(self, "ask_" + str(kind).replace("-", "_"), None)
        if method is None:
            raise Unsupported(f"{self.GAME} query type {kind!r}")
        self.validate()
        return method(query)

    def validate(self):
        pass


# --------------------------------------------------------------------------------------------
# Messina
# --------------------------------------------------------------------------------------------

MESSINA_ACTIVITIES = ("muster", "build", "workers", "civilians", "military")
MUST_EXPOSE_SITUATIONS = ("utility-build", "muster-on-map", "muster-onto-card", "connect",
                          "obstruction", "march", "demolition", "military-effect", "battle",
                          "no-response")


class Messina(Rules):
    GAME = "messina"

    # ---------------- state access ----------------

    @property
    def factions(self):
        return self.s["factions"]

    @property
    def spaces(self):
        return self.s["spaces"]

    @property
    def cards(self):
        return self.s.get("cards") or {}

    def faction_id(self, obj, where, key="faction"):
        fid = field(obj, key, where)
        if fid not in self.factions:
            raise BadRequest(f"{where}/{key}: unknown faction {fid!r}")
        return fid

    def space_id(self, obj, where, key="at"):
        sid = field(obj, key, where)
        if sid not in self.spaces:
            raise BadRequest(f"{where}/{key}: unknown space {sid!r}")
        return sid

    def card_id(self, obj, where, key="card"):
        cid = field(obj, key, where)
        if cid not in self.cards:
            raise BadRequest(f"{where}/{key}: unknown card {cid!r}")
        return cid

    def is_ai(self, fid):
        return self.factions[fid].get("kind") == "ai"

    def population(self, fid):
        return self.factions[fid].setdefault("population", {})

    def resources(self, fid):
        return self.factions[fid].setdefault("resources", {})

    def units_at(self, sid, fid):
        """The faction's map units in a space (a dict, possibly empty; not created)."""
        return (self.spaces[sid].get("units") or {}).get(fid) or {}

    def units_at_for_change(self, sid, fid):
        return self.spaces[sid].setdefault("units", {}).setdefault(fid, {})

    def workers_at(self, sid, fid):
        return sum(u.get("workers", 0) for u in self.spaces[sid].get("utilities") or []
                   if u.get("owner") == fid)

    def own_utilities(self, sid, fid):
        return [u for u in self.spaces[sid].get("utilities") or [] if u.get("owner") == fid]

    def card_at(self, sid):
        return self.cards.get(sid)

    def home_spaces(self, fid):
        return self.factions[fid].get("home") or []

    # ---------------- population: which units are backed ----------------

    def is_backed(self, fid, unit):
        """messina.population.backing: human factions back C, I, B, F (units with population);
        the AI faction backs only its Civilians; workers are always backed; mechs never."""
        if unit == "worker":
            return True
        if self.is_ai(fid):
            return unit in self.number("ai_backed_units")
        return self.number("units")[unit].get("population", 0) > 0

    def unit_tokens(self, fid, unit):
        """Population tokens one unit of this kind takes from the faction (0 if not backed)."""
        if not self.is_backed(fid, unit):
            return 0
        if unit == "worker":
            return 1
        return self.number("units")[unit].get("population", 1)

    def build_takes_token(self, fid, unit):
        """messina.muster.population: tokens one built unit takes from Spare."""
        return self.unit_tokens(fid, unit)

    # ---------------- the Friendly Area ----------------

    def consents(self, giver, receiver, activity):
        """messina.friendly.consent: does `giver` consent to `receiver` for this activity?"""
        given = (self.factions[giver].get("consents") or {}).get(receiver) or []
        return activity in given

    def counts_as_friendly(self, fid, other, purpose):
        """Whose presence makes a space friendly to fid for a purpose: itself or a consenting ally."""
        return other == fid or self.consents(other, fid, purpose)

    def has_presence(self, sid, other, ignore_card=False):
        """Units (map units or workers), a Utility, a Shield of `other` in the space, or `other`
        holds the space's Location Card (messina.friendly.space)."""
        space = self.spaces[sid]
        if any(n > 0 for n in self.units_at(sid, other).values()):
            return True
        if any(u.get("owner") == other for u in space.get("utilities") or []):
            return True
        shield = space.get("shield")
        if shield and shield.get("owner") == other:
            return True
        if not ignore_card:
            card = self.card_at(sid)
            if card and card.get("holder") == other:
                return True
        return False

    def is_friendly(self, sid, fid, purpose, ignore_card=False):
        """messina.friendly.space / .empty / .mixed / .consent."""
        return any(self.counts_as_friendly(fid, other, purpose)
                   and self.has_presence(sid, other, ignore_card)
                   for other in self.factions)

    def area_anchors(self, fid, purpose):
        """messina.home-space-anchor: where the reach starts."""
        homes = self.home_spaces(fid)
        if self.reading("messina.home-space-anchor") == "always":
            return list(homes)
        return [h for h in homes if self.is_friendly(h, fid, purpose)]

    def friendly_area(self, fid, purpose):
        """messina.friendly.area: the spaces reachable from a Home Space through friendly spaces
        (plus, under the with-frontier reading, every space next to them)."""
        area = set(self.area_anchors(fid, purpose))
        todo = list(area)
        while todo:
            sid = todo.pop()
            for nxt in self.spaces[sid].get("adjacent") or []:
                if nxt not in area and self.is_friendly(nxt, fid, purpose):
                    area.add(nxt)
                    todo.append(nxt)
        if self.reading("messina.friendly-area-extent") == "with-frontier":
            for sid in list(area):
                area.update(self.spaces[sid].get("adjacent") or [])
        return area

    # ---------------- hostility ----------------

    def card_makes_hostile(self, card):
        """messina.card-hostility: a card held by an opposing faction makes its space hostile when
        exposed (exposed-only) or whenever held (held)."""
        if self.reading("messina.card-hostility") == "held":
            return True
        return bool(card.get("exposed"))

    def units_make_hostile(self, sid, other):
        """messina.friendly.hostile, .empty-structures, messina.hostile-workers."""
        if any(n > 0 for n in self.units_at(sid, other).values()):
            return True
        if self.reading("messina.hostile-workers") == "units-include-workers":
            return self.workers_at(sid, other) > 0
        return False

    def is_hostile(self, sid, fid):
        for other in self.factions:
            if other == fid or self.consents(other, fid, "military"):
                continue
            if self.units_make_hostile(sid, other):
                return True
            card = self.card_at(sid)
            if card and card.get("holder") == other and self.card_makes_hostile(card):
                return True
        return False

    # ---------------- stacking ----------------

    def stacking_count(self, sid, fid):
        """messina.muster.stacking (+ .workers, messina.stacking-scope): the units in a map space
        that count towards the limit; workers in utilities never count."""
        if self.reading("messina.stacking-scope") == "per-faction":
            owners = [fid]
        else:
            owners = list((self.spaces[sid].get("units") or {}).keys())
        return sum(sum(self.units_at(sid, o).values()) for o in owners)

    def stacking_room(self, sid, fid):
        return self.number("stacking_map") - self.stacking_count(sid, fid)

    def card_room(self, cid):
        return self.number("stacking_card") - sum((self.cards[cid].get("units") or {}).values())

    def check_map_stacking(self, sid, fid, adding, rule):
        """No new units beyond the limit; a space already over it gets none
        (messina.muster.stacking.over-limit)."""
        if adding <= 0:
            return
        room = self.stacking_room(sid, fid)
        if rule == "messina.muster.stacking":
            require(room >= 0, "messina.muster.stacking.over-limit")
        require(adding <= room, rule)

    # ---------------- consumption ----------------

    def is_consumption_round(self):
        """messina.consumption.when"""
        return self.s["round"] % 2 == self.number("round_parity_consumption") % 2

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

    def recovered(self, started_disaffected, fully_fed):
        """messina.consumption.recovery: after a full feeding, one Disaffected goes to Spare if the
        faction started with any; never after a shortfall."""
        if not fully_fed or started_disaffected < 1:
            return 0
        return min(self.number("disaffected_recovered_after_full_feeding"), started_disaffected)

    def act_consume(self, a):
        fid = self.faction_id(a, "/action")
        require(self.is_consumption_round(), "messina.consumption.when")
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
        steps = self.shortfall_steps(dis, spare, loc, shortfall)
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

    # ---------------- removing units (consume step 3, muster disband) ----------------

    def parse_removals(self, fid, entries, where, rule, backed_only):
        """Disband entries -> {(place, unit): count}, place ("at", sid) or ("card", cid).
        Units that are not there (or not backed, when backed_only) break `rule`."""
        if not isinstance(entries, list):
            raise BadRequest(f"{where}: expected a list")
        wanted = {}
        for i, e in enumerate(entries):
            w = f"{where}/{i}"
            unit = field(e, "unit", w)
            n = count_of(e, w)
            if ("at" in e) == ("card" in e):
                raise BadRequest(f"{w}: name exactly one of at or card")
            if "at" in e:
                place = ("at", self.space_id(e, w))
            else:
                place = ("card", self.card_id(e, w))
            if unit not in self.number("units") and unit != "worker":
                raise BadRequest(f"{w}/unit: unknown unit {unit!r}")
            if place[0] == "card" and unit == "worker":
                raise Illegal(rule)
            if backed_only and n > 0:
                require(self.is_backed(fid, unit), rule)
            wanted[(place, unit)] = wanted.get((place, unit), 0) + n
        for (place, unit), n in wanted.items():
            if place[0] == "card":
                card = self.cards[place[1]]
                require(card.get("holder") == fid, rule)
                have = get_count(card.get("units"), unit)
            elif unit == "worker":
                have = self.workers_at(place[1], fid)
            else:
                have = get_count(self.units_at(place[1], fid), unit)
            require(n <= have, rule)
        return wanted

    def removal_tokens(self, fid, removals):
        return sum(self.unit_tokens(fid, unit) * n for (_, unit), n in removals.items())

    def remove_units(self, fid, removals):
        """Take the units off the map or card.  Workers leave the faction's utilities in the space
        in list order (the first utility with workers first)."""
        for (place, unit), n in removals.items():
            if n == 0:
                continue
            if place[0] == "card":
                add_count(self.cards[place[1]].setdefault("units", {}), unit, -n)
            elif unit == "worker":
                for u in self.own_utilities(place[1], fid):
                    take = min(n, u.get("workers", 0))
                    u["workers"] = u.get("workers", 0) - take
                    n -= take
            else:
                add_count(self.units_at_for_change(place[1], fid), unit, -n)

    # ---------------- placing units (Industry, before orders, home defence) ----------------

    def placement_allowed(self, fid, when, unit, source):
        """Who and when: returns the clause broken, or None.  messina.population.placement.*"""
        phase = self.s.get("phase")
        if when == "industry":
            if phase != "industry" or unit != "worker":
                return "messina.population.placement.workers"
        elif when == "before-orders":
            if phase not in ("orders", "bonus-military-action") or unit != "civilian":
                return "messina.population.placement.civilians"
        elif when == "home-defence":
            if (phase != "battle" or self.s.get("battle") not in self.home_spaces(fid)
                    or unit != "civilian"):
                return "messina.population.home-defence"
        if source == "disaffected" and when != "home-defence":
            return "messina.population.disaffected"
        return None

    def civilians_obey_stacking(self):
        """messina.civilian-stacking"""
        return self.reading("messina.civilian-stacking") == "applies"

    def act_place(self, a):
        fid = self.faction_id(a, "/action")
        when = field(a, "when", "/action")
        if when not in ("industry", "before-orders", "home-defence"):
            raise BadRequest(f"/action/when: unknown value {when!r}")
        placements = field(a, "placements", "/action")
        if not isinstance(placements, list):
            raise BadRequest("/action/placements: expected a list")
        purpose = "workers" if when == "industry" else "civilians"
        area = None
        per_space, per_card, per_source = {}, {}, {}
        for i, p in enumerate(placements):
            w = f"/action/placements/{i}"
            unit = field(p, "unit", w)
            if unit not in ("worker", "civilian"):
                raise Illegal("messina.population.placement.workers" if when == "industry"
                              else "messina.population.placement.civilians"
                              if when == "before-orders" else "messina.population.home-defence")
            source = p.get("from", "spare")
            if source not in ("spare", "disaffected"):
                raise BadRequest(f"{w}/from: must be spare or disaffected")
            n = count_of(p, w)
            if ("at" in p) == ("card" in p):
                raise BadRequest(f"{w}: name exactly one of at or card")
            on_card = "card" in p
            sid = self.card_id(p, w) if on_card else self.space_id(p, w)
            # who may, when
            rule = self.placement_allowed(fid, when, unit, source)
            if rule:
                raise Illegal(rule)
            # where
            if when == "home-defence":
                require(sid == self.s.get("battle"), "messina.population.home-defence")
            if on_card:
                require(unit != "worker", "messina.cards.no-structures")
                require(self.cards[sid].get("holder") == fid, "messina.population.placement.cards")
            elif unit == "worker":
                require(self.own_utilities(sid, fid), "messina.population.placement.workers")
            if area is None:
                area = self.friendly_area(fid, purpose)
            require(sid in area, "messina.population.placement.friendly-area")
            target = per_card if on_card else per_space
            target[(sid, unit)] = target.get((sid, unit), 0) + n
            per_source[source] = per_source.get(source, 0) + n * self.unit_tokens(fid, unit)
        # where: stacking
        for (cid, unit), n in per_card.items():
            require(n <= self.card_room(cid), "messina.cards.capacity")
        if self.civilians_obey_stacking():
            totals = {}
            for (sid, unit), n in per_space.items():
                if unit == "civilian":
                    totals[sid] = totals.get(sid, 0) + n
            for sid, n in totals.items():
                self.check_map_stacking(sid, fid, n, "messina.muster.stacking")
        # what it costs: tokens
        pop = self.population(fid)
        require(per_source.get("spare", 0) <= pop.get("spare", 0),
                "messina.population.placement.spare-required")
        require(per_source.get("disaffected", 0) <= pop.get("disaffected", 0),
                "messina.population.home-defence")
        # what changes
        for source, n in per_source.items():
            add_count(pop, source, -n)
            add_count(pop, "located", n)
        for (cid, unit), n in per_card.items():
            add_count(self.cards[cid].setdefault("units", {}), unit, n)
        for (sid, unit), n in per_space.items():
            if unit == "worker":
                self.add_workers(sid, fid, n)
            else:
                add_count(self.units_at_for_change(sid, fid), unit, n)

    def add_workers(self, sid, fid, n):
        """Workers go into the faction's first own Utility in the space."""
        u = self.own_utilities(sid, fid)[0]
        u["workers"] = u.get("workers", 0) + n

    # ---------------- Industry interconversion ----------------

    def conversion_allowed(self, frm, to):
        """messina.population.interconversion: civilian<->worker, infantry->worker."""
        return (frm, to) in (("civilian", "worker"), ("worker", "civilian"), ("infantry", "worker"))

    def conversion_backed(self, fid, frm, to):
        """messina.population.backing: the new unit needs a token, and it can only take the old
        unit's (the AI faction's Infantry has none to pass on to a Worker)."""
        return self.unit_tokens(fid, to) <= self.unit_tokens(fid, frm)

    def act_convert(self, a):
        fid = self.faction_id(a, "/action")
        sid = self.space_id(a, "/action")
        frm, to = field(a, "from", "/action"), field(a, "to", "/action")
        n = count_of(a, "/action")
        rule = "messina.population.interconversion"
        require(self.s.get("phase") == "industry", rule)
        require(self.conversion_allowed(frm, to), rule)
        require(self.conversion_backed(fid, frm, to), "messina.population.backing")
        if to == "worker":
            require(self.own_utilities(sid, fid), rule)
        if frm == "worker":
            have = self.workers_at(sid, fid)
        else:
            have = get_count(self.units_at(sid, fid), frm)
        require(n <= have, rule)
        if frm == "worker":
            self.remove_units(fid, {(("at", sid), "worker"): n})
        else:
            add_count(self.units_at_for_change(sid, fid), frm, -n)
        if to == "worker":
            self.add_workers(sid, fid, n)
        else:
            add_count(self.units_at_for_change(sid, fid), to, n)

    def act_release(self, a):
        """messina.population.no-return: units never leave the map to become Spare."""
        self.faction_id(a, "/action")
        raise Illegal("messina.population.no-return")

    # ---------------- Muster ----------------

    def is_muster_round(self):
        """messina.muster.when"""
        return self.s["round"] % 2 == self.number("round_parity_muster") % 2

    def is_high_tech(self, unit):
        """messina.muster.high-tech: units costing high_tech_min_cost or more."""
        return self.number("units")[unit]["cost"] >= self.number("high_tech_min_cost")

    def high_tech_site(self, sid, fid):
        """A Home Space, or a space with a Utility of the builder or of an ally consenting to
        muster."""
        if sid in self.home_spaces(fid):
            return True
        return any(self.counts_as_friendly(fid, u.get("owner"), "muster")
                   for u in self.spaces[sid].get("utilities") or [])

    def may_equip(self, fid):
        """messina.muster.equip / .equip.ai: only human factions equip Civilians."""
        return not self.is_ai(fid)

    def shield_ops_cost(self, fid, ops, limit_upgrades):
        """Checks shield ops [(sid, op)] (messina.muster.shield.*) and returns their energy cost."""
        by_space = {}
        for sid, op in ops:
            by_space.setdefault(sid, []).append(op)
        build_area = None
        cost = 0
        for sid, sops in by_space.items():
            require(not ("build" in sops and "upgrade" in sops), "messina.muster.shield.not-both")
            require(sops.count("build") <= 1, "messina.muster.shield.build-upgrade")
            require(sops.count("upgrade") <= limit_upgrades, "messina.muster.shield.one-upgrade")
            shield = self.spaces[sid].get("shield")
            if "build" in sops:
                require(not shield, "messina.muster.shield.build-upgrade")
                if build_area is None:
                    build_area = self.friendly_area(fid, "build")
                require(sid in build_area, "messina.muster.friendly-area")
                # Read as a high-tech build when the Shield's cost makes it one.
                if (self.reading("messina.shield-high-tech") == "shields-too"
                        and self.number("shield_build_cost") >= self.number("high_tech_min_cost")):
                    require(self.high_tech_site(sid, fid), "messina.muster.high-tech")
                cost += self.number("shield_build_cost")
            else:
                require(shield and shield.get("owner") == fid, "messina.muster.shield.build-upgrade")
                cost += self.number("shield_upgrade_cost") * len(sops)
        return cost, by_space

    def parse_shield_ops(self, entries, where):
        if not isinstance(entries, list):
            raise BadRequest(f"{where}: expected a list")
        ops = []
        for i, e in enumerate(entries):
            w = f"{where}/{i}"
            if isinstance(e, dict) and "card" in e:
                raise Illegal("messina.cards.no-structures")
            sid = self.space_id(e, w)
            op = field(e, "op", w)
            if op not in ("build", "upgrade"):
                raise BadRequest(f"{w}/op: must be build or upgrade")
            ops.append((sid, op))
        return ops

    def apply_shield_ops(self, fid, by_space):
        for sid, sops in by_space.items():
            if "build" in sops:
                self.spaces[sid]["shield"] = {"owner": fid, "level": 1}
            else:
                self.spaces[sid]["shield"]["level"] += len(sops)

    def act_muster(self, a):
        fid = self.faction_id(a, "/action")
        # when
        require(self.is_muster_round(), "messina.muster.when")
        require(self.s.get("phase") in (None, "muster"), "messina.muster.when")
        builds = a.get("builds") or []
        equips = a.get("equip") or []
        shields = self.parse_shield_ops(a.get("shields") or [], "/action/shields")
        disband = a.get("disband") or []
        if not isinstance(builds, list) or not isinstance(equips, list):
            raise BadRequest("/action: builds and equip must be lists")
        if disband:
            require(not builds and not equips, "messina.muster.no-build-disband")
        units_table = self.number("units")
        # where: builds
        area = None
        per_space, per_card = {}, {}
        energy = 0
        tokens = 0
        for i, b in enumerate(builds):
            w = f"/action/builds/{i}"
            unit = field(b, "unit", w)
            n = count_of(b, w)
            if unit not in units_table:
                if unit == "starship":
                    raise Illegal("messina.muster.starship")
                raise BadRequest(f"{w}/unit: unknown unit {unit!r}")
            if ("at" in b) == ("card" in b):
                raise BadRequest(f"{w}: name exactly one of at or card")
            on_card = "card" in b
            if on_card:
                sid = self.card_id(b, w)
                require(self.cards[sid].get("holder") == fid, "messina.cards.muster-onto")
            else:
                sid = self.space_id(b, w)
            if area is None:
                area = self.friendly_area(fid, "muster")
            require(sid in area, "messina.muster.friendly-area")
            if self.is_high_tech(unit):
                require(self.high_tech_site(sid, fid), "messina.muster.high-tech")
            target = per_card if on_card else per_space
            target[(sid, unit)] = target.get((sid, unit), 0) + n
            energy += units_table[unit]["cost"] * n
            tokens += self.build_takes_token(fid, unit) * n
        totals = {}
        for (sid, _), n in per_space.items():
            totals[sid] = totals.get(sid, 0) + n
        for sid, n in totals.items():
            self.check_map_stacking(sid, fid, n, "messina.muster.stacking")
        card_totals = {}
        for (cid, _), n in per_card.items():
            card_totals[cid] = card_totals.get(cid, 0) + n
        for cid, n in card_totals.items():
            require(n <= self.card_room(cid), "messina.muster.stacking")
        # equip
        per_equip = {}
        for i, e in enumerate(equips):
            w = f"/action/equip/{i}"
            sid = self.space_id(e, w)
            n = count_of(e, w)
            if n == 0:
                continue
            require(self.may_equip(fid), "messina.muster.equip.ai")
            per_equip[sid] = per_equip.get(sid, 0) + n
        for sid, n in per_equip.items():
            require(n <= get_count(self.units_at(sid, fid), "civilian"), "messina.muster.equip")
            energy += self.number("equip_cost") * n
        # shields
        shield_cost, shield_by_space = self.shield_ops_cost(
            fid, shields, self.number("shield_upgrades_per_muster"))
        energy += shield_cost
        # disband (alone)
        removals = self.parse_removals(fid, disband, "/action/disband",
                                       "messina.muster.no-build-disband", backed_only=False)
        # what it costs
        res = self.resources(fid)
        pop = self.population(fid)
        require(energy <= res.get("energy", 0), "messina.muster.energy")
        require(tokens <= pop.get("spare", 0), "messina.muster.population")
        # what changes
        res["energy"] = res.get("energy", 0) - energy
        pop["spare"] = pop.get("spare", 0) - tokens
        pop["located"] = pop.get("located", 0) + tokens
        for (sid, unit), n in per_space.items():
            add_count(self.units_at_for_change(sid, fid), unit, n)
        for (cid, unit), n in per_card.items():
            add_count(self.cards[cid].setdefault("units", {}), unit, n)
        for sid, n in per_equip.items():
            here = self.units_at_for_change(sid, fid)
            add_count(here, "civilian", -n)
            add_count(here, "infantry", n)
        self.apply_shield_ops(fid, shield_by_space)
        if removals:
            back = self.removal_tokens(fid, removals)
            self.remove_units(fid, removals)
            add_count(pop, "located", -back)
            add_count(pop, "disaffected", back)

    def act_rearm(self, a):
        """messina.muster.shield.rearm: one shield op during a Re-arm Bonus Military Action."""
        fid = self.faction_id(a, "/action")
        require(self.s.get("phase") == "rearm", "messina.muster.shield.rearm")
        entry = field(a, "shield", "/action")
        ops = self.parse_shield_ops([entry] if isinstance(entry, dict) else entry,
                                    "/action/shield")
        require(len(ops) <= self.number("shield_ops_per_rearm"), "messina.muster.shield.rearm")
        cost, by_space = self.shield_ops_cost(fid, ops, self.number("shield_ops_per_rearm"))
        res = self.resources(fid)
        require(cost <= res.get("energy", 0), "messina.muster.energy")
        res["energy"] = res.get("energy", 0) - cost
        self.apply_shield_ops(fid, by_space)

    # ---------------- Location Cards ----------------

    def act_expose(self, a):
        """messina.cards.expose-any-time"""
        fid = self.faction_id(a, "/action")
        cid = self.card_id(a, "/action")
        require(self.cards[cid].get("holder") == fid, "messina.cards.expose-any-time")
        self.cards[cid]["exposed"] = True

    def may_hide(self, cid):
        """messina.cards.hide: only between Mil Ops Phases, and only if empty."""
        return (self.s.get("phase") == "between-mil-ops"
                and sum((self.cards[cid].get("units") or {}).values()) == 0)

    def act_hide(self, a):
        fid = self.faction_id(a, "/action")
        cid = self.card_id(a, "/action")
        require(self.cards[cid].get("holder") == fid, "messina.cards.hide")
        require(self.may_hide(cid), "messina.cards.hide")
        self.cards[cid]["exposed"] = False

    def transfer(self, fid, cid, units, where):
        """messina.cards.transfer: units on a face-up card move to its map space within stacking."""
        rule = "messina.cards.transfer"
        if not isinstance(units, dict):
            raise BadRequest(f"{where}/units: expected an object")
        card = self.cards[cid]
        require(card.get("holder") == fid, rule)
        require(card.get("exposed") is True, rule)
        total = 0
        for unit, n in units.items():
            if type(n) is not int or n < 0:
                raise BadRequest(f"{where}/units/{unit}: must be a non-negative integer")
            require(n <= get_count(card.get("units"), unit), rule)
            total += n
        if total:
            room = self.stacking_room(cid, fid)
            require(total <= room, rule)
        for unit, n in units.items():
            add_count(card.setdefault("units", {}), unit, -n)
            add_count(self.units_at_for_change(cid, fid), unit, n)

    def act_transfer(self, a):
        fid = self.faction_id(a, "/action")
        cid = self.card_id(a, "/action")
        self.transfer(fid, cid, field(a, "units", "/action"), "/action")

    def act_end_exploration(self, a):
        """messina.cards.hand-limit, messina.cards.discard-empty"""
        fid = self.faction_id(a, "/action")
        require(self.s.get("phase") == "exploration-end", "messina.cards.hand-limit")
        for i, t in enumerate(a.get("transfers") or []):
            w = f"/action/transfers/{i}"
            self.transfer(fid, self.card_id(t, w), field(t, "units", w), w)
        discard = a.get("discard") or []
        for i, cid in enumerate(discard):
            if cid not in self.cards:
                raise BadRequest(f"/action/discard/{i}: unknown card {cid!r}")
            card = self.cards[cid]
            require(card.get("holder") == fid, "messina.cards.holding")
            require(sum((card.get("units") or {}).values()) == 0, "messina.cards.discard-empty")
        held = sum(1 for c in self.cards.values() if c.get("holder") == fid)
        require(len(set(discard)) == len(discard), "messina.cards.hand-limit")
        require(len(discard) == max(0, held - self.number("hand_limit")),
                "messina.cards.hand-limit")
        for cid in discard:
            del self.s["cards"][cid]

    # ---------------- queries ----------------

    def ask_friendly_area(self, q):
        fid = self.faction_id(q, "/query")
        purpose = field(q, "purpose", "/query")
        return sorted(self.friendly_area(fid, purpose))

    def ask_hostile(self, q):
        fid = self.faction_id(q, "/query")
        return self.is_hostile(self.space_id(q, "/query"), fid)

    def must_expose(self, fid, cid, situation):
        """messina.cards.must-expose and the messina.cards.expose.* clauses."""
        if situation == "utility-build":
            return not self.is_friendly(cid, fid, "build", ignore_card=True)
        if situation == "muster-on-map":
            return not self.is_friendly(cid, fid, "muster", ignore_card=True)
        if situation in ("obstruction", "march", "demolition", "military-effect", "battle"):
            return True
        return False  # connect, muster-onto-card, no-response

    def ask_must_expose(self, q):
        fid = self.faction_id(q, "/query")
        cid = self.card_id(q, "/query")
        situation = field(q, "situation", "/query")
        if situation not in MUST_EXPOSE_SITUATIONS:
            raise BadRequest(f"/query/situation: unknown situation {situation!r}")
        return self.must_expose(fid, cid, situation)

    def tie_winner(self, sid, sides):
        """messina.cards.exposed.tie-break: the side holding the card (exposable after strengths
        are computed) wins a tie."""
        card = self.card_at(sid)
        if card and card.get("holder") in sides:
            return card["holder"]
        return None

    def ask_tie_break(self, q):
        sid = self.space_id(q, "/query")
        sides = field(q, "sides", "/query")
        if not isinstance(sides, list):
            raise BadRequest("/query/sides: expected a list")
        return self.tie_winner(sid, sides)

    def card_units_visible(self, cid):
        """messina.cards.hidden.invisible / .support: hidden units are safe."""
        return bool(self.cards[cid].get("exposed"))

    def ask_bombable(self, q):
        return self.card_units_visible(self.card_id(q, "/query"))

    def ask_support_cut(self, q):
        return self.card_units_visible(self.card_id(q, "/query"))

    # ---------------- the state validator ----------------

    def validate(self):
        s = self.s
        if type(s.get("round")) is not int or s["round"] < 1:
            raise BadRequest("/state/round: must be an integer >= 1")
        if not isinstance(s.get("factions"), dict) or not s["factions"]:
            raise BadRequest("/state/factions: must be a non-empty object")
        if not isinstance(s.get("spaces"), dict):
            raise BadRequest("/state/spaces: must be an object")
        if "cards" in s and not isinstance(s["cards"], dict):
            raise BadRequest("/state/cards: must be an object")
        units_table = self.number("units")
        spaces, factions = self.spaces, self.factions

        def nonneg(v, where):
            if type(v) is not int or v < 0:
                raise BadRequest(f"{where}: must be a non-negative integer")

        if "battle" in s and s["battle"] not in spaces:
            raise BadRequest(f"/state/battle: unknown space {s['battle']!r}")
        backed = {f: 0 for f in factions}
        for sid, sp in spaces.items():
            w = f"/state/spaces/{sid}"
            for n in sp.get("adjacent") or []:
                if n not in spaces:
                    raise BadRequest(f"{w}/adjacent: unknown space {n!r}")
                if n == sid:
                    raise BadRequest(f"{w}/adjacent: a space is not adjacent to itself")
                if sid not in (spaces[n].get("adjacent") or []):
                    raise BadRequest(f"{w}/adjacent: {n} does not list {sid} (not symmetric)")
            for fid, us in (sp.get("units") or {}).items():
                if fid not in factions:
                    raise BadRequest(f"{w}/units: unknown faction {fid!r}")
                for unit, n in us.items():
                    if unit not in units_table:
                        raise BadRequest(f"{w}/units/{fid}/{unit}: unknown unit")
                    nonneg(n, f"{w}/units/{fid}/{unit}")
                    backed[fid] += self.unit_tokens(fid, unit) * n
            for i, u in enumerate(sp.get("utilities") or []):
                if u.get("owner") not in factions:
                    raise BadRequest(f"{w}/utilities/{i}/owner: unknown faction")
                nonneg(u.get("workers", 0), f"{w}/utilities/{i}/workers")
                backed[u["owner"]] += u.get("workers", 0)
            sh = sp.get("shield")
            if sh:
                if sh.get("owner") not in factions:
                    raise BadRequest(f"{w}/shield/owner: unknown faction")
                if type(sh.get("level")) is not int or sh["level"] < 1:
                    raise BadRequest(f"{w}/shield/level: must be an integer >= 1")
        for cid, card in self.cards.items():
            w = f"/state/cards/{cid}"
            if cid not in spaces:
                raise BadRequest(f"{w}: unknown space")
            holder = card.get("holder")
            if holder not in factions:
                raise BadRequest(f"{w}/holder: unknown faction {holder!r}")
            total = 0
            for unit, n in (card.get("units") or {}).items():
                if unit not in units_table:
                    raise BadRequest(f"{w}/units/{unit}: unknown military unit")
                nonneg(n, f"{w}/units/{unit}")
                total += n
                backed[holder] += self.unit_tokens(holder, unit) * n
            if total > self.number("stacking_card"):
                raise BadRequest(f"{w}/units: {total} units, more than stacking_card")
        for fid, f in factions.items():
            w = f"/state/factions/{fid}"
            if f.get("kind", "human") not in ("human", "ai"):
                raise BadRequest(f"{w}/kind: must be human or ai")
            homes = f.get("home")
            if not isinstance(homes, list) or not homes:
                raise BadRequest(f"{w}/home: must list one or more spaces")
            for h in homes:
                if h not in spaces:
                    raise BadRequest(f"{w}/home: unknown space {h!r}")
            pop = f.get("population") or {}
            for k, v in pop.items():
                nonneg(v, f"{w}/population/{k}")
            nonneg(f.get("dead", 0), f"{w}/dead")
            for k, v in (f.get("resources") or {}).items():
                nonneg(v, f"{w}/resources/{k}")
            for other in f.get("consents") or {}:
                if other not in factions:
                    raise BadRequest(f"{w}/consents: unknown faction {other!r}")
            if pop.get("located", 0) != backed[fid]:
                raise BadRequest(f"{w}/population/located: {pop.get('located', 0)} but the "
                                 f"faction's backed units need {backed[fid]}")


# --------------------------------------------------------------------------------------------
# Scythe (movement)
# --------------------------------------------------------------------------------------------

SCYTHE_UNITS = ("character", "mech", "worker")
COMBAT_UNITS = ("character", "mech")


class Scythe(Rules):
    GAME = "scythe"

    @property
    def territories(self):
        return self.s["territories"]

    @property
    def factions(self):
        return self.s["factions"]

    def units_at(self, tid, fid):
        return (self.territories[tid].get("units") or {}).get(fid) or {}

    def units_at_for_change(self, tid, fid):
        return self.territories[tid].setdefault("units", {}).setdefault(fid, {})

    def present(self, tid):
        """Factions with units in a territory."""
        return [f for f, us in (self.territories[tid].get("units") or {}).items()
                if any(n > 0 for n in us.values())]

    def controller(self, tid):
        """Control: the faction with units there (held_by when several share it); with no units,
        the owner of its structure; otherwise nobody."""
        here = self.present(tid)
        t = self.territories[tid]
        if len(here) == 1:
            return here[0]
        if len(here) > 1:
            return t.get("held_by")
        structure = t.get("structure")
        return structure.get("owner") if structure else None

    def opponent_combat_units(self, tid, fid):
        """Opponents with a character or mechs in the territory."""
        return [o for o in self.present(tid) if o != fid
                and any(get_count(self.units_at(tid, o), k) > 0 for k in COMBAT_UNITS)]

    def opponent_workers_only(self, tid, fid):
        """scythe.move.workers-stop: controlled by opponent workers and no other units."""
        others = [o for o in self.present(tid) if o != fid]
        if not others or self.opponent_combat_units(tid, fid):
            return []
        return others

    def popularity_loss(self, workers):
        """scythe.move.popularity-loss"""
        return self.number("popularity_loss_per_worker") * workers

    def lose_popularity(self, fid, loss):
        """scythe.move.popularity-floor: not below popularity_min."""
        f = self.factions[fid]
        f["popularity"] = max(self.number("popularity_min"), f.get("popularity", 0) - loss)

    def retreat_workers(self, tid, fid):
        """scythe.move.workers-retreat: every opponent worker there goes to its own home base,
        leaving the resources.  Returns how many retreated."""
        moved = 0
        for o in self.opponent_workers_only(tid, fid):
            n = get_count(self.units_at(tid, o), "worker")
            if n:
                self.units_at_for_change(tid, o)["worker"] = 0
                add_count(self.units_at_for_change(self.factions[o]["home_base"], o), "worker", n)
                moved += n
        return moved

    def move_range(self, unit):
        """scythe.move.range (scythe.move.mech-abilities: a longer move is a larger move_range)."""
        return self.number("move_range").get(unit, 1)

    def check_unit_ready(self, fid, tid, unit, n, unmoved, encounter_entries):
        """scythe.move.unit-present, scythe.move.once-per-action, scythe.move.encounter-stop:
        n units of this kind must be on the territory and not have moved in this action."""
        if n == 0:
            return
        require(get_count(self.units_at(tid, fid), unit) >= n, "scythe.move.unit-present")
        if unmoved[(tid, unit)] < n:
            if unit == "character" and tid in encounter_entries:
                raise Illegal("scythe.move.encounter-stop")
            raise Illegal("scythe.move.once-per-action")

    def worker_may_use_vacated(self):
        """scythe.vacated-workers"""
        return self.reading("scythe.vacated-workers") == "any-unit"

    def check_worker_step(self, fid, cur, nxt, vacated):
        """scythe.move.worker-blocked-by-*: a worker moving by itself."""
        require(not self.opponent_combat_units(cur, fid), "scythe.move.worker-blocked-by-combat-units")
        require(not self.opponent_combat_units(nxt, fid), "scythe.move.worker-blocked-by-combat-units")
        require(not self.opponent_workers_only(nxt, fid), "scythe.move.worker-blocked-by-workers")
        if nxt in vacated and not self.worker_may_use_vacated():
            raise Illegal("scythe.move.worker-blocked-by-workers")

    def act_move(self, a):
        fid = field(a, "faction", "/action")
        if fid not in self.factions:
            raise BadRequest(f"/action/faction: unknown faction {fid!r}")
        moves = field(a, "moves", "/action")
        if not isinstance(moves, list):
            raise BadRequest("/action/moves: expected a list")
        unmoved = {(tid, k): get_count(self.units_at(tid, fid), k)
                   for tid in self.territories for k in SCYTHE_UNITS}
        vacated = set()
        encounter_entries = set()
        for i, m in enumerate(moves):
            w = f"/action/moves/{i}"
            unit = field(m, "unit", w)
            if unit not in SCYTHE_UNITS:
                raise BadRequest(f"{w}/unit: unknown unit {unit!r}")
            start = field(m, "from", w)
            if start not in self.territories:
                raise BadRequest(f"{w}/from: unknown territory {start!r}")
            path = field(m, "path", w)
            if not isinstance(path, list):
                raise BadRequest(f"{w}/path: expected a list")
            carry = m.get("carry") or {}
            carried = 0
            for k, n in carry.items():
                if type(n) is not int or n < 0:
                    raise BadRequest(f"{w}/carry/{k}: must be a non-negative integer")
                if k != "worker":
                    raise BadRequest(f"{w}/carry/{k}: only workers are carried")
                require(unit == "mech" or n == 0, "scythe.move.mech-carry")
                carried += n
            # the unit (and what it carries) must be there and not have moved yet
            self.check_unit_ready(fid, start, unit, 1, unmoved, encounter_entries)
            self.check_unit_ready(fid, start, "worker", carried, unmoved, encounter_entries)
            unmoved[(start, unit)] -= 1
            unmoved[(start, "worker")] -= carried
            require(1 <= len(path) <= self.move_range(unit), "scythe.move.range")
            cur = start
            truncate = self.reading("scythe.stop-path") == "truncate"
            for step, nxt in enumerate(path):
                # Under "truncate" a stop ends the move wherever the path meant to go.
                last = step == len(path) - 1 or truncate
                stopped = False
                require(nxt in self.territories
                        and nxt in (self.territories[cur].get("adjacent") or []), "scythe.move.path")
                require(not self.territories[nxt].get("home_base"), "scythe.move.home-base")
                if unit == "worker":
                    self.check_worker_step(fid, cur, nxt, vacated)
                else:
                    opponents = self.opponent_combat_units(nxt, fid)
                    if opponents:
                        require(last, "scythe.move.combat-stop")
                        stopped = True
                        t = self.territories[nxt]
                        if not t.get("held_by"):
                            t["held_by"] = opponents[0]
                    elif self.opponent_workers_only(nxt, fid):
                        require(last, "scythe.move.workers-stop")
                        stopped = True
                        n = self.retreat_workers(nxt, fid)
                        self.lose_popularity(fid, self.popularity_loss(n))
                        vacated.add(nxt)
                    if unit == "character" and self.territories[nxt].get("encounter"):
                        require(last, "scythe.move.encounter-stop")
                        stopped = True
                        encounter_entries.add(nxt)
                cur = nxt
                if stopped:
                    break
            here = self.units_at_for_change(start, fid)
            here[unit] -= 1
            there = self.units_at_for_change(cur, fid)
            add_count(there, unit, 1)
            if carried:
                here["worker"] -= carried
                add_count(there, "worker", carried)
        self.settle(fid, encounter_entries)

    def settle(self, fid, encounter_entries):
        """After all moves: held_by only where factions share a territory; pending combats where
        the mover's character/mechs share a territory with an opponent's; pending encounters where
        the mover's character entered a territory with an encounter token and is still there."""
        pending = self.s.get("pending") or {}
        combats = set(pending.get("combats") or [])
        encounters = set(pending.get("encounters") or [])
        for tid, t in self.territories.items():
            if len(self.present(tid)) <= 1:
                t.pop("held_by", None)
            if (any(get_count(self.units_at(tid, fid), k) > 0 for k in COMBAT_UNITS)
                    and self.opponent_combat_units(tid, fid)):
                combats.add(tid)
        for tid in encounter_entries:
            if get_count(self.units_at(tid, fid), "character") > 0:
                encounters.add(tid)
        self.s["pending"] = {"combats": sorted(combats), "encounters": sorted(encounters)}

    # ---------------- queries ----------------

    def territory(self, q):
        tid = field(q, "at", "/query")
        if tid not in self.territories:
            raise BadRequest(f"/query/at: unknown territory {tid!r}")
        return tid

    def ask_controller(self, q):
        return self.controller(self.territory(q))

    def mill_produces(self, tid):
        """scythe.move.mill-no-produce: mills on territories controlled by an opponent do not
        produce."""
        structure = self.territories[tid].get("structure")
        if not structure or structure.get("kind") != "mill":
            return False
        return self.controller(tid) in (None, structure.get("owner"))

    def ask_mill_produces(self, q):
        return self.mill_produces(self.territory(q))

    def structure_bonus(self, tid, fid):
        """scythe.move.structure-no-bonus: moving onto an opponent's structure gives no access to
        its bonus; only the structure's owner gets it."""
        structure = self.territories[tid].get("structure")
        return bool(structure) and structure.get("owner") == fid

    def ask_structure_bonus(self, q):
        tid = self.territory(q)
        fid = field(q, "faction", "/query")
        if fid not in self.factions:
            raise BadRequest(f"/query/faction: unknown faction {fid!r}")
        return self.structure_bonus(tid, fid)

    # ---------------- the state validator ----------------

    def validate(self):
        s = self.s
        if not isinstance(s.get("factions"), dict) or not s["factions"]:
            raise BadRequest("/state/factions: must be a non-empty object")
        if not isinstance(s.get("territories"), dict):
            raise BadRequest("/state/territories: must be an object")
        ts, fs = self.territories, self.factions
        lo, hi = self.number("popularity_min"), self.number("popularity_max")
        for fid, f in fs.items():
            w = f"/state/factions/{fid}"
            p = f.get("popularity", 0)
            if type(p) is not int or not lo <= p <= hi:
                raise BadRequest(f"{w}/popularity: must be an integer in {lo}..{hi}")
            hb = f.get("home_base")
            if hb not in ts or ts[hb].get("home_base") != fid:
                raise BadRequest(f"{w}/home_base: must name a territory marked as its home base")
        characters = {f: 0 for f in fs}
        for tid, t in ts.items():
            w = f"/state/territories/{tid}"
            for n in t.get("adjacent") or []:
                if n not in ts:
                    raise BadRequest(f"{w}/adjacent: unknown territory {n!r}")
                if n == tid or tid not in (ts[n].get("adjacent") or []):
                    raise BadRequest(f"{w}/adjacent: {n} (not symmetric or reflexive)")
            if t.get("home_base") is not None and t["home_base"] not in fs:
                raise BadRequest(f"{w}/home_base: unknown faction")
            for fid, us in (t.get("units") or {}).items():
                if fid not in fs:
                    raise BadRequest(f"{w}/units: unknown faction {fid!r}")
                for k, n in us.items():
                    if k not in SCYTHE_UNITS:
                        raise BadRequest(f"{w}/units/{fid}/{k}: unknown unit")
                    if type(n) is not int or n < 0:
                        raise BadRequest(f"{w}/units/{fid}/{k}: must be a non-negative integer")
                characters[fid] += us.get("character", 0)
            shared = len(self.present(tid)) >= 2
            if shared != bool(t.get("held_by")):
                raise BadRequest(f"{w}/held_by: required exactly when two or more factions share "
                                 f"the territory")
            if t.get("held_by") and t["held_by"] not in self.present(tid):
                raise BadRequest(f"{w}/held_by: names a faction without units there")
            st = t.get("structure")
            if st and st.get("owner") not in fs:
                raise BadRequest(f"{w}/structure/owner: unknown faction")
        for fid, n in characters.items():
            if n > 1:
                raise BadRequest(f"/state/factions/{fid}: {n} characters on the board (at most 1)")
        for key in ("combats", "encounters"):
            for tid in (s.get("pending") or {}).get(key) or []:
                if tid not in ts:
                    raise BadRequest(f"/state/pending/{key}: unknown territory {tid!r}")


# --------------------------------------------------------------------------------------------
# The protocol
# --------------------------------------------------------------------------------------------

class Engine:
    """Serves the engine protocol over stdin/stdout with the given rule classes."""

    def __init__(self, name="faithful-python", version=ENGINE_VERSION, messina=Messina,
                 scythe=Scythe):
        self.name = name
        self.version = version
        self.games = {"messina": messina, "scythe": scythe}

    def hello(self):
        # Every reading of every point is implemented: declare them all, the default first, so
        # rulecheck runs each scenario under the reading it was written for.
        readings = {point: [default] + sorted(KNOWN_READINGS[point] - {default})
                    for point, default in DEFAULT_READINGS.items()}
        return {"name": self.name, "version": self.version, "games": sorted(self.games),
                "interpretations": readings}

    def handle(self, req):
        """One request -> one answer (a dict), or None for bye."""
        op = req.get("op")
        if op == "hello":
            return self.hello()
        rid = req.get("id")
        try:
            if op not in ("apply", "query"):
                raise Unsupported(f"op {op!r}")
            if "id" not in req:
                raise BadRequest("/id: missing")
            game = field(req, "game", "")
            cls = self.games.get(game)
            if cls is None:
                raise Unsupported(f"game {game!r}")
            rules = cls(field(req, "state", ""), field(req, "ruleset", ""),
                        field(req, "interpretations", ""))
            if op == "apply":
                state = rules.apply(field(req, "action", ""))
                return {"id": rid, "legal": True, "state": state}
            return {"id": rid, "result": rules.query(field(req, "query", ""))}
        except Illegal as e:
            return {"id": rid, "legal": False, "rule": e.rule}
        except Unsupported as e:
            return {"id": rid, "unsupported": str(e)}
        except BadRequest as e:
            return {"id": rid, "error": str(e)}
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            traceback.print_exc(file=sys.stderr)
            return {"id": rid, "error": f"malformed request: {type(e).__name__}: {e}"}

    def serve(self, inp=None, out=None):
        inp = inp or sys.stdin
        out = out or sys.stdout
        while True:
            line = inp.readline()
            if not line:
                return 0
            line = line.strip()
            if not line:
                continue
            try:
                req = json.loads(line)
                if not isinstance(req, dict):
                    raise ValueError("a request must be a JSON object")
            except ValueError as e:
                answer = {"id": None, "error": f"not a JSON object: {e}"}
            else:
                if req.get("op") == "bye":
                    return 0
                answer = self.handle(req)
            out.write(dumps(answer) + "\n")
            out.flush()


def main(engine=None):
    sys.exit((engine or Engine()).serve())


if __name__ == "__main__":
    main()
