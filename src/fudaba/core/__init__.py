"""fudaba.core — the game-agnostic engine (standard library only)."""

from .actions import Action, Decision
from .cards import CardPool, Where
from .decks import Deck, parse_deck_text
from .documents import ENGINE_VERSION
from .errors import (
    CardDataError,
    DeckError,
    FudabaError,
    IllegalAction,
    ParameterError,
    PositionError,
    Refusal,
    UnknownCard,
    UnknownGame,
)
from .events import Event
from .game import Game
from .infoset import InfoSet
from .positions import check_keys, read_document
from .record import Record, replay
from .registry import game_class, games, load_game
from .rng import Rng
from .state import State

__all__ = [
    "ENGINE_VERSION",
    "Action",
    "CardDataError",
    "CardPool",
    "Decision",
    "Deck",
    "DeckError",
    "Event",
    "FudabaError",
    "Game",
    "IllegalAction",
    "InfoSet",
    "ParameterError",
    "PositionError",
    "Record",
    "Refusal",
    "Rng",
    "State",
    "UnknownCard",
    "UnknownGame",
    "Where",
    "check_keys",
    "game_class",
    "games",
    "load_game",
    "parse_deck_text",
    "read_document",
    "replay",
]
