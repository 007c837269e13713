"""Messina, Population Supply and Movement (mirrors oracle/messina/population.cpp): placing new
human units (messina.population.placement.*, messina.population.home-defence,
messina.population.disaffected, messina.civilian-stacking), Industry interconversion
(messina.population.interconversion, .backing) and the rule that units never return to Spare
(messina.population.no-return).
"""

from ..common import BadRequest, Illegal, add_count, count_of, field, get_count, require


class Population:
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

    def placement_purpose(self, when):
        """The activity a placement is, for the Friendly Area and consent; messina.civilian-consent
        decides the Civilians'."""
        if when == "industry":
            return "workers"
        return "civilians" if self.reading("messina.civilian-consent") == "civilians" else "muster"

    def worker_utility_allowed(self, sid, fid, owner):
        """messina.worker-utility: new Workers occupy a Utility of the faction (own), or also one
        of an ally consenting to the placing of Workers (friendly)."""
        if not self.own_utilities(sid, owner):
            return False
        if owner == fid:
            return True
        return (self.reading("messina.worker-utility") == "friendly"
                and self.consents(owner, fid, "workers"))

    def disaffected_placement_allowed(self, fid):
        """messina.home-defence-spare: under spare-required, a faction with no Spare places no
        units in home defence, Disaffected included."""
        return (self.reading("messina.home-defence-spare") == "either-source"
                or self.population(fid).get("spare", 0) > 0)

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
        purpose = self.placement_purpose(when)
        if not placements:  # who and when are checked even when nothing is placed, as the oracle does
            rule = self.placement_allowed(fid, when, "worker" if when == "industry" else "civilian", "spare")
            require(rule is None, rule)
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
            owner = p.get("utility", fid)
            if "utility" in p and (unit != "worker" or owner not in self.factions):
                raise BadRequest(f"{w}/utility: a declared faction, for a Worker only")
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
            if area is None:
                area = self.friendly_area(fid, purpose)
            if on_card:
                require(self.card_in_area(sid, fid, purpose, area),
                        "messina.population.placement.friendly-area")
            else:
                require(sid in area, "messina.population.placement.friendly-area")
            if source == "disaffected":
                require(self.disaffected_placement_allowed(fid),
                        "messina.population.placement.spare-required")
            if unit == "worker" and not on_card:
                require(self.worker_utility_allowed(sid, fid, owner),
                        "messina.population.placement.workers")
            target = per_card if on_card else per_space
            key = (sid, unit, owner) if unit == "worker" else (sid, unit)
            target[key] = target.get(key, 0) + n
            per_source[source] = per_source.get(source, 0) + n * self.unit_tokens(fid, unit)
        # where: stacking
        for (cid, unit), n in per_card.items():
            require(n <= self.card_room(cid), "messina.cards.capacity")
        if self.civilians_obey_stacking():
            totals = {}
            for (sid, unit, *_), n in per_space.items():
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
        for (sid, unit, *owner), n in per_space.items():
            if unit == "worker":
                self.add_workers(sid, fid, n, owner[0])
            else:
                add_count(self.units_at_for_change(sid, fid), unit, n)

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
        owner = a.get("utility", fid)
        if "utility" in a and (to != "worker" or owner not in self.factions):
            raise BadRequest("/action/utility: a declared faction, for a conversion to a Worker only")
        if to == "worker":
            require(self.worker_utility_allowed(sid, fid, owner), rule)
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
            self.add_workers(sid, fid, n, owner)
        else:
            add_count(self.units_at_for_change(sid, fid), to, n)

    def act_release(self, a):
        """messina.population.no-return: units never leave the map to become Spare."""
        self.faction_id(a, "/action")
        raise Illegal("messina.population.no-return")
