"""Project Maken (プロジェクト魔剣), a fighting-game betting duel — see specs/maken.md."""

from ...core.descriptor import GameDescriptor
from . import rules as rules
from .game import MakenGame
from .state import MState

DESCRIPTOR = GameDescriptor(
    name="maken",
    title=("Project Maken", 'プロジェクト魔剣'),
    summary=("A fighting-game card duel: bets compared by speed and reach, guards, guard breaks and cancels, life cards.",
             "格闘ゲームのカード対戦: 速度と間合いで比べるベット、ガード、ガードブレイクとガードキャンセル、LP札。"),
    game="fudaba.games.maken.game:MakenGame",
    text="fudaba.games.maken.text",
    agent="fudaba.agents.maken:MakenGreedy",
    evaluate="fudaba.agents.maken:evaluate",
    levels={"normal": "c=0.5,depth=20,iters=40", "hard": "c=0.5,depth=20,iters=160"},
    extras={"encoding": "fudaba.games.maken.encoding"},
    web_table="../../server/static/js/games/maken.js",
)

GAME = MakenGame

__all__ = ["DESCRIPTOR", "GAME", "MState", "MakenGame", "rules"]
