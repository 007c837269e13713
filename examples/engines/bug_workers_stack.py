#!/usr/bin/env python3
"""Seeded bug: Workers in Utilities are counted towards the stacking limit.

Breaks messina.muster.stacking.workers.
"""
from faithful import Engine, Messina, main


class WorkersStack(Messina):
    def stacking_count(self, sid, fid):
        count = super().stacking_count(sid, fid)
        if self.reading("messina.stacking-scope") == "per-faction":
            return count + self.workers_at(sid, fid)
        return count + sum(u.get("workers", 0) for u in self.spaces[sid].get("utilities") or [])


if __name__ == "__main__":
    main(Engine(name="bug-workers-stack: workers in utilities count towards stacking",
                messina=WorkersStack))
