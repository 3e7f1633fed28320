"""Walpurgis (戦略的弾幕配置TCG "Walpurgis"), variants v2.01 and v1.01 — see specs/walpurgis.md.

The package's one export is ``DESCRIPTOR``, registered under the entry-point group ``fudaba.games``
(pyproject.toml). Importing this module imports nothing of the game: the descriptor names its parts
by ``module:name`` — the game (``game.py``: ``WalpurgisGame``, whose state is ``state.py``'s
``WalpurgisState`` and whose rules and decision kinds are the ``rules`` package), the text
(``text/``), the greedy agent and evaluation (``ai/``), the property-test hooks (``testing.py``) and
the browser table (``web/``).
"""

from ...core.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    name="walpurgis",
    title=("Walpurgis", '戦略的弾幕配置TCG "Walpurgis"'),
    summary=("A Touhou danmaku card game on a 5×5 grid: activation chains, interception, bullet processing.",
             "5×5の盤面で弾幕を配置する東方TCG: 連鎖、迎撃、弾幕処理。"),
    game="fudaba.games.walpurgis.game:WalpurgisGame",
    text="fudaba.games.walpurgis.text",
    agent="fudaba.games.walpurgis.ai:WalpurgisGreedy",
    evaluate="fudaba.games.walpurgis.ai:evaluate",
    levels={"normal": "c=0.5,depth=20,iters=160", "hard": "c=0.5,depth=20,iters=640"},
    web_table="web/table.js",
    web_style="web/table.css",
    testing="fudaba.games.walpurgis.testing",
    extras={
        "lab": "fudaba.games.walpurgis.lab",
        "lessons": "fudaba.games.walpurgis.lessons:LESSONS",
        "encoding": "fudaba.games.walpurgis.encoding",
    },
)

__all__ = ["DESCRIPTOR"]
