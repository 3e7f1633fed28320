"""Genso Suikoden Card Stories (幻想水滸伝カードストーリーズ): spec ``specs/suikoden.md``."""

from ...core.descriptor import GameDescriptor
from .game import SuikodenGame
from .state import Mission, SuikodenState

DESCRIPTOR = GameDescriptor(
    name="suikoden",
    title=("Genso Suikoden Card Stories", '幻想水滸伝カードストーリーズ'),
    summary=("Missions and facilities fought over by both players at once: links, troops, secret duels, victory points.",
             "両プレイヤーが同時に挑むミッションと施設: リンク、兵力、秘密の一騎討ち、勝利点。"),
    game="fudaba.games.suikoden.game:SuikodenGame",
    text="fudaba.games.suikoden.text",
    agent="fudaba.agents.suikoden:SuikodenGreedy",
    evaluate="fudaba.agents.suikoden:evaluate",
    levels={"normal": "c=0.5,depth=20,iters=200", "hard": "c=0.5,depth=20,iters=800"},
    extras={"encoding": "fudaba.games.suikoden.encoding"},
    web_table="../../server/static/js/games/suikoden.js",
)

GAME = SuikodenGame

__all__ = ["DESCRIPTOR", "GAME", "Mission", "SuikodenGame", "SuikodenState"]
