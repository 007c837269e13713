"""Scythe, "Where you can move to/from" (mirrors oracle/scythe/movement.cpp): scythe.move.* (each
unit's path and range, the stops, workers forced out, popularity, structures taken over, home
bases closed, encounters, what waits after all moves), scythe.vacated-workers,
scythe.stop-path, scythe.carried-workers, scythe.units-per-move and scythe.worker-blocking; queries
controller, mill-produces and structure-bonus.
"""

from ..common import BadRequest, Illegal, add_count, field, get_count, require
from .model import COMBAT_UNITS, SCYTHE_UNITS


class Movement:
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

    def held_by_opponent_workers(self, tid, fid):
        """scythe.move.workers-stop: an opponent controls the territory with workers and no
        opponent has a character or mech there; a territory the mover controls (sharing it with
        opponent workers) is not controlled by the opponent's workers."""
        who = self.controller(tid)
        if who in (None, fid) or self.opponent_combat_units(tid, fid):
            return False
        return get_count(self.units_at(tid, who), "worker") > 0

    def forget_holder_if_alone(self, tid):
        """held_by only while factions share a territory: once a single faction (or none) is left,
        a unit entering later in the same action finds it controlled by whoever stands there."""
        if len(self.present(tid)) <= 1:
            self.territories[tid].pop("held_by", None)

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

    def blocks_worker(self, tid, fid, combat_units):
        """scythe.worker-blocking: under "control" a territory an opponent controls with a
        character or mechs (combat_units) or with workers stops a worker moving by itself; under
        "presence" every territory where such opponent units stand."""
        if self.reading("scythe.worker-blocking") == "presence":
            if combat_units:
                return bool(self.opponent_combat_units(tid, fid))
            return bool(self.opponent_workers_only(tid, fid))
        who = self.controller(tid)
        if who in (None, fid):
            return False
        mine = self.units_at(tid, who)
        if combat_units:
            return any(get_count(mine, k) > 0 for k in COMBAT_UNITS)
        return get_count(mine, "worker") > 0

    def check_worker_step(self, fid, cur, nxt, vacated):
        """scythe.move.worker-blocked-by-*: a worker moving by itself."""
        require(not self.blocks_worker(cur, fid, True), "scythe.move.worker-blocked-by-combat-units")
        require(not self.blocks_worker(nxt, fid, True), "scythe.move.worker-blocked-by-combat-units")
        require(not self.blocks_worker(nxt, fid, False), "scythe.move.worker-blocked-by-workers")
        if nxt in vacated and not self.worker_may_use_vacated():
            raise Illegal("scythe.move.worker-blocked-by-workers")

    def carrying_is_not_a_move(self):
        """scythe.carried-workers: riding on a mech is not the worker's own move ("not-a-move")."""
        return self.reading("scythe.carried-workers") == "not-a-move"

    def workers_move_once(self, pools, trips, i=0):
        """Under "not-a-move": the action says how many workers a mech carries, not which, so the
        trips are possible when some choice of riders leaves a worker that has not moved by itself
        for every trip a worker makes by itself.  pools: territory -> [fresh, spent]."""
        if i == len(trips):
            return True
        frm, to, n, carried = trips[i]
        if not carried:
            if pools.get(frm, [0, 0])[0] == 0:
                return False
            p = {k: list(v) for k, v in pools.items()}
            p[frm][0] -= 1
            p.setdefault(to, [0, 0])[1] += 1
            return self.workers_move_once(p, trips, i + 1)
        fresh, spent = pools.get(frm, [0, 0])
        for riders_spent in range(max(0, n - fresh), min(n, spent) + 1):
            p = {k: list(v) for k, v in pools.items()}
            p[frm][0] -= n - riders_spent
            p[frm][1] -= riders_spent
            dest = p.setdefault(to, [0, 0])
            dest[0] += n - riders_spent
            dest[1] += riders_spent
            if self.workers_move_once(p, trips, i + 1):
                return True
        return False

    def act_move(self, a):
        fid = field(a, "faction", "/action")
        if fid not in self.factions:
            raise BadRequest(f"/action/faction: unknown faction {fid!r}")
        moves = field(a, "moves", "/action")
        if not isinstance(moves, list):
            raise BadRequest("/action/moves: expected a list")
        # scythe.units-per-move: under "ruleset-cap" at most units_per_move units move (riders on a
        # mech not counted).
        if self.reading("scythe.units-per-move") == "ruleset-cap":
            require(len(moves) <= self.number("units_per_move"), "scythe.move.units-per-action")
        not_a_move = self.carrying_is_not_a_move()
        pools = {tid: [get_count(self.units_at(tid, fid), "worker"), 0] for tid in self.territories}
        trips = []
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
            # the unit (and what it carries) must be there and not have moved yet; under
            # "not-a-move" workers are checked with the trips of the whole action instead
            if unit == "worker" and not_a_move:
                require(get_count(self.units_at(start, fid), "worker") >= 1, "scythe.move.unit-present")
            else:
                self.check_unit_ready(fid, start, unit, 1, unmoved, encounter_entries)
                unmoved[(start, unit)] -= 1
            if not_a_move:
                require(get_count(self.units_at(start, fid), "worker") >= carried, "scythe.move.unit-present")
            else:
                self.check_unit_ready(fid, start, "worker", carried, unmoved, encounter_entries)
                unmoved[(start, "worker")] -= carried
            require(len(path) >= 1, "scythe.move.path")
            require(len(path) <= self.move_range(unit), "scythe.move.range")
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
                    elif self.held_by_opponent_workers(nxt, fid):
                        require(last, "scythe.move.workers-stop")
                        stopped = True
                        n = self.retreat_workers(nxt, fid)
                        self.lose_popularity(fid, self.popularity_loss(n))
                        self.forget_holder_if_alone(nxt)
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
            self.forget_holder_if_alone(start)
            if not_a_move:
                if unit == "worker":
                    trips.append((start, cur, 1, False))
                if carried:
                    trips.append((start, cur, carried, True))
                require(self.workers_move_once(pools, trips), "scythe.move.once-per-action")
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
            elif t.get("held_by") not in self.present(tid):
                # the holder left a territory others still share: the first of them by name
                t["held_by"] = sorted(self.present(tid))[0]
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
