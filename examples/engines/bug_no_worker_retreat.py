#!/usr/bin/env python3
"""Seeded bug (Scythe): a character or mech entering a territory held by opponent workers stops,
but the workers stay where they are (and so nobody loses popularity).

Breaks scythe.move.workers-retreat.
"""
from faithful import Engine, Scythe, main


class NoWorkerRetreat(Scythe):
    def retreat_workers(self, tid, fid):
        return 0  # the bug: nobody is sent home


if __name__ == "__main__":
    main(Engine(name="bug-no-worker-retreat: opponent workers stay when a mech/character stops",
                scythe=NoWorkerRetreat))
