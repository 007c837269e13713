"""Messina, the state validator (mirrors oracle/messina/validate.cpp): a state that contradicts
itself (located tokens that do not match the backed units, unknown ids, asymmetric adjacency, a
card over its limit, ...) is answered with `error`, naming the JSON pointer.
"""

from ..common import BadRequest


class Validate:
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
                for guest, n in (u.get("guests") or {}).items():
                    if guest not in factions or guest == u["owner"]:
                        raise BadRequest(f"{w}/utilities/{i}/guests/{guest}: not another declared faction")
                    nonneg(n, f"{w}/utilities/{i}/guests/{guest}")
                    backed[guest] += n
            if sp.get("shield") and sp.get("shields"):
                raise BadRequest(f"{w}: give either shield or shields, not both")
            owners = set()
            for sh in self.shields_in(sid):
                if sh.get("owner") not in factions:
                    raise BadRequest(f"{w}/shield/owner: unknown faction")
                if type(sh.get("level", 1)) is not int or sh.get("level", 1) < 1:
                    raise BadRequest(f"{w}/shield/level: must be an integer >= 1")
                if sh["owner"] in owners:
                    raise BadRequest(f"{w}/shields: a faction has at most one Shield in a space")
                owners.add(sh["owner"])
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
