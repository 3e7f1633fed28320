"""fudaba (札場) — rules engine, AI and play table for Japanese card games.

>>> import fudaba
>>> "sarasvati" in fudaba.games()
True
"""

from . import games  # callable: fudaba.games() lists the playable games
from .core import (
    ENGINE_VERSION,
    Action,
    CardDataError,
    Decision,
    Deck,
    DeckError,
    Event,
    FudabaError,
    Game,
    IllegalAction,
    ParameterError,
    PositionError,
    Record,
    State,
    UnknownCard,
    UnknownGame,
    load_game,
    replay,
)

__version__ = ENGINE_VERSION

__all__ = [
    "Action",
    "CardDataError",
    "Decision",
    "Deck",
    "DeckError",
    "Event",
    "FudabaError",
    "Game",
    "IllegalAction",
    "ParameterError",
    "PositionError",
    "Record",
    "State",
    "UnknownCard",
    "UnknownGame",
    "__version__",
    "games",
    "load_game",
    "replay",
]
