"""Genso Suikoden Card Stories (幻想水滸伝カードストーリーズ): spec ``specs/suikoden.md``.

The package's one export is ``DESCRIPTOR``, registered under the entry-point group ``fudaba.games``;
it names the game's parts by ``module:name``, so importing this module imports nothing of the game.
"""

from ...core.descriptor import GameDescriptor

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
    extras={
        "lab": "fudaba.games.suikoden.lab",
        "lessons": "fudaba.games.suikoden.lessons:LESSONS",
        "encoding": "fudaba.games.suikoden.encoding",
    },
)

__all__ = ["DESCRIPTOR"]
