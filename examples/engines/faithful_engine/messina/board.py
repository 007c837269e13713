"""Messina, the board (mirrors oracle/messina/board.cpp): state access, which units are backed by
population tokens (messina.population.backing), what counts towards stacking
(messina.muster.stacking, .workers, messina.stacking-scope), and taking units off the map or a card
(consume step 3, muster disband).
"""

from ..common import BadRequest, Illegal, add_count, count_of, field, get_count, require


class Board:
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
        """The faction's Workers in the space: in its own Utilities and as guests in others'."""
        n = 0
        for u in self.spaces[sid].get("utilities") or []:
            if u.get("owner") == fid:
                n += u.get("workers", 0)
            n += (u.get("guests") or {}).get(fid, 0)
        return n

    def own_utilities(self, sid, fid):
        return [u for u in self.spaces[sid].get("utilities") or [] if u.get("owner") == fid]

    # ---------------- shields: "shield" (one) or "shields" (several, one per owner) ----------------

    def shields_in(self, sid):
        space = self.spaces[sid]
        if space.get("shield"):
            return [space["shield"]]
        return list(space.get("shields") or [])

    def shield_of(self, sid, fid):
        for sh in self.shields_in(sid):
            if sh.get("owner") == fid:
                return sh
        return None

    def put_shields(self, sid, shields):
        """Writes the space's Shields in canonical form: one as "shield", several as "shields"
        sorted by owner."""
        space = self.spaces[sid]
        space.pop("shield", None)
        space.pop("shields", None)
        shields = sorted(shields, key=lambda sh: sh.get("owner"))
        if len(shields) == 1:
            space["shield"] = shields[0]
        elif shields:
            space["shields"] = shields

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
        # messina.population.tokens: a token mans one unit, so a backed unit takes at least one
        # (an AI faction may back a unit whose population is 0)
        return max(1, self.number("units")[unit].get("population", 1))

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
                require(self.may_remove_from_card(fid, card), rule)
                have = get_count(card.get("units"), unit)
            elif unit == "worker":
                have = self.workers_at(place[1], fid)
            else:
                have = get_count(self.units_at(place[1], fid), unit)
            require(n <= have, rule)
        return wanted

    def may_remove_from_card(self, fid, card):
        """A faction removes units only from a Location Card it holds (the units on a card are its
        holder's)."""
        return card.get("holder") == fid

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
                # own Utilities first, then the ones the faction is a guest in
                for u in self.own_utilities(place[1], fid):
                    take = min(n, u.get("workers", 0))
                    u["workers"] = u.get("workers", 0) - take
                    n -= take
                for u in self.spaces[place[1]].get("utilities") or []:
                    guests = u.get("guests") or {}
                    take = min(n, guests.get(fid, 0))
                    if take:
                        guests[fid] -= take
                        n -= take
            else:
                add_count(self.units_at_for_change(place[1], fid), unit, -n)

    def add_workers(self, sid, fid, n, owner=None):
        """Workers go into the first Utility of `owner` in the space (default: the faction's own;
        another owner's Utility takes them as guests)."""
        owner = owner or fid
        u = self.own_utilities(sid, owner)[0]
        if owner == fid:
            u["workers"] = u.get("workers", 0) + n
        else:
            add_count(u.setdefault("guests", {}), fid, n)
