"""Moved to ``fudaba.games.maken.ai`` (issue 19): kept until the agents read the descriptor."""

from ..games.maken.ai import MakenGreedy, evaluate

__all__ = ["MakenGreedy", "evaluate"]
