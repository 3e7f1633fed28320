"""§4 setup [TF]: characters revealed, decks shuffled, LP piles dealt, first TP, hands drawn, one
mulligan each (first TP first) (specs/maken.md §4)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ..actions import KEEP, MULLIGAN
from ..effects import draw
from ..state import MakenState


def setup(st: MakenState, ctx: Any) -> None:
    """§4 ①–④: the characters are public; each deck is shuffled, its top ``lp`` cards are the LP
    pile and the rest the stamina; the first TP is ``first`` (or drawn); each draws ``starting_hand``."""
    params = st.game.params
    n_lp = int(params["lp"])
    for p in (0, 1):
        s = st.deck[p]
        st.rng.shuffle(s)
        st.lp[p] = s[:n_lp]
        del s[:n_lp]
    first = params["first"]
    st.first = st.rng.randbelow(2) if first == "random" else int(first)
    st.active = st.first
    st.emit("setup", characters=list(st.char), first=st.first, lp=[len(st.lp[0]), len(st.lp[1])])
    for p in (st.first, 1 - st.first):
        draw(st, p, int(params["starting_hand"]), "setup")
    st.push("turn_start")
    if params["mulligan"]:
        st.push("mulligan", (1 - st.first,))
        st.push("mulligan", (st.first,))


def mulligan(st: MakenState, ctx: Any) -> None:
    """§4 ⑤: ``keep`` or ``mulligan``, once, the first TP first [decision: order]."""
    p = ctx[0]
    st.phase = "mulligan"
    st.ask(p, "mulligan", [KEEP, MULLIGAN], "mulligan", (p,), "mulligan: keep your hand or draw a new one")


def ans_mulligan(st: MakenState, a: Action, ctx: Any) -> None:
    """§4 ⑤ mulligan: the hand into the stamina, the stamina shuffled, ``starting_hand`` drawn again
    (the LP pile untouched)."""
    p = ctx[0]
    if a is KEEP:
        st.emit("mulligan", player=p, choice="keep")
        return
    h = st.hand[p]
    n = len(h)
    st.deck[p].extend(h)
    h.clear()
    st.rng.shuffle(st.deck[p])
    st.mull[p] = True
    st.emit("mulligan", player=p, choice="mulligan", count=n)
    draw(st, p, int(st.game.params["starting_hand"]), "mulligan")
