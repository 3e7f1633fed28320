"""Moved to ``fudaba.games.suikoden.ai`` (issue 19): kept until ``agents`` reads the descriptor."""

from ..games.suikoden.ai import PROSPECT_W, SuikodenGreedy, evaluate, mission_prospects

__all__ = ["PROSPECT_W", "SuikodenGreedy", "evaluate", "mission_prospects"]
