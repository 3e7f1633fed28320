"""Game registry: ``fudaba.games()`` and ``fudaba.load_game`` (ARCHITECTURE §4)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import UnknownGame

if TYPE_CHECKING:  # the registry names game modules; it never imports a game at load time
    from .game import Game

#: name -> module that defines ``GAME`` (a Game subclass)
_GAMES: dict[str, str] = {
    "maken": "fudaba.games.maken",
    "sarasvati": "fudaba.games.sarasvati",
    "suikoden": "fudaba.games.suikoden",
    "walpurgis": "fudaba.games.walpurgis",
}

#: games with a draft spec but no engine yet
PLANNED: tuple[str, ...] = ()


def games() -> list[str]:
    """Names of the games this engine plays, sorted."""
    out = []
    for name, mod in _GAMES.items():
        try:
            m = importlib.import_module(mod)
        except ModuleNotFoundError:
            continue
        if hasattr(m, "GAME"):
            out.append(name)
    return sorted(out)


def game_class(name: str) -> type[Game]:
    if not isinstance(name, str):
        raise UnknownGame(f"a game is named by text, not {type(name).__name__}; games: {', '.join(games())}")
    key = name.strip().lower()
    if key not in _GAMES:
        if key in PLANNED:
            raise UnknownGame(f"game {name[:40]!r} is planned but not playable yet; playable: {', '.join(games())}")
        raise UnknownGame(f"unknown game {name[:40]!r}; games: {', '.join(games())}")
    try:
        mod = importlib.import_module(_GAMES[key])
    except ModuleNotFoundError:
        raise UnknownGame(f"game {name[:40]!r} is not installed in this build") from None
    if not hasattr(mod, "GAME"):
        raise UnknownGame(f"game {name[:40]!r} is not installed in this build")
    cls: type[Game] = mod.GAME
    return cls


def load_game(name: str, variant: str | None = None, **params: Any) -> Game:
    """A game with its variant and parameters (defaults filled in); bad ones raise UnknownGame."""
    return game_class(name)(variant, **params)
