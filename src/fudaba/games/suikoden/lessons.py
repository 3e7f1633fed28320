"""Genso Suikoden Card Stories lessons (issue 22): the data file ``lessons.toml``. The shared goal
vocabulary (``core/lessons.py``: events such as ``deploy``, ``clear``, ``betrayal``) says every goal;
``{check = "vp", who = "me", ge = 5}`` reads a player's victory points in the learner's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.lessons import LessonBook
from ...core.state import State


def vp(st: State, seat: int, goal: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> bool:
    who = seat if goal.get("who", "me") == "me" else 1 - seat
    n = int(st.view(seat)["table"]["players"][who]["vp"])
    return bool(n >= goal.get("ge", n) and n <= goal.get("le", n) and n == goal.get("eq", n))


LESSONS = LessonBook(__package__ or "fudaba.games.suikoden", "lessons.toml", {"vp": vp})

__all__ = ["LESSONS", "vp"]
