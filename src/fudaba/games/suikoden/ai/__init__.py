"""Suikoden's own AI, named by its descriptor: the greedy agent (``greedy.py`` its main-phase
choices and the dispatch by decision kind, ``read.py`` its reading of the view — values and plans —,
``battle.py`` its choices inside a mission) and the evaluation of an unfinished game for a search's
cut-off rollouts (``evaluation.py``). It plays from its information set only (docs/agents.md)."""

from .evaluation import PROSPECT_W, evaluate, mission_prospects
from .greedy import SuikodenGreedy

__all__ = ["PROSPECT_W", "SuikodenGreedy", "evaluate", "mission_prospects"]
