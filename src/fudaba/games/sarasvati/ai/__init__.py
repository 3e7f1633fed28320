"""Sarasvati's own players: the greedy agent (``greedy.py``) and the evaluation of unfinished games
for a search's cut-off rollouts (``evaluate.py``), named by the game's descriptor."""

from .evaluate import evaluate
from .greedy import SarasvatiGreedy

__all__ = ["SarasvatiGreedy", "evaluate"]
