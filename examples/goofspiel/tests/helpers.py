"""Helpers of the Goofspiel tests: games from hand-written positions, played bid by bid."""

from __future__ import annotations

from typing import Any

import fudaba

from fudaba_goofspiel.state import GoofspielState


def ids(suit: str, ranks: Any) -> list[str]:
    return [f"GOF-{suit}{r:02d}" for r in ranks]


def start(prizes: list[int], ties: str = "discard") -> GoofspielState:
    """A game of ``len(prizes)`` ranks whose prizes deck is ``prizes`` (ranks, top first), at round 1."""
    n = len(prizes)
    g = fudaba.load_game("goofspiel", cards=n, ties=ties)
    st = g.load_position({"params": {"cards": n, "ties": ties}, "prizes": ids("D", prizes),
                          "seat": [{"hand": ids("H", range(1, n + 1))}, {"hand": ids("S", range(1, n + 1))}]})
    assert isinstance(st, GoofspielState)
    return st


def play(st: GoofspielState, bids0: list[int], bids1: list[int]) -> GoofspielState:
    """Both seats bid these ranks, round after round (a last card is bid by the engine)."""
    for a, b in zip(bids0, bids1, strict=True):
        if st.over or st.decision is None:
            break
        st.apply(f"bid {a}")
        if st.decision is not None and st.decision.player == 1:
            st.apply(f"bid {b}")
    return st
