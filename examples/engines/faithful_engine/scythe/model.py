"""Scythe, the board model (mirrors oracle/scythe/model.hpp): unit kinds and state access."""

SCYTHE_UNITS = ("character", "mech", "worker")
COMBAT_UNITS = ("character", "mech")


class Model:
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
