"""What each game brings to the agents, read from its descriptor (``fudaba.core.descriptor``): its
greedy agent (``descriptor.agent``), its evaluation of unfinished games (``descriptor.evaluate``)
and the options of its levels' searches (``descriptor.levels``). No game is named here: a game
installed as a plugin gets ``greedy``, ``normal``, ``hard`` and cut-off rollouts the same way as the
built-in ones.

>>> level_options("A game fudaba does not know", "normal")
{}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.agent import Agent
from ..core.descriptor import GameDescriptor
from ..core.errors import UnknownGame
from ..core.registry import descriptors


def _descriptor(game: str | None) -> GameDescriptor | None:
    return descriptors().get(game) if isinstance(game, str) else None


def greedy_agent(game: str | None) -> Agent:
    """A new greedy agent of the game named ``game`` (its descriptor's ``agent``); UnknownGame when
    the game has none or it is no :class:`Agent`."""
    d = _descriptor(game)
    if d is None or not d.agent:
        raise UnknownGame(f"no greedy agent for game {game!r}")
    cls = d.capability("agent")
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise UnknownGame(f"game {game!r}: its descriptor's agent {d.agent!r} is not an Agent subclass")
    agent: Agent = cls()
    return agent


def evaluation(game: str | None) -> Callable[[Any], float] | None:
    """The evaluation of the game named ``game`` (its descriptor's ``evaluate``: seat 0's chances in
    a state, 0 to 1); None when it has none (a cut-off rollout is then a draw)."""
    d = _descriptor(game)
    if d is None or not d.evaluate:
        return None
    f = d.capability("evaluate")
    if not callable(f):
        raise UnknownGame(f"game {game!r}: its descriptor's evaluate {d.evaluate!r} is not a function")
    fn: Callable[[Any], float] = f
    return fn


def level_options(game: str | None, level: str) -> dict[str, str]:
    """The ISMCTS options of ``level`` that the game named ``game`` sets (its descriptor's
    ``levels[level]``, ``"c=0.5,depth=20,iters=40"``), in their order; {} for none or an unknown game.
    UnknownGame names the game and the item that is not ``key=value``."""
    d = _descriptor(game)
    text = d.levels.get(level, "") if d is not None else ""
    out: dict[str, str] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        key, eq, value = (x.strip() for x in item.partition("="))
        if not eq or not key or not value:
            raise UnknownGame(f"game {game!r}: level {level!r}: {item.strip()!r} is not key=value")
        out[key.lower()] = value
    return out


__all__ = ["evaluation", "greedy_agent", "level_options"]
