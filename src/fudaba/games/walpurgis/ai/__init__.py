"""Walpurgis's own players: the greedy agent (``greedy.py``) and the evaluation of unfinished games
for cut-off search (``evaluation.py``), named by the game's descriptor."""

from .evaluation import evaluate
from .greedy import WalpurgisGreedy

__all__ = ["WalpurgisGreedy", "evaluate"]
