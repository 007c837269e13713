#!/usr/bin/env python3
"""Seeded bug: a Disaffected token is recovered to Spare after a shortfall too, not only after a
full feeding.

Breaks messina.consumption.recovery.
"""
from faithful import Engine, Messina, main


class RecoverAfterShortfall(Messina):
    def recovered(self, started_disaffected, fully_fed):
        return super().recovered(started_disaffected, True)  # the bug: fully_fed ignored


if __name__ == "__main__":
    main(Engine(name="bug-recover-after-shortfall: a Disaffected recovers after a shortfall too",
                messina=RecoverAfterShortfall))
