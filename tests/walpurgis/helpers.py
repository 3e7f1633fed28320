"""Helpers for the Walpurgis tests: build positions tersely and drive decisions."""

from __future__ import annotations

from typing import Any

import fudaba
from fudaba.games.walpurgis.state import WalpurgisState

FILL0 = ["W-RM-01"] * 6  # deck filler (top first)
FILL1 = ["W-RR-01"] * 6


def game(variant: str = "v2.01", **params: Any) -> Any:
    return fudaba.load_game("walpurgis", variant, **params)


def pos(
    board: dict[str, list[tuple[int, str, str]]] | None = None,
    hands: tuple[list[str], list[str]] = ([], []),
    decks: tuple[list[str], list[str]] | None = None,
    piles: tuple[list[str], list[str]] = ([], []),
    discards: tuple[list[str], list[str]] = ([], []),
    variant: str = "v2.01",
    active: int = 0,
    turn: int = 5,
    phase: str = "main",
    params: dict[str, Any] | None = None,
    **extra: Any,
) -> WalpurgisState:
    """A position; ``board`` maps squares to ``(owner, card, state)`` bottom first."""
    decks = decks if decks is not None else (list(FILL0), list(FILL1))
    doc: dict[str, Any] = {
        "game": "walpurgis",
        "variant": variant,
        "turn": turn,
        "active": active,
        "first": 0,
        "phase": phase,
        "seed": 1,
        "seat": [
            {"hand": hands[p], "deck": decks[p], "discard": discards[p], "bullet_pile": piles[p]} for p in (0, 1)
        ],
        "board": {
            sq: [{"owner": o, "card": c, "state": s} for o, c, s in cards] for sq, cards in (board or {}).items()
        },
    }
    if params:
        doc["params"] = params
    doc.update(extra)
    st = game(variant).load_position(doc)
    assert isinstance(st, WalpurgisState)
    return st


def cell(st: WalpurgisState, sq: str) -> list[tuple[int, str, str]]:
    """What is on a square, as ``(owner, card, state word)`` bottom first."""
    from fudaba.games.walpurgis.cards import SQ_INDEX
    from fudaba.games.walpurgis.state import WORDS

    return [(o, c, WORDS[s]) for o, c, s, _f in st.board[SQ_INDEX[sq]]]


def texts(st: WalpurgisState) -> list[str]:
    return [a.text for a in st.legal_actions()]


def play(st: WalpurgisState, *actions: str) -> WalpurgisState:
    for a in actions:
        st.apply(a)
    return st


def kinds(st: WalpurgisState, since: int = 0) -> list[str]:
    return [e.kind for e in st.log[since:]]
