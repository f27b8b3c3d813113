"""Tabletop Dojo's rules engine: pure Python, one package per game plus ``engine.core``.

>>> from engine import IllegalAction, BadSave
>>> issubclass(IllegalAction, ValueError) and issubclass(BadSave, ValueError)
True
"""

from .core import BadSave, BadSheet, GameInfo, IllegalAction, Outcome, Step

__all__ = ["BadSave", "BadSheet", "GameInfo", "IllegalAction", "Outcome", "Step"]
