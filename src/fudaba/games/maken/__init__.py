"""Project Maken (プロジェクト魔剣), a fighting-game betting duel — see specs/maken.md.

Importing this module imports nothing of the game: the descriptor names its parts by
``module:name``, and ``GAME`` (the :class:`~.game.MakenGame` class), ``MakenState`` and ``rules`` are
imported when first read.
"""

from __future__ import annotations

import importlib
from typing import Any

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
)

#: the parts read lazily: name -> (module, attribute; "" for the module itself)
_LAZY = {"GAME": (".game", "MakenGame"), "MakenGame": (".game", "MakenGame"), "MakenState": (".state", "MakenState"),
         "rules": (".rules", "")}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    mod, attr = _LAZY[name]
    m = importlib.import_module(mod, __name__)
    return getattr(m, attr) if attr else m


__all__ = ["DESCRIPTOR", "GAME", "MakenGame", "MakenState", "rules"]
