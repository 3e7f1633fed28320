"""Sarasvati TCG (サラスヴァティTCG(仮)) — spec ``specs/sarasvati.md``.

>>> import fudaba
>>> g = fudaba.load_game("sarasvati")
>>> g.cards["SV-R1"].name
'第零の司書・サラ'
"""

from .game import SarasvatiGame
from .state import SarasvatiState

GAME = SarasvatiGame

__all__ = ["GAME", "SarasvatiGame", "SarasvatiState"]
