"""Walpurgis lessons (issue 22): the data file ``lessons.toml`` and the game's own goal checks.

``{check = "formation", square = "3c", owner = "me", state = ["up", "dormant"]}`` — the square holds a
formation of that player (in one of those states; any formation when ``state`` is left out).
``{check = "formations", owner = "me", ge = 13}`` — how many squares hold a formation of that player
(``ge``, ``le`` or ``eq``). Both read the learner's view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.lessons import LessonBook
from ...core.state import State

#: the states of a formation (a bullet is no formation, §1)
FORMATION = ("active", "dormant", "up", "activating")


def _owner(goal: Mapping[str, Any], seat: int) -> int:
    return seat if goal.get("owner", "me") == "me" else 1 - seat


def _states(goal: Mapping[str, Any]) -> tuple[str, ...]:
    want = goal.get("state", FORMATION)
    return (want,) if isinstance(want, str) else tuple(want)


def _board(st: State, seat: int) -> Mapping[str, list[Mapping[str, Any]]]:
    board: Mapping[str, list[Mapping[str, Any]]] = st.view(seat)["table"]["board"]
    return board


def formation(st: State, seat: int, goal: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> bool:
    owner, states = _owner(goal, seat), _states(goal)
    return any(c.get("owner") == owner and c.get("state") in states
               for c in _board(st, seat).get(str(goal.get("square")), []))


def formations(st: State, seat: int, goal: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> bool:
    owner = _owner(goal, seat)
    n = sum(1 for cards in _board(st, seat).values()
            if any(c.get("owner") == owner and c.get("state") in FORMATION for c in cards))
    return bool(n >= goal.get("ge", n) and n <= goal.get("le", n) and n == goal.get("eq", n))


LESSONS = LessonBook(__package__ or "fudaba.games.walpurgis", "lessons.toml",
                     {"formation": formation, "formations": formations})

__all__ = ["LESSONS", "formation", "formations"]
