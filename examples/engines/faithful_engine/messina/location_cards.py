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
