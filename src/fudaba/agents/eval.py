"""Heuristic evaluations of unfinished games, for search rollouts cut off after ``depth`` decisions
(``ismcts:depth=N``; docs/agents.md, *Cut-off rollouts*).

A game's evaluation is named by its descriptor (``evaluate = "module:function"``): ``evaluate(state)
-> float``, seat 0's chances in ``state`` (a search's determinization, never a true state), from 0
(lost) to 1 (won). :func:`evaluation` finds it.

>>> round(logistic(0.0), 3), round(logistic(3.0), 3), round(logistic(-3.0), 3)
(0.5, 0.953, 0.047)
"""

from __future__ import annotations

from ..core.agent import logistic as logistic  # re-exported: evaluations import it from here too
from .games import evaluation as evaluation

__all__ = ["evaluation", "logistic"]
