"""faithful_engine: an example engine under test for rulecheck, written from the rule texts.

It speaks the engine protocol (version 1, docs/engine-protocol.md): one JSON object per line on
stdin, one JSON answer per line on stdout, in request order.  It plays Messina (population,
consumption, muster, Location Cards, Friendly Area) and Scythe (movement).

The modules mirror the C++ oracle's files, one per rulebook section:

    protocol.py             the request loop: hello, Engine, main
    common.py               outcomes (Illegal, BadRequest, Unsupported), field helpers, the
                            canonical state, the interpretation readings, the Rules base class
    messina/board.py        state access, backed units, stacking counts, removing units
    messina/population.py   Population Supply and Movement: placement, interconversion, no return
    messina/friendly_area.py  Population Supply and Movement: the Friendly Area, hostility
    messina/consumption.py  Consumption Phase
    messina/muster.py       Muster Phase (and the Re-arm shield op)
    messina/location_cards.py  Location Cards
    messina/validate.py     the Messina state validator
    scythe/model.py         Scythe units and state access
    scythe/movement.py      Scythe, "Where you can move to/from"
    scythe/validate.py      the Scythe state validator

Every rule decision is one small named method of `Messina` or `Scythe` (each combined from one
mixin class per section module), so a variant engine can subclass one of them, override a single
method to carry one rule bug, and serve the subclass with `Engine(...)` (see the bug_*.py files
next to faithful.py).

Python 3.11, standard library only.
"""

from .messina import Messina
from .protocol import Engine, main
from .scythe import Scythe

__all__ = ["Engine", "Messina", "Scythe", "main"]
