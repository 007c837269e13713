"""Scythe (movement): the rules object, one mixin per file (mirrors oracle/scythe/*.cpp).

A variant engine subclasses `Scythe` and overrides one method.
"""

from ..common import Rules
from .model import Model
from .movement import Movement
from .validate import Validate


class Scythe(Model, Movement, Validate, Rules):
    GAME = "scythe"
