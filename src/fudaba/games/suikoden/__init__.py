"""Genso Suikoden Card Stories (幻想水滸伝カードストーリーズ): spec ``specs/suikoden.md``."""

from .game import SuikodenGame
from .state import Mission, SuikodenState

GAME = SuikodenGame

__all__ = ["GAME", "Mission", "SuikodenGame", "SuikodenState"]
