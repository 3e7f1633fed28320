"""Sarasvati TCG (サラスヴァティTCG(仮)) — spec ``specs/sarasvati.md``.

The package's one export is ``DESCRIPTOR``, registered under the entry-point group ``fudaba.games``;
it names the game's parts by ``module:name``, so importing this module imports nothing of the game.

>>> import fudaba
>>> g = fudaba.load_game("sarasvati")
>>> g.cards["SV-R1"].name
'第零の司書・サラ'
"""

from ...core.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    name="sarasvati",
    title=("Sarasvati TCG", 'サラスヴァティTCG(仮)'),
    summary=("A Duel-Masters-like game designed to be played by posting: voltage, front and back rows, three forbidden books.",
             "書き込みで対戦する前提のデュエマ系TCG: ボルテージ、前列と後列、3枚の禁書。"),
    game="fudaba.games.sarasvati.game:SarasvatiGame",
    text="fudaba.games.sarasvati.text",
    agent="fudaba.games.sarasvati.ai:SarasvatiGreedy",
    evaluate="fudaba.games.sarasvati.ai:evaluate",
    levels={"normal": "iters=120", "hard": "iters=480"},
    web_table="web/table.js",
    web_style="web/table.css",
    testing="fudaba.games.sarasvati.testing",
    extras={
        "lab": "fudaba.games.sarasvati.lab",
        "post": "fudaba.games.sarasvati.post:POST",
        "lessons": "fudaba.games.sarasvati.lessons:LESSONS",
        "encoding": "fudaba.games.sarasvati.encoding",
    },
)


__all__ = ["DESCRIPTOR"]
