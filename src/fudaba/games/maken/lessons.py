"""Project Maken lessons (issue 22): the data file ``lessons.toml`` and the game's own goal checks.

``{check = "damage", who = "opponent", ge = 4}`` — the damage that player has taken since the lesson
began, from the ``damage`` events of the learner's log (``ge``, ``le`` or ``eq``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.lessons import LessonBook
from ...core.state import State


def damage(st: State, seat: int, goal: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> bool:
    who = seat if goal.get("who", "opponent") == "me" else 1 - seat
    n = sum(int(e.get("count", 0)) for e in events if e.get("kind") == "damage" and e.get("player") == who)
    return bool(n >= goal.get("ge", n) and n <= goal.get("le", n) and n == goal.get("eq", n))


LESSONS = LessonBook(__package__ or "fudaba.games.maken", "lessons.toml", {"damage": damage})

__all__ = ["LESSONS", "damage"]
