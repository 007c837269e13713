"""Scythe, the state validator (mirrors oracle/scythe/validate.cpp): a board that contradicts
itself (asymmetric adjacency, a shared territory without `held_by`, two characters, ...) is
answered with `error`, naming the JSON pointer.
"""

from ..common import BadRequest
from .model import SCYTHE_UNITS


class Validate:
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
