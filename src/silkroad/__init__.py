"""silkroad: rules engines for Dunhuang, Serica and Kashgar.

Every title implements one contract (:class:`silkroad.Game`) and is found by name::

    >>> import silkroad
    >>> sorted(silkroad.GAMES)  # doctest: +SKIP
    ['kashgar', ...]
    >>> game = silkroad.get_game("kashgar")  # doctest: +SKIP

See ``docs/index.md`` for a complete game loop.
"""

from silkroad.core.errors import (
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    ReplayError,
    RulesError,
    StateError,
    UnknownCardError,
    UnknownGameError,
)
from silkroad.core.game import Chance, Game, GameDefinition, GameSpec, Information, Outcome
from silkroad.core.registry import GAMES, get_game, register, unregister

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Chance",
    "DataError",
    "Game",
    "GameDefinition",
    "GameSpec",
    "IllegalMoveError",
    "Information",
    "InvalidMoveError",
    "Outcome",
    "ReplayError",
    "RulesError",
    "StateError",
    "UnknownCardError",
    "UnknownGameError",
    "__version__",
    "get_game",
    "register",
    "unregister",
]
