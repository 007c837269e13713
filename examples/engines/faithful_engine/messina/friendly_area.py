"""Messina, Population Supply and Movement: the Friendly Area and friendly vs hostile spaces
(mirrors oracle/messina/friendly_area.cpp): messina.friendly.*, messina.home-space-anchor,
messina.friendly-area-extent, messina.card-hostility, messina.hostile-workers; queries
friendly-area and hostile.
"""

from ..common import field

MESSINA_ACTIVITIES = ("muster", "build", "workers", "civilians", "military")


class FriendlyArea:
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
        if any(u.get("owner") == other or (u.get("guests") or {}).get(other, 0) > 0
               for u in space.get("utilities") or []):
            return True
        if self.shield_of(sid, other):
            return True
        if not ignore_card:
            card = self.card_at(sid)
            if card and card.get("holder") == other:
                return True
        return False

    def is_friendly(self, sid, fid, purpose, ignore_card=False):
        """messina.friendly.space / .empty / .mixed / .consent; messina.friendly.hostile: a space
        hostile to fid is unfriendly for military purposes (mixed spaces stay friendly only for
        building and mustering)."""
        if purpose == "military" and self.is_hostile(sid, fid):
            return False
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

    # ---------------- queries ----------------

    def ask_friendly_area(self, q):
        fid = self.faction_id(q, "/query")
        purpose = field(q, "purpose", "/query")
        return sorted(self.friendly_area(fid, purpose))

    def ask_hostile(self, q):
        fid = self.faction_id(q, "/query")
        return self.is_hostile(self.space_id(q, "/query"), fid)
