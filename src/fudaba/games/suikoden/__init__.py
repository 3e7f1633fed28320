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
    agent="fudaba.games.suikoden.ai:SuikodenGreedy",
    evaluate="fudaba.games.suikoden.ai:evaluate",
    levels={"normal": "c=0.5,depth=20,iters=200", "hard": "c=0.5,depth=20,iters=800"},
    # served at /static/js/games/suikoden.js and /static/css/suikoden.css: its imports (../dom.js,
    # ./common.js) and its stylesheet's URL are the shell's, relative to that place
    web_table="web/table.js",
    web_style="web/table.css",
    testing="fudaba.games.suikoden.testing",
)

GAME = SuikodenGame

__all__ = ["DESCRIPTOR", "GAME", "Mission", "SuikodenGame", "SuikodenState"]
