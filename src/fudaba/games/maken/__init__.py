"""Project Maken (プロジェクト魔剣), a fighting-game betting duel — see specs/maken.md."""

from . import rules as rules
from .game import MakenGame
from .state import MState

GAME = MakenGame

__all__ = ["GAME", "MState", "MakenGame", "rules"]
