"""Walpurgis (戦略的弾幕配置TCG "Walpurgis"), variants v2.01 and v1.01 — see specs/walpurgis.md."""

from ...core.descriptor import GameDescriptor
from . import rules as rules
from .game import WalpurgisGame
from .state import WState

DESCRIPTOR = GameDescriptor(
    name="walpurgis",
    title=("Walpurgis", '戦略的弾幕配置TCG "Walpurgis"'),
    summary=("A Touhou danmaku card game on a 5×5 grid: activation chains, interception, bullet processing.",
             "5×5の盤面で弾幕を配置する東方TCG: 連鎖、迎撃、弾幕処理。"),
    game="fudaba.games.walpurgis.game:WalpurgisGame",
    text="fudaba.games.walpurgis.text",
    agent="fudaba.agents.walpurgis:WalpurgisGreedy",
    evaluate="fudaba.agents.walpurgis:evaluate",
    levels={"normal": "c=0.5,depth=20,iters=160", "hard": "c=0.5,depth=20,iters=640"},
    extras={"encoding": "fudaba.games.walpurgis.encoding"},
    web_table="../../server/static/js/games/walpurgis.js",
)

GAME = WalpurgisGame

__all__ = ["DESCRIPTOR", "GAME", "WState", "WalpurgisGame", "rules"]
