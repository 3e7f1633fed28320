"""Sarasvati TCG (サラスヴァティTCG(仮)) — spec ``specs/sarasvati.md``.

>>> import fudaba
>>> g = fudaba.load_game("sarasvati")
>>> g.cards["SV-R1"].name
'第零の司書・サラ'
"""

from ...core.descriptor import GameDescriptor
from .game import SarasvatiGame
from .state import SarasvatiState

DESCRIPTOR = GameDescriptor(
    name="sarasvati",
    title=("Sarasvati TCG", 'サラスヴァティTCG(仮)'),
    summary=("A Duel-Masters-like game designed to be played by posting: voltage, front and back rows, three forbidden books.",
             "書き込みで対戦する前提のデュエマ系TCG: ボルテージ、前列と後列、3枚の禁書。"),
    game="fudaba.games.sarasvati.game:SarasvatiGame",
    text="fudaba.games.sarasvati.text",
    agent="fudaba.agents.sarasvati:SarasvatiGreedy",
    evaluate="fudaba.agents.sarasvati:evaluate",
    levels={"normal": "iters=120", "hard": "iters=480"},
    extras={"encoding": "fudaba.games.sarasvati.encoding"},
    web_table="../../server/static/js/games/sarasvati.js",
)

GAME = SarasvatiGame

__all__ = ["DESCRIPTOR", "GAME", "SarasvatiGame", "SarasvatiState"]
