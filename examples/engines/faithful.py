#!/usr/bin/env python3
"""faithful.py: an example engine under test for rulecheck, written from the rule texts.

The entry script: the rules and the protocol live in the package faithful_engine/ next to this
file (one module per rulebook section).  Engine, Messina, Scythe and main are re-exported here so
that the variants can write `from faithful import Engine, Messina, main`.

Python 3.11, standard library only.
"""

from faithful_engine import Engine, Messina, Scythe, main

__all__ = ["Engine", "Messina", "Scythe", "main"]

if __name__ == "__main__":
    main()
