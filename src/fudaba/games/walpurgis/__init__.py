"""Walpurgis (戦略的弾幕配置TCG "Walpurgis"), variants v2.01 and v1.01 — see specs/walpurgis.md."""

from . import rules as rules
from .game import WalpurgisGame
from .state import WState

GAME = WalpurgisGame

__all__ = ["GAME", "WState", "WalpurgisGame", "rules"]
