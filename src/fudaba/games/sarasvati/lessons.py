"""Sarasvati lessons (issue 22): the data file ``lessons.toml``. The shared goal vocabulary
(``core/lessons.py``: events such as ``summon``, ``destroyed``, ``book_open``, ``book_destroyed``,
``win``, ``survive``) says every goal; ``{check = "books_left", who = "opponent", le = 1}`` counts a
player's books not yet destroyed in the learner's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.lessons import LessonBook
from ...core.state import State


def books_left(st: State, seat: int, goal: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> bool:
    who = seat if goal.get("who", "opponent") == "me" else 1 - seat
    books = st.view(seat)["table"]["players"][who]["books"]
    n = sum(1 for b in books if b.get("state") != "destroyed")
    return bool(n >= goal.get("ge", n) and n <= goal.get("le", n) and n == goal.get("eq", n))


LESSONS = LessonBook(__package__ or "fudaba.games.sarasvati", "lessons.toml", {"books_left": books_left})

__all__ = ["LESSONS", "books_left"]
