"""Messina, Muster Phase (mirrors oracle/messina/muster.cpp): messina.muster.* (when, friendly-area,
high-tech, population, energy, stacking, equip, shield.*, no-build-disband, starship) and the
Re-arm shield op (messina.muster.shield.rearm); messina.shield-high-tech.
"""

from ..common import BadRequest, Illegal, add_count, count_of, field, get_count, require


class Muster:
    def is_muster_round(self):
        """messina.muster.when"""
        return self.s["round"] % 2 == self.number("round_parity_muster") % 2

    def is_high_tech(self, unit):
        """messina.muster.high-tech: units costing high_tech_min_cost or more."""
        return self.number("units")[unit]["cost"] >= self.number("high_tech_min_cost")

    def high_tech_site(self, sid, fid):
        """A Home Space, or a space with a Utility of the builder or of an ally consenting to
        muster.  messina.high-tech-home: under consenting-ally, the Home Space of an ally
        consenting to muster too."""
        if sid in self.home_spaces(fid):
            return True
        if self.reading("messina.high-tech-home") == "consenting-ally":
            if any(ally != fid and self.consents(ally, fid, "muster") and sid in self.home_spaces(ally)
                   for ally in self.factions):
                return True
        return any(self.counts_as_friendly(fid, u.get("owner"), "muster")
                   for u in self.spaces[sid].get("utilities") or [])

    def card_in_area(self, cid, fid, purpose, area):
        """messina.card-in-area: a held card is in the Friendly Area when its space is
        (connected), or always (every-held-card)."""
        if self.reading("messina.card-in-area") == "every-held-card":
            return True
        return cid in area

    def shield_purpose(self):
        """messina.shield-consent: the activity a Shield build or upgrade is, for consent."""
        return "build" if self.reading("messina.shield-consent") == "build" else "muster"

    def build_disband_allowed(self, builds, equips, disband):
        """messina.muster.no-build-disband under messina.build-disband.  builds and disband are
        lists of (place, unit) with place ("at"|"card", sid)."""
        if not disband:
            return True
        reading = self.reading("messina.build-disband")
        if reading != "move-or-convert":
            if builds:
                return False
            return reading == "builds-only" or not equips
        return all(bp == dp and bu == du for bp, bu in builds for dp, du in disband)

    def may_equip(self, fid):
        """messina.muster.equip / .equip.ai: only human factions equip Civilians."""
        return not self.is_ai(fid)

    def build_takes_token(self, fid, unit):
        """messina.muster.population: tokens one built unit takes from Spare."""
        return self.unit_tokens(fid, unit)

    def card_space_takes_builds(self, cid, fid):
        """messina.over-limit-card: under card-too, a map space over its limit takes no builds on
        its card either (messina.muster.stacking.over-limit)."""
        return (self.reading("messina.over-limit-card") == "map-only"
                or self.stacking_room(cid, fid) >= 0)

    def check_map_stacking(self, sid, fid, adding, rule):
        """No new units beyond the limit; a space already over it gets none
        (messina.muster.stacking.over-limit)."""
        if adding <= 0:
            return
        room = self.stacking_room(sid, fid)
        if rule == "messina.muster.stacking":
            require(room >= 0, "messina.muster.stacking.over-limit")
        require(adding <= room, rule)

    def shield_ops_cost(self, fid, ops, limit_upgrades):
        """Checks shield ops [(sid, op)] (messina.muster.shield.*) and returns their energy cost."""
        by_space = {}
        for sid, op in ops:
            by_space.setdefault(sid, []).append(op)
        build_area = None
        cost = 0
        purpose = self.shield_purpose()
        for sid, sops in by_space.items():
            require(not ("build" in sops and "upgrade" in sops), "messina.muster.shield.not-both")
            require(sops.count("build") <= 1, "messina.muster.shield.build-upgrade")
            require(sops.count("upgrade") <= limit_upgrades, "messina.muster.shield.one-upgrade")
            own = self.shield_of(sid, fid)
            if "build" in sops:
                # messina.shield-per-space: any Shield, or only the builder's own, blocks a build.
                if self.reading("messina.shield-per-space") == "one-per-space":
                    require(not self.shields_in(sid), "messina.muster.shield.build-upgrade")
                else:
                    require(not own, "messina.muster.shield.build-upgrade")
                if build_area is None:
                    build_area = self.friendly_area(fid, purpose)
                require(sid in build_area, "messina.muster.friendly-area")
                # Read as a high-tech build when the Shield's cost makes it one.
                if (self.reading("messina.shield-high-tech") == "shields-too"
                        and self.number("shield_build_cost") >= self.number("high_tech_min_cost")):
                    require(self.high_tech_site(sid, fid), "messina.muster.high-tech")
                cost += self.number("shield_build_cost")
            else:
                require(own, "messina.muster.shield.build-upgrade")
                # messina.shield-upgrade-area: an upgrade in the Friendly Area, or anywhere.
                if self.reading("messina.shield-upgrade-area") == "friendly-area":
                    if build_area is None:
                        build_area = self.friendly_area(fid, purpose)
                    require(sid in build_area, "messina.muster.friendly-area")
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
            shields = self.shields_in(sid)
            if "build" in sops:
                shields.append({"owner": fid, "level": 1})
            else:
                own = self.shield_of(sid, fid)
                own["level"] = own.get("level", 1) + len(sops)
            self.put_shields(sid, shields)

    def place_of(self, entry, where):
        """("at", sid) or ("card", cid) of an entry naming exactly one of them."""
        if not isinstance(entry, dict) or ("at" in entry) == ("card" in entry):
            raise BadRequest(f"{where}: name exactly one of at or card")
        return ("card", self.card_id(entry, where)) if "card" in entry else ("at", self.space_id(entry, where))

    def civilians_to_equip(self, place, fid):
        """messina.muster.equip: the faction's own Civilians there; a card carries its holder's
        units only."""
        if place[0] == "card":
            card = self.cards[place[1]]
            return get_count(card.get("units"), "civilian") if card.get("holder") == fid else 0
        return get_count(self.units_at(place[1], fid), "civilian")

    def check_build_disband(self, builds, equips, disband):
        """messina.muster.no-build-disband (reading messina.build-disband)."""
        def pairs(entries, where):
            out = []
            for i, e in enumerate(entries):
                if isinstance(e, dict) and ("at" in e) != ("card" in e):
                    out.append((self.place_of(e, f"{where}/{i}"), e.get("unit")))
            return out
        if not isinstance(disband, list) or not isinstance(builds, list):
            raise BadRequest("/action: builds and disband must be lists")
        equipping = any(count_of(e, f"/action/equip/{i}") > 0 for i, e in enumerate(equips or []))
        require(self.build_disband_allowed(pairs(builds, "/action/builds"), equipping,
                                           pairs(disband, "/action/disband")),
                "messina.muster.no-build-disband")

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
        self.check_build_disband(builds, equips, disband)
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
            if on_card:
                require(self.card_in_area(sid, fid, "muster", area), "messina.muster.friendly-area")
            else:
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
            require(self.card_space_takes_builds(cid, fid), "messina.muster.stacking.over-limit")
            require(n <= self.card_room(cid), "messina.muster.stacking")
        # equip
        per_equip = {}
        for i, e in enumerate(equips):
            w = f"/action/equip/{i}"
            place = self.place_of(e, w)
            n = count_of(e, w)
            if n == 0:
                continue
            require(self.may_equip(fid), "messina.muster.equip.ai")
            per_equip[place] = per_equip.get(place, 0) + n
        built_here = {}  # messina.equip-built-civilians = built-too: Civilians built count as well
        if self.reading("messina.equip-built-civilians") == "built-too":
            for (sid, unit), n in per_space.items():
                if unit == "civilian":
                    built_here[("at", sid)] = n
            for (cid, unit), n in per_card.items():
                if unit == "civilian":
                    built_here[("card", cid)] = n
        for place, n in per_equip.items():
            require(n <= self.civilians_to_equip(place, fid) + built_here.get(place, 0), "messina.muster.equip")
            energy += self.number("equip_cost") * n
        # shields
        shield_cost, shield_by_space = self.shield_ops_cost(
            fid, shields, self.number("shield_upgrades_per_muster"))
        energy += shield_cost
        # disband: under messina.disband-built-units = at-start only units that stood there when the
        # Muster began (checked here, on that board); under built-too, units it builds or equips too
        disband_at_start = self.reading("messina.disband-built-units") == "at-start"
        if disband_at_start:
            self.parse_removals(fid, disband, "/action/disband", "messina.population.disband-on-shortfall",
                                backed_only=False)
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
        for place, n in per_equip.items():
            here = (self.cards[place[1]].setdefault("units", {}) if place[0] == "card"
                    else self.units_at_for_change(place[1], fid))
            add_count(here, "civilian", -n)
            add_count(here, "infantry", n)
        self.apply_shield_ops(fid, shield_by_space)
        # ... and in either reading only what stands there after the builds and equipping
        removals = self.parse_removals(fid, disband, "/action/disband",
                                       "messina.population.disband-on-shortfall", backed_only=False)
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
        # "Similarly" to a Muster: a Shield's upgrades within one Re-arm are capped as within one Muster
        # (the Re-arm's own cap, shield_ops_per_rearm, bounds the ops in all)
        cost, by_space = self.shield_ops_cost(fid, ops, self.number("shield_upgrades_per_muster"))
        res = self.resources(fid)
        require(cost <= res.get("energy", 0), "messina.muster.energy")
        res["energy"] = res.get("energy", 0) - cost
        self.apply_shield_ops(fid, by_space)
