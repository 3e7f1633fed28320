"""Game registry: ``fudaba.games()`` and ``fudaba.load_game`` (ARCHITECTURE §2, §4).

Games are plugins: each is a :class:`~fudaba.core.descriptor.GameDescriptor` found through the
entry-point group ``fudaba.games`` (fudaba's own four games register there as a third-party game
does), or given in-process with :func:`register`. Running from a source tree that was never
installed, the packages under ``fudaba.games`` that export a ``DESCRIPTOR`` are found instead.
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from .descriptor import GameDescriptor
from .errors import UnknownGame

if TYPE_CHECKING:
    from .game import Game

GROUP = "fudaba.games"

#: games registered in this process (:func:`register`), over the entry points
_REGISTERED: dict[str, GameDescriptor] = {}
_FOUND: dict[str, GameDescriptor] | None = None


def register(desc: GameDescriptor) -> None:
    """Make a game known to this process without installing it (tests, notebooks)."""
    if not isinstance(desc, GameDescriptor):
        raise TypeError(f"register() takes a GameDescriptor, not {type(desc).__name__}")
    _REGISTERED[desc.name] = desc


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def _discover() -> dict[str, GameDescriptor]:
    found: dict[str, GameDescriptor] = {}
    for ep in entry_points(group=GROUP):
        try:
            desc = ep.load()
        except Exception as e:  # a broken plugin must not break fudaba: say which, and go on
            warnings.warn(f"fudaba: game plugin {ep.name!r} ({ep.value}) cannot be loaded: {e}", stacklevel=2)
            continue
        if isinstance(desc, GameDescriptor):
            found.setdefault(desc.name, desc)
    if not found:  # a source tree never installed: the packages of fudaba.games
        pkg = importlib.import_module("fudaba.games")
        for info in pkgutil.iter_modules(pkg.__path__, "fudaba.games."):
            desc = getattr(importlib.import_module(info.name), "DESCRIPTOR", None)
            if isinstance(desc, GameDescriptor):
                found[desc.name] = desc
    return found


def descriptors() -> dict[str, GameDescriptor]:
    """Every game this process can play, by name (found once, then remembered)."""
    global _FOUND
    if _FOUND is None:
        _FOUND = _discover()
    return {**_FOUND, **_REGISTERED}


def games() -> list[str]:
    """Names of the games this engine plays, sorted."""
    return sorted(descriptors())


def descriptor(name: object) -> GameDescriptor:
    """The descriptor of the game named ``name`` (UnknownGame naming the games there are)."""
    if not isinstance(name, str):
        raise UnknownGame(f"a game is named by text, not {type(name).__name__}; games: {', '.join(games())}")
    key = name.strip().lower()
    found = descriptors()
    if key not in found:
        raise UnknownGame(f"unknown game {name!r:.60}; games: {', '.join(sorted(found))}")
    return found[key]


def game_class(name: str) -> type[Game]:
    return descriptor(name).game_class


def load_game(name: str, variant: str | None = None, **params: Any) -> Game:
    """A game with its variant and parameters (defaults filled in); bad ones raise UnknownGame."""
    return game_class(name)(variant, **params)


__all__ = ["GROUP", "descriptor", "descriptors", "game_class", "games", "load_game", "register", "unregister"]
