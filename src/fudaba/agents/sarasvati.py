"""Shim (issue 19): Sarasvati's greedy agent and evaluation live in ``games/sarasvati/ai/``."""

from ..games.sarasvati.ai import SarasvatiGreedy, evaluate

__all__ = ["SarasvatiGreedy", "evaluate"]
