"""Walpurgis's greedy agent and evaluation live in its package (``games/walpurgis/ai/``, issue 19):
this name stays until the agents read them through the game's descriptor."""

from ..games.walpurgis.ai import WalpurgisGreedy, evaluate

__all__ = ["WalpurgisGreedy", "evaluate"]
