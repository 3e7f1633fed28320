"""Project Maken's AI pieces, named by its descriptor: the greedy agent (``greedy.py``) and the
evaluation of unfinished games for cut-off search (``evaluate.py``)."""

from .evaluate import evaluate
from .greedy import MakenGreedy

__all__ = ["MakenGreedy", "evaluate"]
