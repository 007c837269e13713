"""Messina, Location Cards (mirrors oracle/messina/location_cards.cpp): messina.cards.* (facing,
transfers to the map, the hand limit, must-expose, the tie-break, what hidden cards keep safe);
queries must-expose, tie-break, bombable and support-cut.  Hostility lives in friendly_area.py,
mustering onto cards in muster.py.
"""

from ..common import BadRequest, add_count, field, get_count, require

MUST_EXPOSE_SITUATIONS = ("utility-build", "muster-on-map", "muster-onto-card", "connect",
                          "obstruction", "march", "demolition", "military-effect", "battle",
                          "no-response")


class LocationCards:
    def act_expose(self, a):
        """messina.cards.expose-any-time"""
        fid = self.faction_id(a, "/action")
        cid = self.card_id(a, "/action")
        require(self.cards[cid].get("holder") == fid, "messina.cards.holding")
        self.cards[cid]["exposed"] = True

    def is_between_mil_ops(self, phase):
        """The moments outside every Mil Ops Phase (docs/formats.md, "Moments of a round"): the
        Alternating Phase, a Bonus Military Action (a Re-arm too); an Action (Industry, the end of
        an Exploration) by messina.action-moments.  Never the orders moment, a Mil Ops Phase, a
        battle, or a state naming no phase."""
        if phase in ("muster", "consumption", "bonus-military-action", "rearm", "between-mil-ops"):
            return True
        if phase in ("industry", "exploration-end"):
            return self.reading("messina.action-moments") == "outside-mil-ops"
        return False

    def may_hide(self, cid):
        """messina.cards.hide: only between Mil Ops Phases, and only if empty."""
        return (self.is_between_mil_ops(self.s.get("phase"))
                and sum((self.cards[cid].get("units") or {}).values()) == 0)

    def act_hide(self, a):
        fid = self.faction_id(a, "/action")
        cid = self.card_id(a, "/action")
        require(self.cards[cid].get("holder") == fid, "messina.cards.holding")
        require(self.may_hide(cid), "messina.cards.hide")
        self.cards[cid]["exposed"] = False

    def transfer(self, fid, cid, units, where, stacking_waived=False):
        """messina.cards.transfer: units on a face-up card move to its map space within stacking
        (waived for a card emptied for its discard under messina.discard-emptying
        "overrides-stacking")."""
        rule = "messina.cards.transfer"
        if not isinstance(units, dict):
            raise BadRequest(f"{where}/units: expected an object")
        card = self.cards[cid]
        require(card.get("holder") == fid, "messina.cards.holding")
        require(card.get("exposed") is True, rule)
        total = 0
        for unit, n in units.items():
            if type(n) is not int or n < 0:
                raise BadRequest(f"{where}/units/{unit}: must be a non-negative integer")
            require(n <= get_count(card.get("units"), unit), rule)
            total += n
        if total and not stacking_waived:
            room = self.stacking_room(cid, fid)
            require(total <= room, rule)
        for unit, n in units.items():
            add_count(card.setdefault("units", {}), unit, -n)
            add_count(self.units_at_for_change(cid, fid), unit, n)

    def act_transfer(self, a):
        fid = self.faction_id(a, "/action")
        cid = self.card_id(a, "/action")
        self.transfer(fid, cid, field(a, "units", "/action"), "/action")

    def discard_emptying_waives_stacking(self):
        """messina.discard-emptying: may a card discarded at the end of an Exploration be emptied
        onto a full map space?"""
        return self.reading("messina.discard-emptying") == "overrides-stacking"

    def discard_count_allowed(self, discards, excess):
        """messina.hand-limit-discard: exactly the excess; at least the excess when over the limit
        and none otherwise; or at least the excess."""
        reading = self.reading("messina.hand-limit-discard")
        if reading == "exactly-excess":
            return discards == excess
        if reading == "more-when-over":
            return discards >= excess if excess > 0 else discards == 0
        return discards >= excess

    def act_end_exploration(self, a):
        """messina.cards.hand-limit, messina.cards.discard-empty"""
        fid = self.faction_id(a, "/action")
        require(self.s.get("phase") == "exploration-end", "messina.cards.hand-limit")
        discard = a.get("discard") or []
        if not isinstance(discard, list):
            raise BadRequest("/action/discard: expected a list")
        for i, t in enumerate(a.get("transfers") or []):
            w = f"/action/transfers/{i}"
            cid = self.card_id(t, w)
            self.transfer(fid, cid, field(t, "units", w), w,
                          stacking_waived=self.discard_emptying_waives_stacking() and cid in discard)
        for i, cid in enumerate(discard):
            if cid not in self.cards:
                raise BadRequest(f"/action/discard/{i}: unknown card {cid!r}")
            card = self.cards[cid]
            require(card.get("holder") == fid, "messina.cards.holding")
            require(sum((card.get("units") or {}).values()) == 0, "messina.cards.discard-empty")
        held = sum(1 for c in self.cards.values() if c.get("holder") == fid)
        require(len(set(discard)) == len(discard), "messina.cards.hand-limit")
        require(self.discard_count_allowed(len(discard), max(0, held - self.number("hand_limit"))),
                "messina.cards.hand-limit")
        for cid in discard:
            del self.s["cards"][cid]

    # ---------------- queries ----------------

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
        are computed, so a hidden one too) wins a tie.  messina.tie-break-ally: under
        "military-ally" a card held outside the battle wins it for the one side its holder gives
        military consent to."""
        card = self.card_at(sid)
        if not card:
            return None
        holder = card.get("holder")
        if holder in sides:
            return holder
        if self.reading("messina.tie-break-ally") == "holder-only":
            return None
        helped = [side for side in sides if self.consents(holder, side, "military")]
        return helped[0] if len(helped) == 1 else None

    def ask_tie_break(self, q):
        sid = self.space_id(q, "/query")
        sides = field(q, "sides", "/query")
        if not isinstance(sides, list):
            raise BadRequest("/query/sides: expected a list")
        for i, side in enumerate(sides):
            if side not in self.factions:
                raise BadRequest(f"/query/sides/{i}: unknown faction {side!r}")
            if side in sides[:i]:
                raise BadRequest(f"/query/sides/{i}: the side {side!r} is named twice")
        return self.tie_winner(sid, sides)

    def card_units_visible(self, cid):
        """messina.cards.hidden.invisible / .support: hidden units are safe."""
        return bool(self.cards[cid].get("exposed"))

    def ask_bombable(self, q):
        return self.card_units_visible(self.card_id(q, "/query"))

    def ask_support_cut(self, q):
        return self.card_units_visible(self.card_id(q, "/query"))
