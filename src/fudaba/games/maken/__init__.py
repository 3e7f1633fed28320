"""Project Maken (プロジェクト魔剣), a fighting-game betting duel — see specs/maken.md.

The package's one export is ``DESCRIPTOR``, registered under the entry-point group ``fudaba.games``;
it names the game's parts by ``module:name``, so importing this module imports nothing of the game.
"""

from __future__ import annotations

from ...core.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    name="maken",
    title=("Project Maken", "プロジェクト魔剣"),
    summary=("A fighting-game card duel: bets compared by speed and reach, guards, guard breaks and cancels, life cards.",
             "格闘ゲームのカード対戦: 速度と間合いで比べるベット、ガード、ガードブレイクとガードキャンセル、LP札。"),
    game="fudaba.games.maken.game:MakenGame",
    text="fudaba.games.maken.text",
    agent="fudaba.games.maken.ai:MakenGreedy",
    evaluate="fudaba.games.maken.ai:evaluate",
    levels={"normal": "c=0.5,depth=20,iters=40", "hard": "c=0.5,depth=20,iters=160"},
    web_table="web/table.js",
    web_style="web/table.css",
    testing="fudaba.games.maken.testing",
    extras={
        "lab": "fudaba.games.maken.lab",
        "lessons": "fudaba.games.maken.lessons:LESSONS",
        "encoding": "fudaba.games.maken.encoding",
    },
)

__all__ = ["DESCRIPTOR"]
