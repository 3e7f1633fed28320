"""Heuristic evaluations of unfinished games, for search rollouts cut off after ``depth`` decisions
(``ismcts:depth=N``; docs/agents.md, *Cut-off rollouts*).

Each game's agent module has ``evaluate(state) -> float``: seat 0's chances in ``state`` (a search's
determinization, never a true state), from 0 (lost) to 1 (won). :data:`EVALUATE` names them.

>>> round(logistic(0.0), 3), round(logistic(3.0), 3), round(logistic(-3.0), 3)
(0.5, 0.953, 0.047)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..core.agent import logistic as logistic  # re-exported: evaluations import it from here too

#: game -> "module:function" of its evaluation
EVALUATE = {
    "maken": "fudaba.agents.maken:evaluate",
    "sarasvati": "fudaba.agents.sarasvati:evaluate",
    "suikoden": "fudaba.agents.suikoden:evaluate",
    "walpurgis": "fudaba.agents.walpurgis:evaluate",
}




def evaluation(game: str) -> Callable[[Any], float] | None:
    """The evaluation of the game named ``game`` (None: it has none; a cut-off rollout is a draw)."""
    path = EVALUATE.get(game)
    if path is None:
        return None
    mod, fn = path.split(":")
    f: Callable[[Any], float] = getattr(importlib.import_module(mod), fn)
    return f
