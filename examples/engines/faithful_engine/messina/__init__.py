"""Messina: the rules object, one mixin per rulebook section (mirrors oracle/messina/*.cpp).

A variant engine subclasses `Messina` and overrides one method; every section's methods are
found through `self`, so an override in the subclass is seen by all of them.
"""

from ..common import Rules
from .board import Board
from .consumption import Consumption
from .friendly_area import FriendlyArea
from .location_cards import LocationCards
from .muster import Muster
from .population import Population
from .validate import Validate


class Messina(Board, Population, FriendlyArea, Consumption, Muster, LocationCards, Validate,
              Rules):
    GAME = "messina"
